// Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, initial value 0, no final xor (RFC 3533).
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[i] = crc >>> 0;
  }
  return table;
})();

/** The checksum of a whole page whose checksum field (bytes 22..25) is zero. */
export function oggCrc(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}
