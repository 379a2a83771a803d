import { type Ebml, ebmlKit } from './ebml.js';
import { VOICE_LIMITS, type VoiceLimits } from './voice-limits.js';

/** A WebM file that is not a readable Opus recording, or past the parser's limits. */
export class WebmError extends Error {}

export interface OpusTrack {
  /** The OpusHead identification header (CodecPrivate, its 19 bytes), when the file carried one. */
  opusHead: Uint8Array | null;
  /** 1 or 2. */
  channels: number;
  /** Finite, positive, within 32 bits. */
  sampleRate: number;
  /** Samples to drop at the start, in nanoseconds (Matroska's CodecDelay); within a 16-bit pre-skip. */
  codecDelayNs: number;
  packets: Uint8Array[];
  /** Nanoseconds of silence the encoder padded the last packet with (Matroska's DiscardPadding). */
  discardPaddingNs: number;
}

/** The Opus track as the remuxer reads it: its packets as offsets into the file, no view per packet. */
export interface OpusTrackLayout extends Omit<OpusTrack, 'packets'> {
  /** 48 kHz samples to drop at the start: the OpusHead's, or CodecDelay's. */
  preSkip: number;
  packetStarts: Float64Array;
  packetLengths: Uint32Array;
}

interface TrackInfo {
  number?: number;
  type?: number;
  codecId?: string;
  codecPrivate?: Uint8Array;
  codecDelayNs?: number;
  sampleRate?: number;
  channels?: number;
}

/**
 * The demuxer, self-contained like every factory of the parser (see ebml.ts). One pass over the file, within
 * `limits`: a frame costs its bytes (an empty one nothing: no view, no entry), a kept one two numbers; header fields
 * are checked before they are used. Whatever breaks a rule is a `Refusal` (WebmError), never another exception.
 */
