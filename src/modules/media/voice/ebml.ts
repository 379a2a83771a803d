// The few EBML (Matroska/WebM) primitives the remuxer needs (RFC 8794).

export interface Vint {
  value: number;
  length: number;
}

/**
 * The primitives, made by a factory that refers to nothing outside itself but the platform's globals: the parser's
 * factories are also run from their source text in a worker thread (voice-remux.ts), where no import exists.
 */
export function ebmlKit() {
  /** Marks an element whose size the writer did not know (live recordings leave Segment and Cluster open). */
  const UNKNOWN_SIZE = -1;

  /** Bytes a variable-length integer takes, from its first byte (0 when the byte cannot start one). */
  function vintLength(first: number): number {
    for (let length = 1; length <= 8; length++) if (first & (0x80 >> (length - 1))) return length;
    return 0;
  }

  /** What `idAt` and `vintAt` answer for bytes that start no vint, or one that runs past `end`. */
  const INVALID = -2;
  /** The length in bytes of the vint `idAt` or `vintAt` read last (they allocate nothing: the demuxer's hot loop). */
  const last = { length: 0 };

  /** An element id: its bytes with the length marker kept, as the Matroska tables write them (0x1A45DFA3). */
  function idAt(data: Uint8Array, offset: number, end = data.length): number {
    if (offset >= end) return INVALID;
    const length = vintLength(data[offset]!);
    if (length === 0 || length > 4 || offset + length > end) return INVALID;
    let value = 0;
    for (let i = 0; i < length; i++) value = value * 256 + data[offset + i]!;
    last.length = length;
    return value;
  }

  /**
   * An element size or a block's track number: the marker removed; all ones means unknown. Up to 2^56 - 2, so a size
   * past 2^53 is rounded: any such size runs past the end of a file this parser accepts, and is taken as truncation.
   */
  function vintAt(data: Uint8Array, offset: number, end = data.length): number {
    if (offset >= end) return INVALID;
    const length = vintLength(data[offset]!);
    if (length === 0 || offset + length > end) return INVALID;
    let value = data[offset]! & (0xff >> length);
    let allOnes = value === 0xff >> length;
    for (let i = 1; i < length; i++) {
      const byte = data[offset + i]!;
      value = value * 256 + byte;
      allOnes &&= byte === 0xff;
    }
    last.length = length;
    return allOnes ? UNKNOWN_SIZE : value;
  }

  function readId(data: Uint8Array, offset: number, end = data.length): Vint | null {
    const value = idAt(data, offset, end);
    return value === INVALID ? null : { value, length: last.length };
  }

  function readVint(data: Uint8Array, offset: number, end = data.length): Vint | null {
    const value = vintAt(data, offset, end);
    return value === INVALID ? null : { value, length: last.length };
  }

  /** An unsigned integer element's value (big-endian, at most 8 bytes: the caller checks; precise to 2^53). */
  function readUint(data: Uint8Array, offset: number, size: number): number {
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + data[offset + i]!;
    return value;
  }

  /** A signed integer element's value (two's complement, big-endian, at most 8 bytes). */
  function readInt(data: Uint8Array, offset: number, size: number): number {
    if (size === 0) return 0;
    const unsigned = readUint(data, offset, size);
    return data[offset]! & 0x80 ? unsigned - 2 ** (8 * size) : unsigned;
  }

  /** A float element's value (4 or 8 bytes; any other size reads as NaN). */
  function readFloat(data: Uint8Array, offset: number, size: number): number {
    if (size !== 4 && size !== 8) return Number.NaN;
    const view = new DataView(data.buffer, data.byteOffset + offset, size);
    return size === 4 ? view.getFloat32(0) : view.getFloat64(0);
  }

  return { UNKNOWN_SIZE, INVALID, last, idAt, vintAt, readId, readVint, readUint, readInt, readFloat };
}

export type Ebml = ReturnType<typeof ebmlKit>;

export const { UNKNOWN_SIZE, readId, readVint, readUint, readInt, readFloat } = ebmlKit();
