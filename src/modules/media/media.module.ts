import { Module } from '@nestjs/common';
import { MediaReferencesRepository } from './media-references.repository.js';
import { MediaSweep } from './media-sweep.js';

/** Housekeeping of stored media: the sweep that removes files no row needs. */
@Module({ providers: [MediaReferencesRepository, MediaSweep], exports: [MediaSweep] })
export class MediaModule {}
