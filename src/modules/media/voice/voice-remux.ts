import { randomInt } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { ebmlKit } from './ebml.js';
import { oggCrcKit } from './ogg-crc.js';
import { OggError, oggReaderKit } from './ogg-opus-reader.js';
import { oggWriterKit } from './ogg-writer.js';
import { opusPacketKit } from './opus-packet.js';
import { VOICE_LIMITS, VOICE_WORKER_BUDGET, type VoiceLimits, type VoiceWorkerBudget } from './voice-limits.js';
import { WebmError, webmDemuxerKit } from './webm-opus-demuxer.js';
import { type VoiceNote, webmToOggKit } from './webm-to-ogg.js';

/**
 * The factories the parser is made of. Each refers to nothing outside itself, so the same functions run here and, from
 * their source text, in a worker thread: that works alike under jest (swc) and in the tsc build, where a worker file
 * path would not (tests run TypeScript, production runs dist JavaScript).
 */
const FACTORIES = { ebmlKit, oggCrcKit, opusPacketKit, oggWriterKit, oggReaderKit, webmDemuxerKit, webmToOggKit };
type Factories = typeof FACTORIES;
type Refusal = new (message: string) => Error;

/** The parser from its factories, refusing with the given errors (self-contained too: the worker runs it). */
function assembleVoiceParser(f: Factories, limits: VoiceLimits, WebmRefusal: Refusal, OggRefusal: Refusal) {
  const crc = f.oggCrcKit();
  const writer = f.oggWriterKit(crc, OggRefusal);
  const demuxer = f.webmDemuxerKit(f.ebmlKit(), limits, WebmRefusal);
  const remuxer = f.webmToOggKit(demuxer, writer, f.opusPacketKit(), WebmRefusal);
  const reader = f.oggReaderKit(crc, limits, OggRefusal);
  return { webmToOgg: remuxer.webmToOgg, oggOpusSeconds: reader.oggOpusSeconds };
}

type Job = { kind: 'webm'; serial: number } | { kind: 'ogg' };
type Answer = { ok: true; ogg?: Uint8Array; seconds: number } | { ok: false; refused: boolean; message: string };
interface WorkerInput {
  job: Job;
  data: Uint8Array;
  limits: VoiceLimits;
}

/** Runs inside the worker thread, from its source text: nothing of this module's scope exists there. */
function voiceWorkerMain(f: Factories, assemble: typeof assembleVoiceParser): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  class Refused extends Error {}
  const input = workerData as WorkerInput;
  let answer: Answer;
  const transfer: ArrayBuffer[] = [];
  try {
    const parser = assemble(f, input.limits, Refused, Refused);
    if (input.job.kind === 'webm') {
      const { ogg, seconds } = parser.webmToOgg(input.data, input.job.serial);
      // Handed over, not copied; a small result shares Node's buffer pool, which cannot move, so it gets its own.
      const own = ogg.byteOffset === 0 && ogg.byteLength === ogg.buffer.byteLength ? ogg : new Uint8Array(ogg);
      transfer.push(own.buffer as ArrayBuffer);
      answer = { ok: true, ogg: own, seconds };
    } else answer = { ok: true, seconds: parser.oggOpusSeconds(input.data) };
  } catch (error) {
    const refused = error instanceof Refused;
    answer = { ok: false, refused, message: refused ? (error as Error).message : String((error as Error)?.stack ?? error) };
  }
  parentPort!.postMessage(answer, transfer);
}

const WORKER_SOURCE = `(${voiceWorkerMain.toString()})({ ${Object.entries(FACTORIES)
  .map(([name, factory]) => `${name}: ${factory.toString()}`)
  .join(', ')} }, ${assembleVoiceParser.toString()})`;

const logger = new Logger('VoiceNotes');
/** Node's error code for a worker stopped at its heap limit (ERR_WORKER_OUT_OF_MEMORY). */
const OUT_OF_MEMORY = /_OUT_OF_MEMORY$/;
const onThisThread = assembleVoiceParser(FACTORIES, VOICE_LIMITS, WebmError, OggError);

export interface VoiceParseOptions {
  /**
   * The caller gives the bytes away: they move to the worker instead of being copied, and the caller's buffer is empty
   * (detached) afterwards. Only for bytes nobody else holds (read from storage for this call).
   */
  transfer?: boolean;
  /** The Ogg stream's serial number (random by default). */
  serial?: number;
  limits?: VoiceLimits;
  budget?: Partial<VoiceWorkerBudget>;
}

