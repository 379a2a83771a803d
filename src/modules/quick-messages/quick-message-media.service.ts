import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { assertCanEdit, audienceOf } from './quick-message-access.js';
import { fileRequired } from './quick-message-errors.js';
import type { QuickMessage } from './quick-message.entity.js';
import { type QuickMessageResponse, toQuickMessageResponse } from './quick-message.mapper.js';
import { QuickMessageEvents } from './quick-messages.events.js';
import { QuickMessagesService } from './quick-messages.service.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';

/** The attachment of a quick message: one file, replaced on upload, stored under a generated name. */
@Injectable()
export class QuickMessageMediaService {
  constructor(
    private readonly em: EntityManager,
    private readonly quickMessages: QuickMessagesService,
    private readonly storage: StoragePort,
    private readonly events: QuickMessageEvents,
  ) {}

  async upload(ctx: AuthContext, id: number, file: UploadedMedia | undefined): Promise<QuickMessageResponse> {
    const record = await this.quickMessages.load(id);
    assertCanEdit(ctx, record);
    if (!file?.size) throw fileRequired();
    return this.replace(ctx, record, file.path, file.originalName.slice(0, 255) || null);
  }

  async remove(ctx: AuthContext, id: number): Promise<QuickMessageResponse> {
    const record = await this.quickMessages.load(id);
    assertCanEdit(ctx, record);
    return this.replace(ctx, record, null, null);
  }

  /** The previous file is deleted only once the record no longer points to it. */
  private async replace(ctx: AuthContext, record: QuickMessage, mediaPath: string | null, mediaName: string | null): Promise<QuickMessageResponse> {
    const previous = record.mediaPath;
    record.mediaPath = mediaPath;
    record.mediaName = mediaName;
    await this.em.flush();
    const response = toQuickMessageResponse(record);
    this.events.emit(ctx.companyId, audienceOf(ctx, record), { action: 'update', record: response });
    if (previous && previous !== mediaPath) await this.storage.remove(previous);
    return response;
  }
}
