import { type OggCrc, oggCrcKit } from './ogg-crc.js';
import { VOICE_LIMITS, type VoiceLimits } from './voice-limits.js';

/** An Ogg file that is not what it claims, or past the parser's limits. */
export class OggError extends Error {}

export interface OggPageInfo {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  /** Packet bytes of the page, in lacing order (a packet continued across pages is cut at the page). */
  segments: number[];
  body: Buffer;
  crcValid: boolean;
}

/**
 * The Ogg/Opus reader, self-contained like every factory of the parser (see ebml.ts). Every page is checked whole
 * (capture pattern, version, lacing table and body inside the file) before anything of it is read; the length reader
 * copies nothing and keeps no page, so it costs one pass over the page headers and lacing tables.
 */
export function oggReaderKit(crc: OggCrc, limits: VoiceLimits, Refusal: new (message: string) => Error) {
  const HEADER_BYTES = 27;
  /** Opus's granule clock (RFC 7845 §4). */
  const OPUS_RATE = 48_000;

  const u32 = (data: Uint8Array, at: number): number => (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0;

  function checkSize(data: Uint8Array): void {
    if (data.length > limits.maxInputBytes) throw new Refusal(`larger than ${limits.maxInputBytes} bytes`);
  }

  /** Where the page at `offset` keeps its body, once it is known to be a whole page. */
  function pageAt(data: Uint8Array, offset: number): { count: number; bodyStart: number; end: number } {
    const magic =
      offset + HEADER_BYTES <= data.length && data[offset] === 0x4f && data[offset + 1] === 0x67 && data[offset + 2] === 0x67 && data[offset + 3] === 0x53;
    if (!magic) throw new Refusal(`no Ogg page at byte ${offset}`);
    if (data[offset + 4] !== 0) throw new Refusal(`Ogg page version ${data[offset + 4]} at byte ${offset}`);
    const count = data[offset + 26]!;
    const bodyStart = offset + HEADER_BYTES + count;
    if (bodyStart > data.length) throw new Refusal('truncated Ogg page');
    let bodyBytes = 0;
    for (let i = offset + HEADER_BYTES; i < bodyStart; i++) bodyBytes += data[i]!;
    const end = bodyStart + bodyBytes;
    if (end > data.length) throw new Refusal('truncated Ogg page');
    return { count, bodyStart, end };
  }

  /** Every page of an Ogg file, in order, with copies of their bodies; fails on anything that is not a well-formed page. */
  function readOggPages(data: Buffer): OggPageInfo[] {
    checkSize(data);
    const pages: OggPageInfo[] = [];
    for (let offset = 0; offset < data.length; ) {
      if (pages.length >= limits.maxOggPages) throw new Refusal(`more than ${limits.maxOggPages} Ogg pages`);
      const { bodyStart, end } = pageAt(data, offset);
      pages.push({
        flags: data[offset + 5]!,
        granule: (BigInt(u32(data, offset + 10)) << 32n) | BigInt(u32(data, offset + 6)),
        serial: u32(data, offset + 14),
        sequence: u32(data, offset + 18),
        segments: Array.from(data.subarray(offset + HEADER_BYTES, bodyStart)),
        body: Buffer.from(data.subarray(bodyStart, end)),
        crcValid: crc.oggPageCrc(data, offset, end) === u32(data, offset + 22),
      });
      offset = end;
    }
    return pages;
  }

  /**
   * The playback length of an Ogg/Opus file (Firefox's recordings): the last granule of the first stream minus the
   * pre-skip of its OpusHead, which must be the whole first packet of the first page (RFC 7845 §3).
   */
  function oggOpusSeconds(data: Uint8Array): number {
    checkSize(data);
    const first = pageAt(data, 0);
    let headBytes = 0;
    let whole = false;
    for (let i = HEADER_BYTES; i < HEADER_BYTES + first.count && !whole; i++) {
      headBytes += data[i]!;
      whole = data[i]! < 255;
    }
    const head = data.subarray(first.bodyStart, first.bodyStart + headBytes);
    if (Buffer.from(head.buffer, head.byteOffset, Math.min(8, head.length)).toString('latin1') !== 'OpusHead') throw new Refusal('not an Ogg/Opus file');
    if (!whole) throw new Refusal('the OpusHead header does not end on the first page');
    if (head.length < 19) throw new Refusal(`an OpusHead of ${head.length} bytes (it has 19 at least)`);
    if (head[8] === 0 || head[8]! > 15) throw new Refusal(`OpusHead version ${head[8]}`);
    const channels = head[9]!;
    if (channels === 0) throw new Refusal('an OpusHead with no channels');
    if (head[18] === 0 ? channels > 2 : head.length < 21 + channels) throw new Refusal('an OpusHead channel mapping that does not fit its channels');
    const preSkip = head[10]! | (head[11]! << 8);
    const serial = u32(data, 14);
    let granule = -1;
    for (let offset = 0; offset < data.length; ) {
      const page = offset === 0 ? first : pageAt(data, offset);
      const low = u32(data, offset + 6);
      const high = u32(data, offset + 10);
      // All ones: no packet ends on this page.
      if (u32(data, offset + 14) === serial && !(low === 0xffffffff && high === 0xffffffff)) {
        if (high >= 2 ** 21) throw new Refusal('a granule position past 2^53');
        granule = high * 2 ** 32 + low;
      }
      offset = page.end;
    }
    const seconds = Math.max(0, granule - preSkip) / OPUS_RATE;
    if (seconds > limits.maxSeconds) throw new Refusal(`a length of ${Math.round(seconds)} seconds (at most ${limits.maxSeconds})`);
    return seconds;
  }

  return { readOggPages, oggOpusSeconds };
}

export type OggReader = ReturnType<typeof oggReaderKit>;

export const { readOggPages, oggOpusSeconds } = oggReaderKit(oggCrcKit(), VOICE_LIMITS, OggError);
