import { Injectable } from '@nestjs/common';
import type { ChannelSession } from '../../channels/channel-provider.js';
import { mimetypeForPath } from '../../infra/storage/media-types.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { FileListsService } from '../files/files.service.js';
import type { DispatchCampaignRow } from './campaign-dispatch.repository.js';

interface Attachment {
  path: string;
  mimetype: string;
  fileName: string;
}

/** How long the attachments of a campaign are kept in memory between sends (edits forget them at once). */
const ATTACHMENTS_TTL_MS = 60_000;

/**
 * Puts a campaign message on the wire with the provider ids fixed before the send: the text (with the campaign's
 * attachment as its caption's file) and then each file of the campaign's file list, whose ids derive from the main
 * one. A retried send after a crash reuses them all, so WhatsApp keeps each message once.
 */
@Injectable()
export class CampaignOutbox {
  private readonly attachments = new Map<number, { at: number; files: Attachment[] }>();

  constructor(
    private readonly fileLists: FileListsService,
    private readonly storage: StoragePort,
  ) {}

  forget(campaignId: number): void {
    this.attachments.delete(campaignId);
  }

  /** Reads what the campaign attaches (kept a minute) before a send, so the send itself reads nothing from the database. */
  async prepare(companyId: number, campaign: DispatchCampaignRow): Promise<void> {
    await this.attachmentsOf(companyId, campaign);
  }

  async sendText(session: ChannelSession, jid: string, body: string, providerId: string): Promise<void> {
    await session.sendText(jid, body, { id: providerId });
  }

  async sendMain(companyId: number, campaign: DispatchCampaignRow, session: ChannelSession, jid: string, body: string, providerId: string): Promise<void> {
    const [first, ...others] = await this.attachmentsOf(companyId, campaign);
    if (first && campaign.media_path) {
      const media = { buffer: await this.storage.read(first.path), mimetype: first.mimetype, fileName: first.fileName, caption: body || undefined };
      await session.sendMedia(jid, media, { id: providerId });
    } else {
      await session.sendText(jid, body, { id: providerId });
      if (first) others.unshift(first);
    }
    let index = 0;
    for (const file of others) {
      index += 1;
      const media = { buffer: await this.storage.read(file.path), mimetype: file.mimetype, fileName: file.fileName };
      await session.sendMedia(jid, media, { id: `${providerId}${index.toString(16).toUpperCase().padStart(2, '0')}` });
    }
  }

  /** The campaign's own attachment first (when set), then the files of its file list, in their order. */
  private async attachmentsOf(companyId: number, campaign: DispatchCampaignRow): Promise<Attachment[]> {
    const cached = this.attachments.get(campaign.id);
    if (cached && Date.now() - cached.at < ATTACHMENTS_TTL_MS) return cached.files;
    const files: Attachment[] = [];
    if (campaign.media_path) {
      files.push({ path: campaign.media_path, mimetype: mimetypeForPath(campaign.media_path), fileName: campaign.media_name ?? 'arquivo' });
    }
    if (campaign.file_list_id) {
      const list = await this.fileLists.forSending(companyId, campaign.file_list_id);
      for (const option of list?.options ?? []) {
        if (option.path)
          files.push({ path: option.path, mimetype: option.mediaType ?? mimetypeForPath(option.path), fileName: option.mediaName ?? option.name });
      }
    }
    this.attachments.set(campaign.id, { at: Date.now(), files });
    return files;
  }
}
