import { Injectable } from '@nestjs/common';
import { fieldError } from '../../../common/errors/app-error.js';
import { baseMimetype } from '../../../infra/storage/media-types.js';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import { OggError } from './ogg-opus-reader.js';
import { VOICE_LIMITS } from './voice-limits.js';
import { readOggSeconds, remuxWebm } from './voice-remux.js';
import { WebmError } from './webm-opus-demuxer.js';
import type { VoiceNote } from './webm-to-ogg.js';

/** The type WhatsApp phones expect of a voice note. */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

export interface AudioSource {
  /** Bytes not in storage yet. */
  buffer?: Buffer;
  /** Or a file already stored (an upload). */
  storedPath?: string;
  /** Bytes of the stored file, when known: a file over the parser's budget is never read into memory. */
  size?: number;
  mimetype: string;
  /** Recorded to go as a voice note: an unreadable WebM recording is refused rather than sent as a file phones cannot play. */
  voiceNote?: boolean;
}

export interface PreparedAudio {
  path: string;
  mimetype: string;
  buffer: Buffer;
  /** Length in seconds, when the container tells it. */
  seconds: number | null;
}

/**
 * Makes recorded audio playable as a WhatsApp voice note, in process (no shell, no ffmpeg): WebM/Opus (Chromium's
 * MediaRecorder) is remuxed into Ogg/Opus and stored in place of the upload; Ogg/Opus (Firefox's) is kept as it is.
 * Both come back with their length. Other audio is left alone (null). The parser keeps to a budget (voice-limits.ts:
 * 16 MB, 90,000 packets, 8,000-byte packets, checked header fields) and reads all but small files in a worker thread
 * with a 64 MB heap and 10 s (voice-remux.ts); a file past it is unreadable like any malformed one.
 */
@Injectable()
export class VoiceNotes {
  constructor(private readonly storage: StoragePort) {}

  async prepare(companyId: number, source: AudioSource): Promise<PreparedAudio | null> {
    const base = baseMimetype(source.mimetype);
    if (base !== 'audio/webm' && base !== 'audio/ogg') return null;
    if (source.size !== undefined && source.size > VOICE_LIMITS.maxInputBytes) return this.overBudget(source);
    const data = source.buffer ?? (source.storedPath ? await this.storage.read(source.storedPath) : null);
    if (!data) return null;
    if (base === 'audio/ogg') {
      // Ogg that is not Opus (Vorbis) or cannot be read goes as it came: phones play Ogg either way.
      const seconds = await this.readable({ ...source, voiceNote: false }, () => readOggSeconds(data));
      if (seconds === null) return null;
      const path = source.storedPath ?? (await this.storage.save(companyId, data, VOICE_NOTE_MIMETYPE)).path;
      return { path, mimetype: VOICE_NOTE_MIMETYPE, buffer: data, seconds };
    }
    let note: VoiceNote | null;
    try {
      // Bytes read from storage here are this call's own: they move to the worker rather than being copied.
      note = await this.readable(source, () => remuxWebm(data, { transfer: !source.buffer }));
    } catch (refused) {
      // A refused recording leaves nothing behind in storage.
      if (source.storedPath) await this.storage.remove(source.storedPath);
      throw refused;
    }
    if (note === null) return null;
    const stored = await this.storage.save(companyId, note.ogg, VOICE_NOTE_MIMETYPE);
    // The WebM upload is replaced by its Ogg copy: nothing references it.
    if (source.storedPath) await this.storage.remove(source.storedPath);
    return { path: stored.path, mimetype: VOICE_NOTE_MIMETYPE, buffer: note.ogg, seconds: note.seconds };
  }

  /** A recording too big to read: refused (and removed) as a voice note, sent as it came otherwise. */
  private async overBudget(source: AudioSource): Promise<null> {
    if (!source.voiceNote) return null;
    if (source.storedPath) await this.storage.remove(source.storedPath);
    throw fieldError('medias', `the recording is over ${VOICE_LIMITS.maxInputBytes / 1024 / 1024} MB`);
  }

  /** The parse's result; when the file is not what it claims, a refusal for a voice note, else null. */
  private async readable<T>(source: AudioSource, parse: () => Promise<T>): Promise<T | null> {
    try {
      return await parse();
    } catch (error) {
      if (!(error instanceof WebmError || error instanceof OggError)) throw error;
      if (source.voiceNote) throw fieldError('medias', `the recording could not be read: ${error.message}`);
      return null;
    }
  }
}
