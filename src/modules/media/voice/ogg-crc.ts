// Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, initial value 0, no final xor (RFC 3533).

/** Self-contained, like every factory of the parser (see ebml.ts). */
export function oggCrcKit() {
  const TABLE = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    TABLE[i] = crc >>> 0;
  }

  function update(crc: number, data: Uint8Array, start: number, end: number): number {
    for (let i = start; i < end; i++) crc = ((crc << 8) ^ TABLE[((crc >>> 24) ^ data[i]!) & 0xff]!) >>> 0;
    return crc;
  }

  /** The checksum of a whole page whose checksum field (bytes 22..25) is zero. */
  function oggCrc(data: Uint8Array): number {
    return update(0, data, 0, data.length);
  }

  /** The checksum of the page at `start..end` of a file, its checksum field read as zero (nothing is copied). */
  function oggPageCrc(data: Uint8Array, start: number, end: number): number {
    let crc = update(0, data, start, start + 22);
    for (let i = 0; i < 4; i++) crc = ((crc << 8) ^ TABLE[(crc >>> 24) & 0xff]!) >>> 0;
    return update(crc, data, start + 26, end);
  }

  return { oggCrc, oggPageCrc };
}

export type OggCrc = ReturnType<typeof oggCrcKit>;

export const { oggCrc, oggPageCrc } = oggCrcKit();
