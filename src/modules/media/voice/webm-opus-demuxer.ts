import { readFloat, readId, readInt, readUint, readVint, UNKNOWN_SIZE } from './ebml.js';

// Matroska element ids (https://www.matroska.org/technical/elements.html).
const ID = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  Info: 0x1549a966,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DiscardPadding: 0x75a2,
} as const;

/** Masters walked into; every other element is read or skipped by its size. */
const CONTAINERS = new Set<number>([ID.Segment, ID.Info, ID.Tracks, ID.TrackEntry, ID.Audio, ID.Cluster, ID.BlockGroup]);
const TRACK_TYPE_AUDIO = 2;

interface TrackInfo {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
  codecDelayNs?: number;
  sampleRate?: number;
  channels?: number;
}

export interface OpusTrack {
  /** The OpusHead identification header (CodecPrivate), when the file carried one. */
  opusHead: Uint8Array | null;
  channels: number;
  sampleRate: number;
  /** Samples to drop at the start, in nanoseconds (Matroska's CodecDelay). */
  codecDelayNs: number;
  packets: Uint8Array[];
  /** Nanoseconds of silence the encoder padded the last packet with (Matroska's DiscardPadding). */
  discardPaddingNs: number;
}

export class WebmError extends Error {}

/** The frames a Block or SimpleBlock carries for one track (all four lacing modes). */
function blockFrames(data: Uint8Array, start: number, end: number): { track: number; frames: Uint8Array[] } | null {
  const track = readVint(data, start);
  if (!track || start + track.length + 3 > end) return null;
  let offset = start + track.length + 2; // track number, 16-bit relative timestamp
  const lacing = (data[offset]! >> 1) & 0x03;
  offset += 1;
  if (lacing === 0) return { track: track.value, frames: [data.subarray(offset, end)] };
  const count = data[offset]! + 1;
  offset += 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph: each size but the last as a run of 255s and a final byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let byte: number;
      do {
        if (offset >= end) return null;
        byte = data[offset++]!;
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML: the first size as a vint, the next ones as signed differences.
    const first = readVint(data, offset);
    if (!first) return null;
    sizes.push(first.value);
    offset += first.length;
    for (let i = 1; i < count - 1; i++) {
      const delta = readVint(data, offset);
      if (!delta) return null;
      const bias = 2 ** (7 * delta.length - 1) - 1;
      sizes.push(sizes[i - 1]! + delta.value - bias);
      offset += delta.length;
    }
  } else {
    const each = (end - offset) / count;
    if (!Number.isInteger(each)) return null;
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const used = sizes.reduce((sum, size) => sum + size, 0);
  if (used > end - offset || sizes.some((size) => size < 0)) return null;
  sizes.push(end - offset - used);
  const frames = sizes.map((size) => {
    const frame = data.subarray(offset, offset + size);
    offset += size;
    return frame;
  });
  return { track: track.value, frames };
}

/**
 * Reads the first Opus audio track of a WebM file: its header data and its packets in file order. Segment and
 * Cluster of unknown size (how MediaRecorder writes them) are walked like any other master.
 */
export function demuxWebmOpus(data: Uint8Array): OpusTrack {
  const header = readId(data, 0);
  if (!header || header.value !== ID.EBML) throw new WebmError('not a WebM file');
  const tracks: TrackInfo[] = [];
  const blocks: { track: number; frames: Uint8Array[]; discardPaddingNs: number }[] = [];
  let current: TrackInfo | null = null;
  let offset = 0;
  while (offset < data.length) {
    const id = readId(data, offset);
    const size = id && readVint(data, offset + id.length);
    if (!id || !size) break; // a truncated tail: keep what was read
    const start = offset + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      if (id.value === ID.TrackEntry) {
        current = {};
        tracks.push(current);
      }
      offset = start;
      continue;
    }
    if (size.value === UNKNOWN_SIZE) throw new WebmError(`element 0x${id.value.toString(16)} of unknown size`);
    const end = start + size.value;
    if (end > data.length) break;
    switch (id.value) {
      case ID.TrackNumber:
        if (current) current.number = readUint(data, start, size.value);
        break;
      case ID.TrackType:
        if (current) current.type = readUint(data, start, size.value);
        break;
      case ID.CodecID:
        if (current) current.codecId = Buffer.from(data.subarray(start, end)).toString('latin1').replace(/\0+$/, '');
        break;
      case ID.CodecPrivate:
        if (current) current.codecPrivate = data.subarray(start, end);
        break;
      case ID.CodecDelay:
        if (current) current.codecDelayNs = readUint(data, start, size.value);
        break;
      case ID.SamplingFrequency:
        if (current) current.sampleRate = readFloat(data, start, size.value);
        break;
      case ID.Channels:
        if (current) current.channels = readUint(data, start, size.value);
        break;
      case ID.SimpleBlock:
      case ID.Block: {
        const block = blockFrames(data, start, end);
        if (block) blocks.push({ ...block, discardPaddingNs: 0 });
        break;
      }
      case ID.DiscardPadding: {
        // It follows its Block inside the same BlockGroup.
        const last = blocks.at(-1);
        if (last) last.discardPaddingNs = Math.max(0, readInt(data, start, size.value));
        break;
      }
    }
    offset = end;
  }
  const opus = tracks.find((track) => track.codecId === 'A_OPUS' && (track.type === undefined || track.type === TRACK_TYPE_AUDIO));
  if (!opus || opus.number === undefined) throw new WebmError('no Opus audio track');
  const own = blocks.filter((block) => block.track === opus.number);
  const head = opus.codecPrivate && Buffer.from(opus.codecPrivate.subarray(0, 8)).toString('latin1') === 'OpusHead' ? opus.codecPrivate : null;
  return {
    opusHead: head,
    channels: opus.channels ?? head?.[9] ?? 1,
    sampleRate: opus.sampleRate ?? 48_000,
    codecDelayNs: opus.codecDelayNs ?? 0,
    packets: own.flatMap((block) => block.frames),
    discardPaddingNs: own.at(-1)?.discardPaddingNs ?? 0,
  };
}
