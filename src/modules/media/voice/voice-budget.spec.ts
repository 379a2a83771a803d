import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from '@jest/globals';
import {
  badSamplingFrequency,
  celtFrame,
  hugeCodecDelay,
  lacingBomb,
  opusWebm,
  oversizedPacket,
  packetFlood,
  shortOpusHead,
  simpleBlock,
  VOICE_CORPUS,
  validOgg,
  validWebm,
  voidFlood,
  worstVoiceNote,
} from '../../../../test/utils/malformed-voice.js';
import { readId, readVint, UNKNOWN_SIZE } from './ebml.js';
import { OggError, oggOpusSeconds, readOggPages } from './ogg-opus-reader.js';
import { VOICE_LIMITS, VOICE_WORKER_BUDGET } from './voice-limits.js';
import { readOggSeconds, remuxWebm, runningVoiceWorkers } from './voice-remux.js';
import { WebmError } from './webm-opus-demuxer.js';
import { webmToOgg } from './webm-to-ogg.js';

const FIXTURE = readFileSync(new URL('../../../../test/fixtures/voice/chromium-recording.webm', import.meta.url));
const SERIAL = 0x1234abcd;
const KB = 1024;
const MB = 1024 * KB;

/** What the parser made of the file: a checked Ogg/Opus file, or a WebmError's message. Anything else is thrown. */
function outcome(data: Buffer): { seconds: number } | { refused: string } {
  try {
    const { ogg, seconds } = webmToOgg(data, SERIAL);
    const pages = readOggPages(ogg);
    if (!pages.every((page) => page.crcValid)) throw new Error('an Ogg page with a bad checksum');
    if (pages[0]!.body.toString('latin1', 0, 8) !== 'OpusHead' || pages.at(-1)!.flags !== 0x04) throw new Error('not an Ogg/Opus stream');
    if (oggOpusSeconds(ogg) !== seconds) throw new Error('the Ogg length differs from the remuxer');
    return { seconds };
  } catch (error) {
    if (error instanceof WebmError) return { refused: error.message };
    throw error;
  }
}

/** Every element boundary of a WebM file: where each element starts, where its data starts, where it ends. */
function elementBoundaries(data: Buffer): number[] {
  const masters = new Set([0x18538067, 0x1549a966, 0x1654ae6b, 0xae, 0xe1, 0x1f43b675, 0xa0]);
  const boundaries = new Set<number>();
  for (let offset = 0; offset < data.length; ) {
    const id = readId(data, offset);
    const size = id && readVint(data, offset + id.length);
    if (!id || !size) throw new Error(`the fixture is not well formed at ${offset}`);
    const start = offset + id.length + size.length;
    boundaries
      .add(offset)
      .add(offset + id.length)
      .add(start);
    if (size.value !== UNKNOWN_SIZE) boundaries.add(start + size.value);
    offset = masters.has(id.value) ? start : start + size.value;
  }
  return [...boundaries].filter((at) => at <= data.length).sort((a, b) => a - b);
}

/** A small deterministic generator (mulberry32), so a failing mutant can be found again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs `work` and tells its outcome, how long it took (wall clock, and CPU time of the process, worker threads
 * included: the machine is shared, so wall time says more about the neighbours) and the peak growth of the resident
 * memory, sampled while it runs (on the event loop, only after).
 */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T | Error; ms: number; cpuMs: number; rssPeakGrowthMb: number }> {
  const rss = process.memoryUsage.rss();
  let peak = rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let result: T | Error;
  try {
    result = await work();
  } catch (error) {
    result = error as Error;
  } finally {
    clearInterval(sampler);
  }
  const used = process.cpuUsage(cpu);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    result,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
    rssPeakGrowthMb: Math.round(((peak - rss) / MB) * 10) / 10,
  };
}

