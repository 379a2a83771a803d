// The budget of the voice-note parser: what one recording may cost the server, whatever its bytes say.

/** Opus always runs its granule clock at 48 kHz, whatever the input rate (RFC 7845 §4). */
export const OPUS_RATE = 48_000;

export interface VoiceLimits {
  /** Bytes of one recording. */
  maxInputBytes: number;
  /** Non-empty frames (Opus packets) in one WebM file, every track counted. */
  maxPackets: number;
  /** Bytes of one Opus packet. */
  maxPacketBytes: number;
  /** TrackEntry elements in one WebM file. */
  maxTracks: number;
  /** Pages `readOggPages` lists (the length reader walks pages without keeping them). */
  maxOggPages: number;
  /** Playback length a file may claim. */
  maxSeconds: number;
}

export const VOICE_LIMITS: VoiceLimits = {
  // 16 MB: 17 minutes at 128 kbit/s (Chromium's MediaRecorder default), over an hour at the 32 kbit/s voice rate.
  maxInputBytes: 16 * 1024 * 1024,
  // 30 minutes of 20 ms packets (Firefox), 90 minutes of Chromium's 60 ms ones; a 10-minute note is 10,000 to 30,000.
  maxPackets: 90_000,
  // 120 ms at Opus's top rate of 510 kbit/s is 7,650 bytes (RFC 6716 §2; six 20 ms frames of at most 1,275 bytes),
  // plus the TOC, frame count and frame lengths of a code-3 packet. An Ogg page's lacing table holds 255 segments, so
  // a packet this size (32 segments) always fits on a page of its own.
  maxPacketBytes: 8_000,
  // A voice note has one audio track; Matroska files with more than a handful are not recordings.
  maxTracks: 16,
  maxOggPages: 100_000,
  // 90,000 packets of at most 120 ms: three hours.
  maxSeconds: 3 * 3600,
};

export interface VoiceWorkerBudget {
  /** Old-generation heap of the worker thread, in MB. */
  heapMb: number;
  /** A worker still busy after this long is stopped and the file refused as unreadable. */
  timeoutMs: number;
  /**
   * Files under this size are read on the event loop. The parser is one pass over the bytes with no allocation per
   * element or frame: every element header, lacing byte and Ogg page header is read once, empty frames are dropped at
   * once and kept ones are two numbers (offset, length) until their bytes are copied into the Ogg page. Its worst
   * inputs of this size (32,000 one-byte packets; 9,000 laced blocks; 32,000 empty elements) take 1 to 3 ms of CPU
   * (voice-budget.spec.ts prints the figures): less than starting a worker (some 100 ms of CPU, a new V8 isolate).
   */
  inlineBelowBytes: number;
  /** Workers running at once; more recordings wait their turn (the machines have two cores). */
  parallel: number;
}

export const VOICE_WORKER_BUDGET: VoiceWorkerBudget = {
  heapMb: 64,
  timeoutMs: 10_000,
  inlineBelowBytes: 64 * 1024,
  parallel: 2,
};
