import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import { MediaSweep } from '../media/media-sweep.js';
import { parseOptionIds } from './dto/upload-file-list.dto.js';
import { duplicateUploadOption, filesDoNotMatchOptions, filesRequired, uploadOptionUnknown } from './file-list-errors.js';
import { type FileListResponse, toFileListResponse } from './file-list.mapper.js';
import { FileListEvents } from './files.events.js';
import { FileListsService } from './files.service.js';

/**
 * The files of a list's options: each uploaded part is matched to the option named at its position in `optionIds`;
 * a replaced file is released once the option no longer points to it.
 */
@Injectable()
export class FileListMediaService {
  constructor(
    private readonly em: EntityManager,
    private readonly fileLists: FileListsService,
    private readonly events: FileListEvents,
    private readonly media: MediaSweep,
  ) {}

  async upload(ctx: AuthContext, id: number, rawOptionIds: string, files: UploadedMedia[]): Promise<FileListResponse> {
    const uploaded = files.map((file) => file.path);
    try {
      const response = await this.attach(ctx, id, parseOptionIds(rawOptionIds), files);
      uploaded.length = 0;
      return response;
    } finally {
      // Refused after the files were stored (unknown list or option): nothing will reference them.
      if (uploaded.length) await this.media.release(ctx.companyId, uploaded);
    }
  }

  private async attach(ctx: AuthContext, id: number, optionIds: number[], files: UploadedMedia[]): Promise<FileListResponse> {
    const record = await this.fileLists.load(id);
    if (!files.some((file) => file.size > 0)) throw filesRequired();
    if (optionIds.length !== files.length) throw filesDoNotMatchOptions(files.length, optionIds.length);
    const options = new Map(record.options.getItems().map((option) => [option.id, option]));
    const seen = new Set<number>();
    const previous: string[] = [];
    for (const [index, optionId] of optionIds.entries()) {
      const option = options.get(optionId);
      if (!option) throw uploadOptionUnknown(optionId);
      if (seen.has(optionId)) throw duplicateUploadOption(optionId);
      seen.add(optionId);
      const file = files[index]!;
      if (option.path) previous.push(option.path);
      option.path = file.path;
      option.mediaType = file.mimetype;
      option.mediaName = file.originalName.slice(0, 255) || null;
    }
    await this.em.flush();
    const response = toFileListResponse(record);
    this.events.emit(ctx.companyId, { action: 'update', record: response });
    await this.media.release(ctx.companyId, previous);
    return response;
  }
}