describe('voice parser budget: the malformed corpus', () => {
  it.each(VOICE_CORPUS.filter((file) => file.mimetype === 'audio/webm').map((file) => [file.name, file.data] as const))(
    'refuses %s with a WebmError, on the event loop and in the worker',
    async (_name, data) => {
      expect(() => webmToOgg(data)).toThrow(WebmError);
      await expect(remuxWebm(Buffer.from(data), { budget: { inlineBelowBytes: 0 } })).rejects.toThrow(WebmError);
    },
  );

  it('reads each malformed Ogg file as a length or an OggError, never another exception', async () => {
    for (const file of VOICE_CORPUS.filter((entry) => entry.mimetype === 'audio/ogg')) {
      let inline: number | string;
      try {
        inline = oggOpusSeconds(file.data);
      } catch (error) {
        expect({ file: file.name, error }).toEqual({ file: file.name, error: expect.any(OggError) });
        inline = (error as Error).message;
      }
      const inWorker = await readOggSeconds(Buffer.from(file.data), { budget: { inlineBelowBytes: 0 } }).catch((error: Error) => {
        expect(error).toBeInstanceOf(OggError);
        return error.message;
      });
      expect({ file: file.name, inWorker }).toEqual({ file: file.name, inWorker: inline });
    }
  });

  it('answers the five header cases of the review with a WebmError naming the field', () => {
    expect(() => webmToOgg(shortOpusHead())).toThrow(/OpusHead of 8 bytes/);
    expect(() => webmToOgg(badSamplingFrequency(-1))).toThrow(/SamplingFrequency of -1/);
    expect(() => webmToOgg(badSamplingFrequency(Number.POSITIVE_INFINITY))).toThrow(/SamplingFrequency of Infinity/);
    expect(() => webmToOgg(hugeCodecDelay(2 ** 40))).toThrow(/CodecDelay of 1099511627776 ns/);
    expect(() => webmToOgg(oversizedPacket(70_000))).toThrow(/frame of 70000 bytes/);
    for (const file of [shortOpusHead(), badSamplingFrequency(-1), hugeCodecDelay(), oversizedPacket()]) expect(() => webmToOgg(file)).toThrow(WebmError);
  });

  it('refuses the lacing bomb as a recording without audio, and 90,001 packets as too many', () => {
    expect(() => webmToOgg(lacingBomb(MB))).toThrow('no audio in the recording');
    expect(() => webmToOgg(packetFlood(VOICE_LIMITS.maxPackets + 1))).toThrow(`more than ${VOICE_LIMITS.maxPackets} packets`);
    // 351 blocks of 256: the most whole blocks under the limit.
    expect(outcome(packetFlood(256 * Math.floor(VOICE_LIMITS.maxPackets / 256)))).toEqual({ seconds: expect.any(Number) });
  });

  it('takes packets up to the largest an Opus packet can be, in whole Ogg pages, and refuses one byte more', () => {
    const sizes = [254, 255, 256, 510, 765, 7650, VOICE_LIMITS.maxPacketBytes];
    const file = opusWebm({}, ...sizes.map((size) => simpleBlock(0x80, celtFrame(size))));
    const { ogg } = webmToOgg(file, SERIAL);
    const pages = readOggPages(ogg);
    expect(pages.every((page) => page.crcValid)).toBe(true);
    const audio = Buffer.concat(pages.slice(2).map((page) => page.body));
    expect(audio.equals(Buffer.concat(sizes.map((size) => celtFrame(size))))).toBe(true);
    // A packet of exactly 255 × k bytes ends with a 0 in the lacing table.
    expect(pages.slice(2).flatMap((page) => page.segments)).toContain(0);
    expect(() => webmToOgg(oversizedPacket(VOICE_LIMITS.maxPacketBytes + 1))).toThrow(WebmError);
  });

  it('refuses a file past 16 MB before reading it', async () => {
    const big = Buffer.alloc(VOICE_LIMITS.maxInputBytes + 1);
    expect(() => webmToOgg(big)).toThrow(WebmError);
    await expect(remuxWebm(big)).rejects.toThrow('larger than 16 MB');
    await expect(readOggSeconds(big)).rejects.toThrow(OggError);
  });
});

describe('voice parser budget: a valid recording cut anywhere', () => {
  const full = outcome(FIXTURE) as { seconds: number };

  it('remuxes the whole fixture', () => {
    expect(full.seconds).toBeGreaterThan(2);
  });

  it('gives a valid Ogg or a WebmError for the recording truncated at every element boundary', () => {
    const boundaries = elementBoundaries(FIXTURE);
    expect(boundaries.length).toBeGreaterThan(100);
    const cuts = [...new Set(boundaries.flatMap((at) => [at - 1, at, at + 1]))].filter((at) => at >= 0 && at <= FIXTURE.length);
    const results = cuts.map((at) => ({ at, result: outcome(FIXTURE.subarray(0, at)) }));
    const kept = results.filter(({ result }) => 'seconds' in result);
    // Once the track header is read, every cut keeps the audio before it.
    expect(kept.length).toBeGreaterThan(results.length / 2);
    for (const { result } of kept) expect((result as { seconds: number }).seconds).toBeLessThanOrEqual(full.seconds);
    expect(results.filter(({ result }) => 'refused' in result).every(({ at }) => at < FIXTURE.length)).toBe(true);
  });

  it('gives a valid Ogg or a WebmError for every cut in the headers, and for 1,000 corrupted copies', () => {
    for (let at = 0; at <= 400; at++) outcome(FIXTURE.subarray(0, at));
    const next = random(22);
    for (let i = 0; i < 1000; i++) {
      const copy = Buffer.from(FIXTURE);
      const flips = 1 + Math.floor(next() * 8);
      // Most flips in the first kilobyte, where the header fields are.
      for (let f = 0; f < flips; f++) copy[Math.floor(next() * (next() < 0.7 ? 1024 : copy.length))] = Math.floor(next() * 256);
      outcome(copy);
    }
  });

  it('reads the length of the Ogg copy cut at every byte, or refuses it with an OggError', () => {
    const { ogg } = webmToOgg(FIXTURE, SERIAL);
    for (let at = 0; at < ogg.length; at++) {
      try {
        expect(oggOpusSeconds(ogg.subarray(0, at))).toBeLessThanOrEqual(full.seconds);
      } catch (error) {
        if (!(error instanceof OggError)) throw error;
      }
    }
  });
});

