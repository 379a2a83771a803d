import { randomInt } from 'node:crypto';
import { OggStreamWriter } from './ogg-writer.js';
import { opusPacketSamples } from './opus-packet.js';
import { demuxWebmOpus, type OpusTrack, WebmError } from './webm-opus-demuxer.js';

/** Opus always runs its granule clock at 48 kHz, whatever the input rate (RFC 7845 §4). */
export const OPUS_RATE = 48_000;
const VENDOR = 'helpdesk voice remuxer';

export interface VoiceNote {
  /** An Ogg/Opus file (RFC 7845), as WhatsApp phones play voice notes. */
  ogg: Buffer;
  /** Playback length in seconds (pre-skip and end padding removed). */
  seconds: number;
}

/** The track's OpusHead, or one built from the Matroska fields when the file had none. */
function opusHead(track: OpusTrack): Buffer {
  if (track.opusHead) return Buffer.from(track.opusHead);
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = track.channels;
  head.writeUInt16LE(Math.round((track.codecDelayNs * OPUS_RATE) / 1e9), 10);
  head.writeUInt32LE(Math.round(track.sampleRate), 12);
  head.writeInt16LE(0, 16); // output gain
  head[18] = 0; // mapping family 0: mono or stereo
  if (track.channels > 2) throw new WebmError('more than two channels needs a channel mapping table');
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

/**
 * WebM/Opus (what Chromium's MediaRecorder writes) to Ogg/Opus without decoding: the Opus packets move as they are into
 * Ogg pages after the OpusHead and OpusTags headers; each page's granule is the 48 kHz sample count once its last
 * packet is decoded, counted from the packets' TOC bytes; the final granule drops the encoder's end padding.
 */
export function webmToOgg(webm: Uint8Array, serial = randomInt(1, 2 ** 31)): VoiceNote {
  const track = demuxWebmOpus(webm);
  if (!track.packets.some((packet) => opusPacketSamples(packet) > 0)) throw new WebmError('no audio in the recording');
  const head = opusHead(track);
  const preSkip = head.readUInt16LE(10);
  const writer = new OggStreamWriter(serial);
  writer.header(head);
  writer.header(opusTags());
  let granule = 0n;
  for (const packet of track.packets) {
    const samples = opusPacketSamples(packet);
    if (samples === 0) continue; // empty or malformed: an Ogg decoder would take it for a lost packet
    granule += BigInt(samples);
    writer.packet(packet, granule, samples);
  }
  const padding = BigInt(Math.round((track.discardPaddingNs * OPUS_RATE) / 1e9));
  const finalGranule = granule - padding > BigInt(preSkip) ? granule - padding : granule;
  return { ogg: writer.finish(finalGranule), seconds: Math.max(0, Number(finalGranule) - preSkip) / OPUS_RATE };
}
