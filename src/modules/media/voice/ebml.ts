// The few EBML (Matroska/WebM) primitives the remuxer needs (RFC 8794).

/** Marks an element whose size the writer did not know (live recordings leave Segment and Cluster open). */
export const UNKNOWN_SIZE = -1;

export interface Vint {
  value: number;
  length: number;
}

/** Bytes a variable-length integer takes, from its first byte (0 when the byte cannot start one). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
  return 0;
}

/** An element id: its bytes with the length marker kept, as the Matroska tables write them (0x1A45DFA3). */
export function readId(data: Uint8Array, offset: number): Vint | null {
  if (offset >= data.length) return null;
  const length = vintLength(data[offset]!);
  if (length === 0 || length > 4 || offset + length > data.length) return null;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + data[offset + i]!;
  return { value, length };
}

/** An element size or a block's track number: the marker removed; all ones means unknown. */
export function readVint(data: Uint8Array, offset: number): Vint | null {
  if (offset >= data.length) return null;
  const length = vintLength(data[offset]!);
  if (length === 0 || offset + length > data.length) return null;
  let value = data[offset]! & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: allOnes ? UNKNOWN_SIZE : value, length };
}

/** An unsigned integer element's value (big-endian, up to 8 bytes; precise to 2^53). */
export function readUint(data: Uint8Array, offset: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + data[offset + i]!;
  return value;
}

/** A signed integer element's value (two's complement, big-endian). */
export function readInt(data: Uint8Array, offset: number, size: number): number {
  if (size === 0) return 0;
  const unsigned = readUint(data, offset, size);
  return data[offset]! & 0x80 ? unsigned - 2 ** (8 * size) : unsigned;
}

/** A float element's value (4 or 8 bytes). */
export function readFloat(data: Uint8Array, offset: number, size: number): number {
  const view = new DataView(data.buffer, data.byteOffset + offset, size);
  if (size === 4) return view.getFloat32(0);
  if (size === 8) return view.getFloat64(0);
  return 0;
}
