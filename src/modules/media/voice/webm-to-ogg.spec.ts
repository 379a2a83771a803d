import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { oggCrc } from './ogg-crc.js';
import { oggOpusSeconds, readOggPages } from './ogg-opus-reader.js';
import { opusPacketSamples } from './opus-packet.js';
import { demuxWebmOpus, WebmError } from './webm-opus-demuxer.js';
import { webmToOgg } from './webm-to-ogg.js';

const FIXTURE = readFileSync(new URL('../../../../test/fixtures/voice/chromium-recording.webm', import.meta.url));
const SERIAL = 0x1234abcd;

/** The fixture's own Duration element (Info), in seconds: MediaRecorder's idea of the length. */
function webmDeclaredSeconds(data: Buffer): number {
  const at = data.indexOf(Buffer.from([0x44, 0x89]));
  const size = data[at + 2]! & 0x7f;
  const value = size === 4 ? data.readFloatBE(at + 3) : data.readDoubleBE(at + 3);
  return value / 1000; // TimecodeScale 1 ms
}

/** The Segment and Cluster sizes rewritten as "unknown", as a live MediaRecorder stream leaves them. */
function withUnknownSizes(data: Buffer): Buffer {
  const copy = Buffer.from(data);
  for (const id of [
    [0x18, 0x53, 0x80, 0x67],
    [0x1f, 0x43, 0xb6, 0x75],
  ]) {
    for (let at = copy.indexOf(Buffer.from(id)); at >= 0; at = copy.indexOf(Buffer.from(id), at + 4)) {
      const first = copy[at + 4]!;
      const length = Math.clz32(first) - 23;
      copy[at + 4] = (0xff >> (length - 1)) | (0x80 >> (length - 1));
      copy.fill(0xff, at + 5, at + 4 + length);
    }
  }
  return copy;
}

describe('Opus packet length', () => {
  it('reads the frame count and size from the TOC byte', () => {
    expect(opusPacketSamples(Uint8Array.of(0xfb, 0x03))).toBe(2880); // CELT 20 ms, code 3, 3 frames
    expect(opusPacketSamples(Uint8Array.of(0x08))).toBe(960); // SILK NB 20 ms, 1 frame
    expect(opusPacketSamples(Uint8Array.of(0x79))).toBe(1920); // hybrid FB 20 ms, 2 frames
    expect(opusPacketSamples(Uint8Array.of(0x80))).toBe(120); // CELT 2.5 ms
    expect(opusPacketSamples(new Uint8Array())).toBe(0);
  });
});

describe('Ogg CRC', () => {
  it('matches the known value of the Ogg polynomial', () => {
    // CRC-32/MPEG-2 style without the initial 0xffffffff: the check value of "123456789" is 0x89a1897f.
    expect(oggCrc(Buffer.from('123456789'))).toBe(0x89a1897f);
  });
});

describe('WebM to Ogg/Opus', () => {
  const track = demuxWebmOpus(FIXTURE);
  const { ogg, seconds } = webmToOgg(FIXTURE, SERIAL);
  const pages = readOggPages(ogg);

  it('finds the Opus track and its packets in the Chromium recording', () => {
    expect(track.opusHead && Buffer.from(track.opusHead).toString('latin1', 0, 8)).toBe('OpusHead');
    expect(track.channels).toBe(1);
    expect(track.packets.length).toBeGreaterThan(30);
  });

  it('writes OpusHead and OpusTags on their own first pages, then audio, ending with end-of-stream', () => {
    expect(pages[0]!.body.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(pages[0]!.body.equals(Buffer.from(track.opusHead!))).toBe(true);
    expect(pages[0]!.flags).toBe(0x02);
    expect(pages[0]!.granule).toBe(0n);
    expect(pages[1]!.body.toString('latin1', 0, 8)).toBe('OpusTags');
    expect(pages[1]!.granule).toBe(0n);
    expect(pages.slice(1, -1).every((page) => page.flags === 0)).toBe(true);
    expect(pages.at(-1)!.flags).toBe(0x04);
    expect(pages.length).toBeGreaterThan(3);
  });

  it('numbers the pages of one stream in sequence, each with a valid CRC', () => {
    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index));
    expect(pages.every((page) => page.serial === SERIAL)).toBe(true);
    expect(pages.every((page) => page.crcValid)).toBe(true);
  });

  it('carries every packet unchanged and gives each page the granule after its last packet', () => {
    const packets: Buffer[] = [];
    let granule = 0n;
    for (const page of pages.slice(2)) {
      let offset = 0;
      let current: number[] = [];
      for (const size of page.segments) {
        current.push(size);
        if (size < 255) {
          const bytes = current.reduce((sum, part) => sum + part, 0);
          const packet = page.body.subarray(offset, offset + bytes);
          packets.push(packet);
          granule += BigInt(opusPacketSamples(packet));
          offset += bytes;
          current = [];
        }
      }
      expect(current).toEqual([]); // no packet continues on the next page
      expect(page.granule).toBe(granule);
    }
    expect(packets.length).toBe(track.packets.length);
    expect(packets.every((packet, index) => packet.equals(Buffer.from(track.packets[index]!)))).toBe(true);
  });

  it('measures the length from the granules: where MediaRecorder put the last packet, plus that packet', () => {
    // The declared Duration is the last block's start time; the audio ends one packet (here 60 ms) later.
    const lastPacket = opusPacketSamples(track.packets.at(-1)!) / 48_000;
    expect(seconds).toBeCloseTo(webmDeclaredSeconds(FIXTURE) + lastPacket, 3);
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(3);
    expect(oggOpusSeconds(ogg)).toBe(seconds);
  });

  it('reads a recording whose Segment and Cluster sizes are unknown (a live stream)', () => {
    const live = withUnknownSizes(FIXTURE);
    expect(live.equals(FIXTURE)).toBe(false);
    expect(webmToOgg(live, SERIAL).ogg.equals(ogg)).toBe(true);
  });

  it('keeps what a truncated recording holds', () => {
    const cut = webmToOgg(FIXTURE.subarray(0, Math.floor(FIXTURE.length / 2)), SERIAL);
    expect(cut.seconds).toBeGreaterThan(0.5);
    expect(cut.seconds).toBeLessThan(seconds);
  });

  it('refuses files that are not WebM/Opus', () => {
    expect(() => webmToOgg(Buffer.from('OggS not webm'))).toThrow(WebmError);
    expect(() => webmToOgg(FIXTURE.subarray(0, 64))).toThrow(WebmError);
  });
});