describe('voice parser budget: the worker thread', () => {
  // 4,000 packets of 20 ms (80 s, some 190 kB): read in a worker.
  const big = validWebm(4000);
  const bigOgg = webmToOgg(big, SERIAL).ogg;

  it('remuxes in a worker exactly as on the event loop', async () => {
    expect(big.length).toBeGreaterThan(VOICE_WORKER_BUDGET.inlineBelowBytes);
    const note = await remuxWebm(big, { serial: SERIAL });
    expect(note.ogg.equals(bigOgg)).toBe(true);
    expect(note.seconds).toBeCloseTo(80 - 312 / 48_000, 6);
    expect(await readOggSeconds(bigOgg)).toBe(note.seconds);
    expect(await readOggSeconds(validOgg(4000))).toBeCloseTo(80 - 312 / 48_000, 6);
  });

  it('moves the bytes it is given to the worker instead of copying them, and leaves borrowed ones alone', async () => {
    const owned = Buffer.from(new Uint8Array(big).buffer);
    await remuxWebm(owned, { transfer: true, serial: SERIAL });
    expect(owned.buffer.byteLength).toBe(0);
    const borrowed = Buffer.from(big);
    await remuxWebm(borrowed, { serial: SERIAL });
    expect(borrowed.equals(big)).toBe(true);
  });

  it('applies the limits inside the worker', async () => {
    await expect(remuxWebm(big, { limits: { ...VOICE_LIMITS, maxPackets: 100 } })).rejects.toThrow('more than 100 packets');
  });

  it('stops a worker past its time budget and refuses the file as unreadable', async () => {
    await expect(remuxWebm(big, { budget: { timeoutMs: 1 } })).rejects.toThrow(new WebmError('reading it took longer than 0.001 s'));
    await expect(readOggSeconds(bigOgg, { budget: { timeoutMs: 1 } })).rejects.toThrow(OggError);
  });

  it('reads five recordings at once, two workers at a time', async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, runningVoiceWorkers())), 1);
    const notes = await Promise.all(Array.from({ length: 5 }, () => remuxWebm(big, { serial: SERIAL })));
    clearInterval(watch);
    expect(notes.every((note) => note.ogg.equals(bigOgg))).toBe(true);
    expect(most).toBe(VOICE_WORKER_BUDGET.parallel);
    expect(runningVoiceWorkers()).toBe(0);
  });
});

describe('voice parser budget: figures', () => {
  it('measures the 1 MB lacing bomb (before: 92 s with the event loop blocked, then a heap OOM)', async () => {
    const bomb = worstVoiceNote(MB);
    const inWorker = await measured(() => remuxWebm(bomb));
    const inline = await measured(async () => webmToOgg(bomb));
    const line = (where: string, m: typeof inline) =>
      `1 MB lacing bomb ${where}: ${String(m.result)}; ${m.ms} ms wall, ${m.cpuMs} ms CPU, RSS peak +${m.rssPeakGrowthMb} MB`;
    console.log([line('in a worker (the server path)', inWorker), line('on the event loop (for comparison)', inline)].join('\n'));
    expect(inWorker.result).toEqual(new WebmError('no audio in the recording'));
    expect(inline.result).toEqual(new WebmError('no audio in the recording'));
  });

  it('reads the worst files under the inline limit in a few milliseconds (why they skip the worker)', () => {
    const size = VOICE_WORKER_BUDGET.inlineBelowBytes - 1;
    // The most packets 64 kB can hold, all valid: the longest Ogg a small file makes.
    const packets = packetFlood(Math.floor(size / 2.05));
    const cases = [
      ['lacing bomb', lacingBomb(size)],
      ['Void flood', voidFlood(size)],
      [`${Math.floor(size / 2.05)} one-byte packets (${Math.round(packets.length / KB)} kB)`, packets],
      ['valid 20 ms packets', validWebm(Math.floor(size / 47))],
    ] as const;
    // The best of 10 runs of the remux alone, in CPU time: what one read costs when the machine is not shared.
    const figures = cases.map(([name, data]) => {
      outcome(data);
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 10; i++) {
        const cpu = process.cpuUsage();
        try {
          webmToOgg(data);
        } catch {}
        const used = process.cpuUsage(cpu);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return { name, ms: Math.round(best * 100) / 100 };
    });
    console.log(
      `inline reads under ${VOICE_WORKER_BUDGET.inlineBelowBytes} bytes (best CPU time of 10):\n${figures.map((f) => `${f.name}: ${f.ms} ms`).join('\n')}`,
    );
    expect(figures.length).toBe(4);
  });
});
