import { Injectable } from '@nestjs/common';
import { fieldError } from '../../../common/errors/app-error.js';
import { baseMimetype } from '../../../infra/storage/media-types.js';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import { OggError, oggOpusSeconds } from './ogg-opus-reader.js';
import { WebmError } from './webm-opus-demuxer.js';
import { webmToOgg } from './webm-to-ogg.js';

/** The type WhatsApp phones expect of a voice note. */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

export interface AudioSource {
  /** Bytes not in storage yet. */
  buffer?: Buffer;
  /** Or a file already stored (an upload). */
  storedPath?: string;
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
 * Both come back with their length. Other audio is left alone (null).
 */
@Injectable()
export class VoiceNotes {
  constructor(private readonly storage: StoragePort) {}

  async prepare(companyId: number, source: AudioSource): Promise<PreparedAudio | null> {
    const base = baseMimetype(source.mimetype);
    if (base !== 'audio/webm' && base !== 'audio/ogg') return null;
    const data = source.buffer ?? (source.storedPath ? await this.storage.read(source.storedPath) : null);
    if (!data) return null;
    if (base === 'audio/ogg') {
      // Ogg that is not Opus (Vorbis) or cannot be read goes as it came: phones play Ogg either way.
      const seconds = this.readable({ ...source, voiceNote: false }, () => oggOpusSeconds(data));
      if (seconds === null) return null;
      const path = source.storedPath ?? (await this.storage.save(companyId, data, VOICE_NOTE_MIMETYPE)).path;
      return { path, mimetype: VOICE_NOTE_MIMETYPE, buffer: data, seconds };
    }
    let note: ReturnType<typeof webmToOgg> | null;
    try {
      note = this.readable(source, () => webmToOgg(data));
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

  /** The parse's result; when the file is not what it claims, a refusal for a voice note, else null. */
  private readable<T>(source: AudioSource, parse: () => T): T | null {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof WebmError || error instanceof OggError)) throw error;
      if (source.voiceNote) throw fieldError('medias', `the recording could not be read: ${error.message}`);
      return null;
    }
  }
}