/** A Matroska element: its id bytes, an 8-byte size (or unknown), its payload. */
function element(id: number[], ...payload: (Buffer | number[])[]): Buffer {
  const body = Buffer.concat(payload.map((part) => Buffer.from(part)));
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}
const unknownSized = (id: number[], ...children: Buffer[]) =>
  Buffer.concat([Buffer.from(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...children]);
const uint = (value: number, bytes = 4) => {
  const data = Buffer.alloc(bytes);
  data.writeUIntBE(value, 0, bytes);
  return data;
};
/** A 20 ms CELT frame (TOC config 31, one frame) of `length` bytes, its bytes telling it apart. */
const frame = (length: number, mark: number) => Buffer.from([0xf8, ...Array.from({ length: length - 1 }, (_, i) => (mark + i) & 0xff)]);

describe('WebM to Ogg/Opus: a hand-built file', () => {
  // Frames 1-2 in a SimpleBlock with Xiph lacing, 3-5 in a BlockGroup Block with EBML lacing and 10 ms of end padding.
  const frames = [frame(40, 1), frame(300, 2), frame(20, 3), frame(30, 4), frame(25, 5)];
  const xiph = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80 | 0x02, 1, 40]), frames[0]!, frames[1]!]);
  // EBML lacing: count-1 = 2, first size 20 as a vint (0x94), then +10 as a signed 1-byte vint (bias 63: 73 = 0xc9).
  const ebml = Buffer.concat([Buffer.from([0x81, 0x00, 0x14, 0x06, 2, 0x94, 0xc9]), frames[2]!, frames[3]!, frames[4]!]);
  const webm = Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm'))),
    unknownSized(
      [0x18, 0x53, 0x80, 0x67],
      element([0xec], [0, 0, 0]),
      element(
        [0x16, 0x54, 0xae, 0x6b],
        element(
          [0xae],
          element([0xd7], [1]),
          element([0x83], [2]),
          element([0x86], Buffer.from('A_OPUS')),
          element([0x56, 0xaa], uint(6_500_000)), // CodecDelay: 312 samples at 48 kHz
          element([0xe1], element([0x9f], [2]), element([0xb5], Buffer.from(new Float32Array([48000]).buffer).reverse())),
        ),
      ),
      unknownSized(
        [0x1f, 0x43, 0xb6, 0x75],
        element([0xe7], [0]),
        element([0xa3], xiph),
        element([0xa0], element([0xa1], ebml), element([0x9b], [60]), element([0x75, 0xa2], uint(10_000_000))),
      ),
    ),
  ]);

  it('reads Xiph and EBML laced frames and builds the OpusHead from CodecDelay and the channel count', () => {
    const track = demuxWebmOpus(webm);
    expect(track.opusHead).toBeNull();
    expect(track.packets.map((packet) => Buffer.from(packet))).toEqual(frames);
    const { ogg, seconds } = webmToOgg(webm, SERIAL);
    const pages = readOggPages(ogg);
    const head = pages[0]!.body;
    expect(head.toString('latin1', 0, 8)).toBe('OpusHead');
    expect({ version: head[8], channels: head[9], preSkip: head.readUInt16LE(10), rate: head.readUInt32LE(12), mapping: head[18] }).toEqual({
      version: 1,
      channels: 2,
      preSkip: 312,
      rate: 48000,
      mapping: 0,
    });
    expect(pages.every((page) => page.crcValid)).toBe(true);
    // One audio page: five packets, the 300-byte one laced as 255 + 45.
    expect(pages).toHaveLength(3);
    expect(pages[2]!.segments).toEqual([40, 255, 45, 20, 30, 25]);
    expect(pages[2]!.flags).toBe(0x04);
    // 5 × 960 samples, less the 480 samples of end padding; the length also drops the pre-skip.
    expect(pages[2]!.granule).toBe(4320n);
    expect(seconds).toBeCloseTo((4320 - 312) / 48000, 6);
    expect(oggOpusSeconds(ogg)).toBe(seconds);
  });
});