interface Parsed {
  ogg?: Buffer;
  seconds: number;
}

/** Recordings being read in workers, and the ones waiting for a turn. */
let running = 0;
const waiting: (() => void)[] = [];

/** Workers reading a recording now (at most VOICE_WORKER_BUDGET.parallel). */
export const runningVoiceWorkers = (): number => running;

async function inTurn<T>(parallel: number, work: () => Promise<T>): Promise<T> {
  while (running >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function inWorker(data: Buffer, input: Omit<WorkerInput, 'data'>, budget: VoiceWorkerBudget, transfer: boolean, Failure: Refusal): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const options = {
      eval: true,
      workerData: { ...input, data },
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: Math.max(4, budget.heapMb / 8), stackSizeMb: 4 },
    };
    const movable = transfer && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, movable ? { ...options, transferList: [data.buffer as ArrayBuffer] } : options);
    } catch {
      // A buffer that cannot move (Node's pool) is copied.
      worker = new Worker(WORKER_SOURCE, options);
    }
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Stopped before the caller goes on: no thread outlives the request.
      worker.terminate().then(outcome, outcome);
    };
    const unreadable = (detail: string) => {
      logger.warn(`a recording could not be read: ${detail}`);
      return new Failure('the file could not be read');
    };
    const timer = setTimeout(() => settle(() => reject(new Failure(`reading it took longer than ${budget.timeoutMs / 1000} s`))), budget.timeoutMs);
    worker.on('message', (answer: Answer) =>
      settle(() => {
        if (answer.ok)
          resolve({ seconds: answer.seconds, ...(answer.ogg && { ogg: Buffer.from(answer.ogg.buffer, answer.ogg.byteOffset, answer.ogg.byteLength) }) });
        else reject(answer.refused ? new Failure(answer.message) : unreadable(answer.message));
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(OUT_OF_MEMORY.test(error.code ?? '') ? new Failure(`reading it takes more than ${budget.heapMb} MB`) : unreadable(String(error.stack ?? error))),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(unreadable(`the reader stopped (exit code ${code})`))));
  });
}

async function parse(data: Buffer, job: Job, options: VoiceParseOptions): Promise<Parsed> {
  const limits = options.limits ?? VOICE_LIMITS;
  const budget = { ...VOICE_WORKER_BUDGET, ...options.budget };
  const Failure = job.kind === 'webm' ? WebmError : OggError;
  // Refused before any work or copy.
  if (data.length > limits.maxInputBytes) throw new Failure(`larger than ${Math.floor(limits.maxInputBytes / (1024 * 1024))} MB`);
  if (data.length >= budget.inlineBelowBytes) return inTurn(budget.parallel, () => inWorker(data, { job, limits }, budget, options.transfer === true, Failure));
  const parser = options.limits ? assembleVoiceParser(FACTORIES, limits, WebmError, OggError) : onThisThread;
  try {
    return job.kind === 'webm' ? parser.webmToOgg(data, job.serial) : { seconds: parser.oggOpusSeconds(data) };
  } catch (error) {
    if (error instanceof WebmError || error instanceof OggError) throw error;
    logger.warn(`a recording could not be read: ${String((error as Error)?.stack ?? error)}`);
    throw new Failure('the file could not be read');
  }
}

/**
 * WebM/Opus to Ogg/Opus within the parser's budget: refused (WebmError) past VOICE_LIMITS; small files on the event
 * loop, larger ones in a worker thread with a small heap and a time limit (VOICE_WORKER_BUDGET).
 */
export async function remuxWebm(data: Buffer, options: VoiceParseOptions = {}): Promise<VoiceNote> {
  const parsed = await parse(data, { kind: 'webm', serial: options.serial ?? randomInt(1, 2 ** 31) }, options);
  return { ogg: parsed.ogg!, seconds: parsed.seconds };
}

/** The length of an Ogg/Opus file within the same budget; OggError when it cannot be read. */
export async function readOggSeconds(data: Buffer, options: VoiceParseOptions = {}): Promise<number> {
  return (await parse(data, { kind: 'ogg' }, options)).seconds;
}
