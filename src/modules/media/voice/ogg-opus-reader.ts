import { oggCrc } from './ogg-crc.js';
import { OPUS_RATE } from './webm-to-ogg.js';

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

/** Every page of an Ogg file, in order; fails on anything that is not a well-formed page. */
export function readOggPages(data: Buffer): OggPageInfo[] {
  const pages: OggPageInfo[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (offset + 27 > data.length || data.toString('latin1', offset, offset + 4) !== 'OggS') throw new OggError(`no Ogg page at byte ${offset}`);
    const count = data[offset + 26]!;
    const segments = [...data.subarray(offset + 27, offset + 27 + count)];
    const bodyBytes = segments.reduce((sum, size) => sum + size, 0);
    const end = offset + 27 + count + bodyBytes;
    if (end > data.length) throw new OggError('truncated Ogg page');
    const page = Buffer.from(data.subarray(offset, end));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({
      flags: data[offset + 5]!,
      granule: data.readBigUInt64LE(offset + 6),
      serial: data.readUInt32LE(offset + 14),
      sequence: data.readUInt32LE(offset + 18),
      segments,
      body: Buffer.from(data.subarray(offset + 27 + count, end)),
      crcValid: oggCrc(page) === stored,
    });
    offset = end;
  }
  return pages;
}

/** The playback length of an Ogg/Opus file (Firefox's recordings): the last page's granule minus the pre-skip. */
export function oggOpusSeconds(data: Buffer): number {
  const pages = readOggPages(data);
  const first = pages[0];
  const magic = first?.body.toString('latin1', 0, 8);
  if (!first || magic !== 'OpusHead') throw new OggError('not an Ogg/Opus file');
  const preSkip = first.body.readUInt16LE(10);
  const last = pages.findLast((page) => page.serial === first.serial && page.granule !== 0xffffffffffffffffn);
  if (!last) return 0;
  return Math.max(0, Number(last.granule) - preSkip) / OPUS_RATE;
}
