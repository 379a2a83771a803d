// Malformed voice notes: WebM/Opus (Chromium's recordings) and Ogg/Opus (Firefox's) that break the rules the voice
// parser must survive (src/modules/media/voice/voice-limits.ts). Every file is built here, byte by byte, so a test
// can make each as large as it likes. `worstVoiceNote(bytes)` is the one a memory or latency test should upload.
import { oggPage } from '../../src/modules/media/voice/ogg-writer.js';

type Part = Buffer | Uint8Array | number[] | string;
const bytesOf = (part: Part): Buffer => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part));

/** An EBML size (or a block's track number) in as few bytes as it takes. */
export function ebmlSize(size: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    if (size >= 2 ** (7 * length) - 1) continue;
    const out = Buffer.alloc(length);
    let rest = size;
    for (let i = length - 1; i >= 0; i--) {
      out[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
    out[0]! |= 0x80 >> (length - 1);
    return out;
  }
  throw new RangeError(`no EBML size for ${size}`);
}

/** A Matroska element: its id bytes, its size, its payload. */
export function element(id: number[], ...payload: Part[]): Buffer {
  const body = Buffer.concat(payload.map(bytesOf));
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
}

/** The size "unknown" (all ones), as a live MediaRecorder stream leaves Segment and Cluster. */
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
export const unknownSized = (id: number[], ...children: Part[]): Buffer =>
  Buffer.concat([Buffer.from(id), Buffer.from(UNKNOWN_SIZE), ...children.map(bytesOf)]);

const uint = (value: number | bigint, size: number): Buffer => {
  const out = Buffer.alloc(size);
  let rest = BigInt(value);
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
};
const float64 = (value: number): Buffer => {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return out;
};

const ID = {
  EBML: [0x1a, 0x45, 0xdf, 0xa3],
  DocType: [0x42, 0x82],
  Segment: [0x18, 0x53, 0x80, 0x67],
  Info: [0x15, 0x49, 0xa9, 0x66],
  TimecodeScale: [0x2a, 0xd7, 0xb1],
  Tracks: [0x16, 0x54, 0xae, 0x6b],
  TrackEntry: [0xae],
  TrackNumber: [0xd7],
  TrackType: [0x83],
  CodecID: [0x86],
  CodecPrivate: [0x63, 0xa2],
  CodecDelay: [0x56, 0xaa],
  Audio: [0xe1],
  Channels: [0x9f],
  SamplingFrequency: [0xb5],
  Cluster: [0x1f, 0x43, 0xb6, 0x75],
  Timecode: [0xe7],
  SimpleBlock: [0xa3],
  Void: [0xec],
};

/** An OpusHead identification header (RFC 7845 §5.1). */
export function opusHead(options: { channels?: number; preSkip?: number; rate?: number; family?: number; version?: number; bytes?: number } = {}): Buffer {
  const head = Buffer.alloc(options.bytes ?? 19);
  head.write('OpusHead', 0, 'latin1');
  if (head.length < 19) return head;
  head[8] = options.version ?? 1;
  head[9] = options.channels ?? 1;
  head.writeUInt16LE(options.preSkip ?? 312, 10);
  head.writeUInt32LE(options.rate ?? 48_000, 12);
  head[18] = options.family ?? 0;
  return head;
}

/** A 20 ms CELT frame (TOC config 31, one frame) of `length` bytes. */
export const celtFrame = (length = 40): Buffer => {
  const frame = Buffer.alloc(length, 0x5a);
  frame[0] = 0xf8;
  return frame;
};

/** A SimpleBlock of track 1: its lacing flags (0x80 keyframe; lacing 0x02 Xiph, 0x04 fixed, 0x06 EBML), then `body`. */
export const simpleBlock = (flags: number, ...body: Part[]): Buffer => element(ID.SimpleBlock, [0x81, 0x00, 0x00, flags], ...body);

/** Half a second of plain 20 ms frames. */
const someAudio = (): Buffer[] => Array.from({ length: 25 }, () => simpleBlock(0x80, celtFrame()));

interface TrackFields {
  /** CodecPrivate (a valid OpusHead by default); null leaves it out. */
  codecPrivate?: Part | null;
  /** Channels (1 by default): a number, or the element's raw payload. */
  channels?: number | Part;
  samplingFrequency?: number | Part;
  /** CodecDelay in ns (left out by default), or its raw payload. */
  codecDelay?: number | bigint | Part;
  /** TrackNumber's raw payload ([1] by default). */
  trackNumber?: Part;
  /** Elements put in the TrackEntry before the others. */
  first?: Buffer[];
}

/** A WebM/Opus file laid out as Chromium's MediaRecorder writes it (Segment and Cluster of unknown size). */
export function opusWebm(track: TrackFields, ...cluster: Buffer[]): Buffer {
  const raw = (value: number | bigint | Part, encode: (n: number | bigint) => Buffer) =>
    typeof value === 'number' || typeof value === 'bigint' ? encode(value) : bytesOf(value);
  const entry = element(
    ID.TrackEntry,
    ...(track.first ?? []),
    element(ID.TrackNumber, track.trackNumber ?? [1]),
    element(ID.TrackType, [2]),
    element(ID.CodecID, 'A_OPUS'),
    track.codecPrivate === null ? [] : element(ID.CodecPrivate, track.codecPrivate ?? opusHead()),
    track.codecDelay === undefined
      ? []
      : element(
          ID.CodecDelay,
          raw(track.codecDelay, (n) => uint(n, 8)),
        ),
    element(
      ID.Audio,
      element(
        ID.Channels,
        raw(track.channels ?? 1, (n) => uint(n, 1)),
      ),
      element(
        ID.SamplingFrequency,
        raw(track.samplingFrequency ?? 48_000, (n) => float64(Number(n))),
      ),
    ),
  );
  return Buffer.concat([
    element(ID.EBML, element(ID.DocType, 'webm')),
    unknownSized(
      ID.Segment,
      element(ID.Info, element(ID.TimecodeScale, uint(1_000_000, 3))),
      element(ID.Tracks, entry),
      unknownSized(ID.Cluster, element(ID.Timecode, [0]), ...cluster),
    ),
  ]);
}

/** A valid recording of `blocks` 20 ms frames of `frameBytes` each (to check that the limits let real files through). */
export const validWebm = (blocks: number, frameBytes = 40): Buffer =>
  opusWebm({}, ...Array.from({ length: blocks }, () => simpleBlock(0x80, celtFrame(frameBytes))));

/**
 * The security review's lacing bomb: a valid Opus track, then 7-byte SimpleBlocks with fixed-size lacing of 256
 * zero-length frames each, up to `sizeBytes` (100 kB held the old demuxer's event loop 5.6 s; 1 MB ran it out of heap).
 */
export function lacingBomb(sizeBytes: number): Buffer {
  const head = opusWebm({});
  // Id, size 5, track 1, timestamp 0, keyframe + fixed lacing, 256 frames.
  const block = [0xa3, 0x85, 0x81, 0x00, 0x00, 0x84, 0xff];
  const count = Math.max(0, Math.floor((sizeBytes - head.length) / block.length));
  const file = Buffer.alloc(head.length + count * block.length);
  head.copy(file);
  for (let i = 0; i < count; i++) file.set(block, head.length + i * block.length);
  return file;
}

/** The worst file of the corpus for a memory or latency guard: the lacing bomb the review measured. */
export const worstVoiceNote = (sizeBytes: number): Buffer => lacingBomb(sizeBytes);

/** An OpusHead CodecPrivate of 8 bytes: only its magic (the old remuxer read its pre-skip past the end). */
export const shortOpusHead = (): Buffer => opusWebm({ codecPrivate: 'OpusHead' }, ...someAudio());

/** No CodecPrivate, and a SamplingFrequency the OpusHead's 32-bit rate cannot hold (-1, +Infinity, NaN). */
export const badSamplingFrequency = (value: number): Buffer => opusWebm({ codecPrivate: null, samplingFrequency: value }, ...someAudio());

/** No CodecPrivate, and a CodecDelay (2^40 ns: 18 minutes) far past the 16-bit pre-skip. */
export const hugeCodecDelay = (ns: number | bigint = 2 ** 40): Buffer => opusWebm({ codecPrivate: null, codecDelay: ns }, ...someAudio());

/** One frame of `bytes` (70,000 by default: more than an Ogg page's lacing table holds). */
export const oversizedPacket = (bytes = 70_000): Buffer => opusWebm({}, simpleBlock(0x80, celtFrame(bytes)));

/** A SimpleBlock whose size is "unknown": only masters may leave their size open. */
export const unknownSizeBlock = (): Buffer => opusWebm({}, unknownSized(ID.SimpleBlock, [0x81, 0x00, 0x00, 0x80], celtFrame()));

/** A CodecPrivate of unknown size. */
export const unknownSizeCodecPrivate = (): Buffer => opusWebm({ codecPrivate: null, first: [unknownSized(ID.CodecPrivate, opusHead())] }, ...someAudio());

/** An element size whose first byte is 0x00: a vint longer than 8 bytes, in the middle of the track's header. */
export const vintTooLong = (): Buffer => opusWebm({ codecPrivate: null, first: [Buffer.from([0xec, 0x00, 0xff, 0xff])] }, ...someAudio());

/** A SimpleBlock declaring 2^56 - 2 bytes, the largest size a vint holds. */
export const vintHugeSize = (): Buffer =>
  opusWebm({}, Buffer.from([0xa3, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x81, 0x00, 0x00, 0x80]), celtFrame());

/** A TrackNumber of 9 bytes (an integer element has 8 at most). */
export const wideTrackNumber = (): Buffer => opusWebm({ trackNumber: [0, 0, 0, 0, 0, 0, 0, 0, 1] }, ...someAudio());

/** A TrackNumber of 2^64 - 1: past 2^53, so no block can be matched to it. */
export const overflowingTrackNumber = (): Buffer => opusWebm({ trackNumber: Array(8).fill(0xff) }, ...someAudio());

/** 0 and 3 channels, with no OpusHead to build one from. */
export const badChannels = (channels: number): Buffer => opusWebm({ codecPrivate: null, channels }, ...someAudio());

/** An OpusHead with channel mapping family 1 (surround): not a voice note. */
export const surroundOpusHead = (): Buffer =>
  opusWebm({ codecPrivate: Buffer.concat([opusHead({ channels: 6, family: 1 }), Buffer.from([4, 2, 0, 4, 1, 2, 3, 5])]) }, ...someAudio());

/** A CodecPrivate that is not an OpusHead. */
export const foreignCodecPrivate = (): Buffer => opusWebm({ codecPrivate: 'OpusTags and then some' }, ...someAudio());

/** EBML lacing whose second size comes out negative. */
export const negativeEbmlLacing = (): Buffer => opusWebm({}, simpleBlock(0x86, [2, 0x81, 0x80], celtFrame(3)));

/** Xiph lacing whose sizes (runs of 255) go past the end of their block. */
export const runawayXiphLacing = (): Buffer => opusWebm({}, simpleBlock(0x82, [255], Array(200).fill(255)));

/** Xiph-laced blocks of 256 one-byte frames each (valid 20 ms Opus packets), past the 90,000-packet limit. */
export function packetFlood(packets = 100_000): Buffer {
  const block = simpleBlock(0x82, [255], Array(255).fill(1), Array(256).fill(0xf8));
  return opusWebm({}, ...Array.from({ length: Math.ceil(packets / 256) }, () => block));
}

/** Twenty TrackEntries before the Opus one. */
export const trackFlood = (tracks = 20): Buffer =>
  opusWebm({ first: Array.from({ length: tracks }, (_, i) => element(ID.TrackEntry, element(ID.TrackNumber, [i + 2]))) }, ...someAudio());

/** Two-byte Void elements up to `sizeBytes`, before any track: the most elements per byte a file can hold. */
export function voidFlood(sizeBytes: number): Buffer {
  const head = element(ID.EBML, element(ID.DocType, 'webm'));
  const voids = Buffer.alloc(Math.max(0, sizeBytes - head.length) & ~1);
  for (let i = 0; i < voids.length; i += 2) voids.set([0xec, 0x80], i);
  return Buffer.concat([head, voids]);
}

/** Ogg bytes as `audio/webm`. */
export const notWebm = (): Buffer => Buffer.from('OggS\0\x02 certainly not a WebM recording', 'latin1');

// Ogg/Opus (Firefox's recordings).

const oggPages = (...pages: Array<{ packets: Part[]; granule?: bigint; bos?: boolean; eos?: boolean }>): Buffer =>
  Buffer.concat(
    pages.map((page, sequence) =>
      oggPage({ serial: 0x5eed, sequence, granule: page.granule ?? 0n, packets: page.packets.map(bytesOf), bos: page.bos, eos: page.eos }),
    ),
  );
const opusTags = (): Buffer => Buffer.concat([Buffer.from('OpusTags', 'latin1'), uint(0, 4), uint(0, 4)]);

/** A valid Ogg/Opus file of `packets` 20 ms packets, fifty a page. */
export function validOgg(packets = 50): Buffer {
  const audio = Array.from({ length: Math.ceil(packets / 50) }, (_, page) => {
    const count = Math.min(50, packets - page * 50);
    return { packets: Array.from({ length: count }, () => celtFrame()), granule: BigInt(960 * (page * 50 + count)), eos: (page + 1) * 50 >= packets };
  });
  return oggPages({ packets: [opusHead()], bos: true }, { packets: [opusTags()] }, ...audio);
}

/** An Ogg/Opus file whose OpusHead is its 8-byte magic only. */
export const oggShortOpusHead = (): Buffer => oggPages({ packets: ['OpusHead'], bos: true }, { packets: [celtFrame()], granule: 960n, eos: true });

/** An Ogg page whose lacing table promises more bytes than the file has. */
export const oggLacingOverrun = (): Buffer => {
  const file = validOgg(5);
  return file.subarray(0, file.length - 30);
};

/** A granule position of 2^62 samples: 3,000 years. */
export const oggHugeGranule = (): Buffer =>
  oggPages({ packets: [opusHead()], bos: true }, { packets: [opusTags()] }, { packets: [celtFrame()], granule: 2n ** 62n, eos: true });

/** Ogg pages of no segment (27 bytes each) after the headers, up to `sizeBytes`. */
export function oggPageFlood(sizeBytes: number): Buffer {
  const head = oggPages({ packets: [opusHead()], bos: true }, { packets: [opusTags()] });
  const empty = oggPage({ serial: 0x5eed, sequence: 2, granule: 960n, packets: [] });
  const count = Math.max(0, Math.floor((sizeBytes - head.length) / empty.length));
  return Buffer.concat([head, ...Array.from({ length: count }, () => empty)]);
}

export interface MalformedVoice {
  name: string;
  data: Buffer;
  mimetype: string;
  /**
   * What the server does with it sent as a voice note: `refused` (400, ERR_VALIDATION on medias), or `sent` as the file
   * it is (a malformed Ogg: phones play Ogg either way, so only its length is left out).
   */
  asVoiceNote: 'refused' | 'sent';
}

const KB = 1024;
const webm = (name: string, data: Buffer): MalformedVoice => ({ name, data, mimetype: 'audio/webm', asVoiceNote: 'refused' });
const ogg = (name: string, data: Buffer): MalformedVoice => ({ name, data, mimetype: 'audio/ogg', asVoiceNote: 'sent' });

/** Every malformed file, small enough to upload many times; the lacing bomb at the two sizes the review measured. */
export const VOICE_CORPUS: MalformedVoice[] = [
  webm('lacing bomb, 100 kB', lacingBomb(100 * KB)),
  webm('lacing bomb, 1 MB', lacingBomb(1024 * KB)),
  webm('8-byte OpusHead', shortOpusHead()),
  webm('SamplingFrequency -1', badSamplingFrequency(-1)),
  webm('SamplingFrequency +Infinity', badSamplingFrequency(Number.POSITIVE_INFINITY)),
  webm('SamplingFrequency NaN', badSamplingFrequency(Number.NaN)),
  webm('CodecDelay 2^40 ns', hugeCodecDelay()),
  webm('one 70,000-byte packet', oversizedPacket()),
  webm('SimpleBlock of unknown size', unknownSizeBlock()),
  webm('CodecPrivate of unknown size', unknownSizeCodecPrivate()),
  webm('vint longer than 8 bytes', vintTooLong()),
  webm('vint size 2^56 - 2', vintHugeSize()),
  webm('9-byte TrackNumber', wideTrackNumber()),
  webm('TrackNumber 2^64 - 1', overflowingTrackNumber()),
  webm('0 channels', badChannels(0)),
  webm('3 channels', badChannels(3)),
  webm('surround OpusHead', surroundOpusHead()),
  webm('CodecPrivate not an OpusHead', foreignCodecPrivate()),
  webm('negative EBML lacing', negativeEbmlLacing()),
  webm('runaway Xiph lacing', runawayXiphLacing()),
  webm('100,000 packets', packetFlood()),
  webm('20 tracks', trackFlood()),
  webm('Void flood, 1 MB', voidFlood(1024 * KB)),
  webm('not WebM', notWebm()),
  ogg('Ogg: 8-byte OpusHead', oggShortOpusHead()),
  ogg('Ogg: truncated page', oggLacingOverrun()),
  ogg('Ogg: granule 2^62', oggHugeGranule()),
  ogg('Ogg: empty page flood, 1 MB', oggPageFlood(1024 * KB)),
];
