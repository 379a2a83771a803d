// How many 48 kHz samples one Opus packet decodes to, from its TOC byte (RFC 6716 §3.1).

/** Frame length in 48 kHz samples for each of the 32 TOC configurations. */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT: 2.5, 5, 10, 20 ms
}

/** Samples at 48 kHz in the packet, or 0 for an empty or malformed one. */
export function opusPacketSamples(packet: Uint8Array): number {
  if (packet.length === 0) return 0;
  const toc = packet[0]!;
  const code = toc & 0x03;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 3) {
    if (packet.length < 2) return 0;
    frames = packet[1]! & 0x3f;
  } else frames = 2;
  const samples = frames * frameSamples(toc >> 3);
  // A packet never holds more than 120 ms.
  return samples > 5760 ? 0 : samples;
}
