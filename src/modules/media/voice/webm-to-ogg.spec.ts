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
