// How many 48 kHz samples one Opus packet decodes to, from its TOC byte (RFC 6716 §3.1).

/** Self-contained, like every factory of the parser (see ebml.ts). */
export function opusPacketKit() {
  const SILK = [480, 960, 1920, 2880]; // 10, 20, 40, 60 ms
  const HYBRID = [480, 960]; // 10, 20 ms
  const CELT = [120, 240, 480, 960]; // 2.5, 5, 10, 20 ms

  /** Frame length in 48 kHz samples for each of the 32 TOC configurations. */
  function frameSamples(config: number): number {
    if (config < 12) return SILK[config % 4]!;
    if (config < 16) return HYBRID[config % 2]!;
    return CELT[config % 4]!;
  }

  /** Samples at 48 kHz in the packet of `length` bytes at `start` of `data`, or 0 for an empty or malformed one. */
  function opusSamplesAt(data: Uint8Array, start: number, length: number): number {
    if (length === 0) return 0;
    const toc = data[start]!;
    const code = toc & 0x03;
    let frames: number;
    if (code === 0) frames = 1;
    else if (code === 3) {
      if (length < 2) return 0;
      frames = data[start + 1]! & 0x3f;
    } else frames = 2;
    const samples = frames * frameSamples(toc >> 3);
    // A packet never holds more than 120 ms.
    return samples > 5760 ? 0 : samples;
  }

  /** Samples at 48 kHz in the packet, or 0 for an empty or malformed one. */
  const opusPacketSamples = (packet: Uint8Array): number => opusSamplesAt(packet, 0, packet.length);

  return { opusPacketSamples, opusSamplesAt };
}

export type OpusPacket = ReturnType<typeof opusPacketKit>;

export const { opusPacketSamples, opusSamplesAt } = opusPacketKit();
