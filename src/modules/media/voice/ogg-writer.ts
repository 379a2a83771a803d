import { oggCrc } from './ogg-crc.js';

const HEADER_BYTES = 27;
const MAX_SEGMENTS = 255;
/** Header type flags (RFC 3533 §6). */
const FLAG_BOS = 0x02;
const FLAG_EOS = 0x04;

/** One Ogg page of whole packets: they all end on it, so its granule is the one after its last packet. */
export function oggPage(options: { serial: number; sequence: number; granule: bigint; packets: Uint8Array[]; bos?: boolean; eos?: boolean }): Buffer {
  const lacing: number[] = [];
  for (const packet of options.packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  if (lacing.length > MAX_SEGMENTS) throw new Error('packets too large for one Ogg page');
  const bodyBytes = options.packets.reduce((sum, packet) => sum + packet.length, 0);
  const page = Buffer.alloc(HEADER_BYTES + lacing.length + bodyBytes);
  page.write('OggS', 0, 'latin1');
  page[4] = 0; // version
  page[5] = (options.bos ? FLAG_BOS : 0) | (options.eos ? FLAG_EOS : 0);
  page.writeBigUInt64LE(BigInt.asUintN(64, options.granule), 6);
  page.writeUInt32LE(options.serial >>> 0, 14);
  page.writeUInt32LE(options.sequence >>> 0, 18);
  page.writeUInt32LE(0, 22); // checksum, filled below
  page[26] = lacing.length;
  page.set(lacing, HEADER_BYTES);
  let offset = HEADER_BYTES + lacing.length;
  for (const packet of options.packets) {
    page.set(packet, offset);
    offset += packet.length;
  }
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Segments a packet takes in a page's lacing table. */
export const segmentsOf = (packet: Uint8Array): number => Math.floor(packet.length / 255) + 1;

/** Writes a single logical stream: header packets on their own pages, then audio packets grouped into pages. */
export class OggStreamWriter {
  private readonly pages: Buffer[] = [];
  private sequence = 0;
  private pending: Uint8Array[] = [];
  private pendingSegments = 0;
  private pendingGranule = 0n;
  private pendingSamples = 0;

  constructor(
    private readonly serial: number,
    /** Samples per page before it is closed (48000: about one page a second). */
    private readonly samplesPerPage = 48_000,
  ) {}

  /** A header packet on a page of its own (granule 0); the first one opens the stream. */
  header(packet: Uint8Array): void {
    this.pages.push(oggPage({ serial: this.serial, sequence: this.sequence++, granule: 0n, packets: [packet], bos: this.sequence === 1 }));
  }

  /** An audio packet; `granule` is the stream's sample position once it is decoded. */
  packet(packet: Uint8Array, granule: bigint, samples: number): void {
    const segments = segmentsOf(packet);
    if (segments > MAX_SEGMENTS) throw new Error('Opus packet too large');
    // A full page is closed only when the next packet arrives, so the last page is always the one that ends the stream.
    if (this.pendingSegments + segments > MAX_SEGMENTS || this.pendingSamples >= this.samplesPerPage) this.flush(false);
    this.pending.push(packet);
    this.pendingSegments += segments;
    this.pendingGranule = granule;
    this.pendingSamples += samples;
  }

  /** Closes the stream: the last page carries the end-of-stream flag and the final granule. */
  finish(finalGranule: bigint): Buffer {
    this.pendingGranule = finalGranule;
    this.flush(true);
    return Buffer.concat(this.pages);
  }

  private flush(eos: boolean): void {
    if (!this.pending.length && !eos) return;
    this.pages.push(oggPage({ serial: this.serial, sequence: this.sequence++, granule: this.pendingGranule, packets: this.pending, eos }));
    this.pending = [];
    this.pendingSegments = 0;
    this.pendingSamples = 0;
  }
}