export function webmDemuxerKit(ebml: Ebml, limits: VoiceLimits, Refusal: new (message: string) => Error) {
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
  };
  /** Masters walked into; every other element is read or skipped by its size. */
  const CONTAINERS = new Set<number>([ID.Segment, ID.Info, ID.Tracks, ID.TrackEntry, ID.Audio, ID.Cluster, ID.BlockGroup]);
  const TRACK_TYPE_AUDIO = 2;
  const OPUS_RATE = 48_000;
  const OPUS_HEAD_BYTES = 19;
  /**
   * The block last read: its track, where its first frame starts, its frames' sizes (lacing allows 256). Reused, so
   * reading a block allocates nothing.
   */
  const block = { track: 0, framesAt: 0, count: 0 };
  const sizes = new Float64Array(256);

  const latin1 = (data: Uint8Array, start: number, end: number): string => Buffer.from(data.buffer, data.byteOffset + start, end - start).toString('latin1');

  function uintOf(data: Uint8Array, start: number, size: number, name: string): number {
    if (size > 8) throw new Refusal(`a ${name} of ${size} bytes (an integer has 8 at most)`);
    return ebml.readUint(data, start, size);
  }

  /**
   * The frames of a Block or SimpleBlock (all four lacing modes) into `block` and `sizes`; false when the block is
   * malformed (skipped, like a lost packet).
   */
  function readBlock(data: Uint8Array, start: number, end: number): boolean {
    const track = ebml.vintAt(data, start, end);
    if (track < 0 || start + ebml.last.length + 3 > end) return false;
    block.track = track;
    block.count = 0;
    let offset = start + ebml.last.length + 2; // track number, 16-bit relative timestamp
    const lacing = (data[offset]! >> 1) & 0x03;
    offset += 1;
    if (lacing === 0) {
      block.framesAt = offset;
      block.count = 1;
      sizes[0] = end - offset;
      return true;
    }
    if (offset >= end) return false;
    const count = data[offset]! + 1;
    offset += 1;
    let used = 0;
    if (lacing === 1) {
      // Xiph: each size but the last as a run of 255s and a final byte (each byte read is one of the block's).
      for (let i = 0; i < count - 1; i++) {
        let size = 0;
        let byte: number;
        do {
          if (offset >= end) return false;
          byte = data[offset++]!;
          size += byte;
        } while (byte === 255);
        sizes[i] = size;
        used += size;
      }
    } else if (lacing === 3) {
      // EBML: the first size as a vint, the next ones as signed differences.
      for (let i = 0; i < count - 1; i++) {
        const vint = ebml.vintAt(data, offset, end);
        if (vint < 0) return false;
        const size = i === 0 ? vint : sizes[i - 1]! + vint - (2 ** (7 * ebml.last.length - 1) - 1);
        if (size < 0) return false;
        sizes[i] = size;
        used += size;
        offset += ebml.last.length;
      }
    } else {
      // Fixed: equal frames. Empty ones (the lacing bomb: 256 per 7-byte block) are dropped here, all at once.
      if ((end - offset) % count !== 0) return false;
      const each = (end - offset) / count;
      if (each === 0) return true;
      sizes.fill(each, 0, count - 1);
      used = each * (count - 1);
    }
    if (used > end - offset) return false;
    sizes[count - 1] = end - offset - used;
    block.framesAt = offset;
    block.count = count;
    return true;
  }

  /** The OpusHead of CodecPrivate, checked (RFC 7845 §5.1): its 19 bytes, or null when the track has none. */
  function opusHeadOf(codecPrivate: Uint8Array | undefined): Uint8Array | null {
    if (!codecPrivate?.length) return null;
    if (codecPrivate.length < 8 || latin1(codecPrivate, 0, 8) !== 'OpusHead') throw new Refusal('a CodecPrivate that is not an OpusHead');
    if (codecPrivate.length < OPUS_HEAD_BYTES) throw new Refusal(`an OpusHead of ${codecPrivate.length} bytes (it has ${OPUS_HEAD_BYTES} at least)`);
    const version = codecPrivate[8]!;
    if (version === 0 || version > 15) throw new Refusal(`OpusHead version ${version}`);
    if (codecPrivate[18] !== 0) throw new Refusal(`channel mapping family ${codecPrivate[18]} (a voice note is mono or stereo)`);
    if (codecPrivate[9] !== 1 && codecPrivate[9] !== 2) throw new Refusal(`an OpusHead of ${codecPrivate[9]} channels (a voice note has 1 or 2)`);
    return codecPrivate.subarray(0, OPUS_HEAD_BYTES);
  }

  /**
   * The first Opus audio track of a WebM file: its checked header fields and its packets in file order. Segment and
   * Cluster of unknown size (how MediaRecorder writes them) are walked like any other master; a truncated tail keeps
   * what was read before it.
   */
  function demux(data: Uint8Array): OpusTrackLayout {
    if (data.length > limits.maxInputBytes) throw new Refusal(`larger than ${limits.maxInputBytes} bytes`);
    if (ebml.idAt(data, 0) !== ID.EBML) throw new Refusal('not a WebM file');
    const tracks: TrackInfo[] = [];
    let current: TrackInfo | null = null;
    // Every kept frame (each has a byte at least, so there are no more than the file's bytes).
    const capacity = Math.min(limits.maxPackets, data.length);
    const starts = new Float64Array(capacity);
    const lengths = new Uint32Array(capacity);
    const owners = new Float64Array(capacity);
    let packets = 0;
    /** DiscardPadding of the last block of each track that has packets (it follows its Block in a BlockGroup). */
    const padding = new Map<number, number>();
    let lastBlockTrack = -1;
    let offset = 0;
    while (offset < data.length) {
      const id = ebml.idAt(data, offset);
      if (id === ebml.INVALID) break; // a truncated tail, or bytes that start no element: keep what was read
      const idLength = ebml.last.length;
      const size = ebml.vintAt(data, offset + idLength);
      if (size === ebml.INVALID) break;
      const start = offset + idLength + ebml.last.length;
      if (CONTAINERS.has(id)) {
        if (id === ID.TrackEntry) {
          if (tracks.length >= limits.maxTracks) throw new Refusal(`more than ${limits.maxTracks} tracks`);
          current = {};
          tracks.push(current);
        }
        offset = start;
        continue;
      }
      if (size === ebml.UNKNOWN_SIZE) throw new Refusal(`element 0x${id.toString(16)} of unknown size`);
      const end = start + size;
      if (end > data.length) break;
      switch (id) {
        case ID.TrackNumber:
          if (current) current.number = uintOf(data, start, size, 'TrackNumber');
          break;
        case ID.TrackType:
          if (current) current.type = uintOf(data, start, size, 'TrackType');
          break;
        case ID.CodecID:
          // Codec ids are short ('A_OPUS'); a long one is no codec this reads.
          if (current) current.codecId = size <= 32 ? latin1(data, start, end).replace(/\0+$/, '') : '';
          break;
        case ID.CodecPrivate:
          if (current) current.codecPrivate = data.subarray(start, end);
          break;
        case ID.CodecDelay:
          if (current) current.codecDelayNs = uintOf(data, start, size, 'CodecDelay');
          break;
        case ID.SamplingFrequency:
          if (current) current.sampleRate = ebml.readFloat(data, start, size);
          break;
        case ID.Channels:
          if (current) current.channels = uintOf(data, start, size, 'Channels');
          break;
        case ID.SimpleBlock:
        case ID.Block: {
          if (!readBlock(data, start, end)) break;
          const kept = packets;
          for (let i = 0, at = block.framesAt; i < block.count; at += sizes[i]!, i++) {
            const length = sizes[i]!;
            if (length === 0) continue;
            if (length > limits.maxPacketBytes) throw new Refusal(`a frame of ${length} bytes (an Opus packet has ${limits.maxPacketBytes} at most)`);
            if (packets >= limits.maxPackets) throw new Refusal(`more than ${limits.maxPackets} packets`);
            starts[packets] = at;
            lengths[packets] = length;
            owners[packets] = block.track;
            packets++;
          }
          if (packets > kept || padding.has(block.track)) padding.set(block.track, 0);
          lastBlockTrack = block.track;
          break;
        }
        case ID.DiscardPadding:
          if (padding.has(lastBlockTrack)) padding.set(lastBlockTrack, Math.max(0, size > 8 ? 0 : ebml.readInt(data, start, size)));
          break;
      }
      offset = end;
    }

    const opus = tracks.find((track) => track.codecId === 'A_OPUS' && (track.type === undefined || track.type === TRACK_TYPE_AUDIO));
    if (!opus || opus.number === undefined) throw new Refusal('no Opus audio track');
    const opusHead = opusHeadOf(opus.codecPrivate);
    if (opus.channels !== undefined && opus.channels !== 1 && opus.channels !== 2) throw new Refusal(`${opus.channels} channels (a voice note has 1 or 2)`);
    const sampleRate = opus.sampleRate ?? OPUS_RATE;
    if (!Number.isFinite(sampleRate) || sampleRate <= 0 || sampleRate > 0xffffffff) throw new Refusal(`a SamplingFrequency of ${sampleRate}`);
    const codecDelayNs = opus.codecDelayNs ?? 0;
    const delaySamples = Math.round((codecDelayNs * OPUS_RATE) / 1e9);
    if (delaySamples > 0xffff) throw new Refusal(`a CodecDelay of ${codecDelayNs} ns (a pre-skip has 65,535 samples at most)`);

    let own = 0;
    for (let i = 0; i < packets; i++) {
      if (owners[i] !== opus.number) continue;
      starts[own] = starts[i]!;
      lengths[own] = lengths[i]!;
      own++;
    }
    return {
      opusHead,
      channels: opusHead ? opusHead[9]! : (opus.channels ?? 1),
      sampleRate,
      codecDelayNs,
      preSkip: opusHead ? opusHead[10]! | (opusHead[11]! << 8) : delaySamples,
      packetStarts: starts.subarray(0, own),
      packetLengths: lengths.subarray(0, own),
      discardPaddingNs: padding.get(opus.number) ?? 0,
    };
  }

  /** The same as `demux`, each packet a view into the file. */
  function demuxWebmOpus(data: Uint8Array): OpusTrack {
    const { packetStarts, packetLengths, preSkip: _, ...track } = demux(data);
    return { ...track, packets: Array.from(packetStarts, (start, i) => data.subarray(start, start + packetLengths[i]!)) };
  }

  return { demux, demuxWebmOpus };
}

export type WebmDemuxer = ReturnType<typeof webmDemuxerKit>;

export const { demux, demuxWebmOpus } = webmDemuxerKit(ebmlKit(), VOICE_LIMITS, WebmError);
