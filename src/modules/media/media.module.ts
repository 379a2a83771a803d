import { Module } from '@nestjs/common';
import { MediaReferencesRepository } from './media-references.repository.js';
import { MediaSweep } from './media-sweep.js';
import { VoiceNotes } from './voice/voice-notes.js';

/** Housekeeping of stored media (the sweep that removes files no row needs) and voice-note preparation. */
@Module({ providers: [MediaReferencesRepository, MediaSweep, VoiceNotes], exports: [MediaSweep, VoiceNotes] })
export class MediaModule {}
