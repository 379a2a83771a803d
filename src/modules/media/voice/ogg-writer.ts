import { type OggCrc, oggCrcKit } from './ogg-crc.js';
import { OggError } from './ogg-opus-reader.js';

export interface OggPageOptions {
  serial: number;
  sequence: number;
  granule: bigint;
  packets: Uint8Array[];
  bos?: boolean;
  eos?: boolean;
}

export interface OggStream {
  /** A header packet on a page of its own (granule 0); the first one opens the stream. */
  header(packet: Uint8Array): void;
  /**
   * An audio packet: `length` bytes of `source` from `start` (`source` is the same for every packet of the stream; they
   * are copied into their page, no view is made); `granule` is the stream's sample position once it is decoded.
   */
  packet(start: number, length: number, granule: number, samples: number): void;
  /** Closes the stream: the last page carries the end-of-stream flag and the final granule. */
  finish(finalGranule: number): Buffer;
}

/**
 * The Ogg writer, self-contained like every factory of the parser (see ebml.ts). It writes whole packets only: a
 * packet of up to 255 × 254 bytes fits in one page's lacing table, far above the largest Opus packet the demuxer
 * passes on (VOICE_LIMITS.maxPacketBytes); a bigger one is refused with a `Refusal` (OggError), never cut.
 */
export function oggWriterKit(crc: OggCrc, Refusal: new (message: string) => Error) {
  const HEADER_BYTES = 27;
  const MAX_SEGMENTS = 255;
  /** Header type flags (RFC 3533 §6). */
  const FLAG_BOS = 0x02;
  const FLAG_EOS = 0x04;

  /** Segments a packet of `length` bytes takes in a page's lacing table: its 255-byte runs and a last one under 255. */
  const segmentsFor = (length: number): number => ((length / 255) | 0) + 1;
  const segmentsOf = (packet: Uint8Array): number => segmentsFor(packet.length);

  /** A page of the packets `starts[i]`, `lengths[i]` of `sources[i]` (a Buffer each: copied without a view). */
  function page(serial: number, sequence: number, granule: bigint, flags: number, sources: Buffer[], starts: number[], lengths: number[]): Buffer {
    let segments = 0;
    let bodyBytes = 0;
    for (const length of lengths) {
      segments += segmentsFor(length);
      bodyBytes += length;
    }
    if (segments > MAX_SEGMENTS) throw new Refusal(`packets of ${bodyBytes} bytes are too large for one Ogg page`);
    const out = Buffer.alloc(HEADER_BYTES + segments + bodyBytes);
    out.write('OggS', 0, 'latin1');
    out[4] = 0; // version
    out[5] = flags;
    out.writeBigUInt64LE(BigInt.asUintN(64, granule), 6);
    out.writeUInt32LE(serial >>> 0, 14);
    out.writeUInt32LE(sequence >>> 0, 18);
    out.writeUInt32LE(0, 22); // checksum, filled below
    out[26] = segments;
    let lacing = HEADER_BYTES;
    let offset = HEADER_BYTES + segments;
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i]!;
      for (let run = (length / 255) | 0; run > 0; run--) out[lacing++] = 255;
      out[lacing++] = length % 255;
      // Short packets byte by byte: a call into Buffer.copy costs more than copying a few dozen bytes.
      const source = sources[i]!;
      const start = starts[i]!;
      if (length <= 64) for (let b = 0; b < length; b++) out[offset + b] = source[start + b]!;
      else source.copy(out, offset, start, start + length);
      offset += length;
    }
    out.writeUInt32LE(crc.oggCrc(out), 22);
    return out;
  }

  const asBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

  /** One Ogg page of whole packets: they all end on it, so its granule is the one after its last packet. */
  function oggPage(options: OggPageOptions): Buffer {
    const flags = (options.bos ? FLAG_BOS : 0) | (options.eos ? FLAG_EOS : 0);
    const sources = options.packets.map(asBuffer);
    return page(
      options.serial,
      options.sequence,
      options.granule,
      flags,
      sources,
      sources.map(() => 0),
      sources.map((packet) => packet.length),
    );
  }

  /** A single logical stream of packets of `source`: header packets on their own pages, then audio packets grouped into pages. */
  function oggStream(serial: number, source: Uint8Array, samplesPerPage = 48_000): OggStream {
    const data = asBuffer(source);
    const pages: Buffer[] = [];
    let sequence = 0;
    let sources: Buffer[] = [];
    let starts: number[] = [];
    let lengths: number[] = [];
    let pendingSegments = 0;
    let pendingGranule = 0;
    let pendingSamples = 0;

    const flush = (eos: boolean): void => {
      if (!lengths.length && !eos) return;
      pages.push(page(serial, sequence++, BigInt(pendingGranule), eos ? FLAG_EOS : 0, sources, starts, lengths));
      sources = [];
      starts = [];
      lengths = [];
      pendingSegments = 0;
      pendingSamples = 0;
    };

    return {
      header(packet) {
        pages.push(oggPage({ serial, sequence, granule: 0n, packets: [packet], bos: sequence === 0 }));
        sequence++;
      },
      packet(start, length, granule, samples) {
        const segments = segmentsFor(length);
        if (segments > MAX_SEGMENTS) throw new Refusal(`an Opus packet of ${length} bytes is too large for an Ogg page`);
        // A full page is closed only when the next packet arrives, so the last page is always the one that ends the stream.
        if (pendingSegments + segments > MAX_SEGMENTS || pendingSamples >= samplesPerPage) flush(false);
        sources.push(data);
        starts.push(start);
        lengths.push(length);
        pendingSegments += segments;
        pendingGranule = granule;
        pendingSamples += samples;
      },
      finish(finalGranule) {
        pendingGranule = finalGranule;
        flush(true);
        return Buffer.concat(pages);
      },
    };
  }

  return { oggPage, oggStream, segmentsOf };
}

export type OggWriter = ReturnType<typeof oggWriterKit>;

export const { oggPage, oggStream, segmentsOf } = oggWriterKit(oggCrcKit(), OggError);
