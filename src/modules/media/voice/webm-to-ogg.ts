import { randomInt } from 'node:crypto';
import { ebmlKit } from './ebml.js';
import { oggCrcKit } from './ogg-crc.js';
import { OggError } from './ogg-opus-reader.js';
import { type OggWriter, oggWriterKit } from './ogg-writer.js';
import { type OpusPacket, opusPacketKit } from './opus-packet.js';
import { VOICE_LIMITS } from './voice-limits.js';
import { type OpusTrackLayout, type WebmDemuxer, WebmError, webmDemuxerKit } from './webm-opus-demuxer.js';

export { OPUS_RATE } from './voice-limits.js';

export interface VoiceNote {
  /** An Ogg/Opus file (RFC 7845), as WhatsApp phones play voice notes. */
  ogg: Buffer;
  /** Playback length in seconds (pre-skip and end padding removed). */
  seconds: number;
}

/**
 * WebM/Opus (what Chromium's MediaRecorder writes) to Ogg/Opus without decoding: the Opus packets move as they are into
 * Ogg pages after the OpusHead and OpusTags headers; each page's granule is the 48 kHz sample count once its last
 * packet is decoded, counted from the packets' TOC bytes; the final granule drops the encoder's end padding.
 * Self-contained like every factory of the parser (see ebml.ts).
 */
export function webmToOggKit(demuxer: WebmDemuxer, writer: OggWriter, opus: OpusPacket, Refusal: new (message: string) => Error) {
  const OPUS_RATE = 48_000;
  const VENDOR = 'helpdesk voice remuxer';

  /** The track's OpusHead, or one built from the Matroska fields (already checked) when the file had none. */
  function opusHead(track: OpusTrackLayout): Uint8Array {
    if (track.opusHead) return track.opusHead;
    const head = Buffer.alloc(19);
    head.write('OpusHead', 0, 'latin1');
    head[8] = 1; // version
    head[9] = track.channels;
    head.writeUInt16LE(track.preSkip, 10);
    head.writeUInt32LE(Math.round(track.sampleRate), 12);
    head.writeInt16LE(0, 16); // output gain
    head[18] = 0; // mapping family 0: mono or stereo
    return head;
  }

  function opusTags(): Buffer {
    const vendor = Buffer.from(VENDOR, 'utf8');
    const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
    tags.write('OpusTags', 0, 'latin1');
    tags.writeUInt32LE(vendor.length, 8);
    vendor.copy(tags, 12);
    tags.writeUInt32LE(0, 12 + vendor.length); // no comments
    return tags;
  }

  function webmToOgg(webm: Uint8Array, serial: number): VoiceNote {
    const track = demuxer.demux(webm);
    const stream = writer.oggStream(serial, webm);
    stream.header(opusHead(track));
    stream.header(opusTags());
    let granule = 0;
    for (let i = 0; i < track.packetStarts.length; i++) {
      const start = track.packetStarts[i]!;
      const length = track.packetLengths[i]!;
      const samples = opus.opusSamplesAt(webm, start, length);
      if (samples === 0) continue; // malformed: an Ogg decoder would take it for a lost packet
      granule += samples;
      stream.packet(start, length, granule, samples);
    }
    if (granule === 0) throw new Refusal('no audio in the recording');
    const padding = Math.round((track.discardPaddingNs * OPUS_RATE) / 1e9);
    const finalGranule = granule - padding > track.preSkip ? granule - padding : granule;
    return { ogg: stream.finish(finalGranule), seconds: Math.max(0, finalGranule - track.preSkip) / OPUS_RATE };
  }

  return { webmToOgg };
}

export type WebmToOgg = ReturnType<typeof webmToOggKit>;

const remuxer = webmToOggKit(webmDemuxerKit(ebmlKit(), VOICE_LIMITS, WebmError), oggWriterKit(oggCrcKit(), OggError), opusPacketKit(), WebmError);

/** On the calling thread: for small files and tools. The server goes through `remuxWebm` (voice-remux.ts). */
export function webmToOgg(webm: Uint8Array, serial = randomInt(1, 2 ** 31)): VoiceNote {
  return remuxer.webmToOgg(webm, serial);
}
