import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelSession, OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { MessageTemplate } from '../message-templates/message-template.entity.js';
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
  private readonly templates = new Map<number, { at: number; byId: Map<number, MessageTemplate> }>();

  constructor(
    private readonly fileLists: FileListsService,
    private readonly storage: StoragePort,
    private readonly em: EntityManager,
  ) {}

  forget(campaignId: number): void {
    this.attachments.delete(campaignId);
    this.templates.delete(campaignId);
  }

  /**
   * The template a variant sends on a WhatsApp Cloud API connection (read once a minute per campaign, like the
   * attachments; a sync that removes or pauses it is seen within that time), and the texts of its values; null when
   * none is chosen or it no longer exists.
   */
  async templateOf(
    companyId: number,
    campaign: DispatchCampaignRow,
    variant: number,
  ): Promise<{ template: MessageTemplate; variables: string[]; headerMediaUrl?: string | null } | null> {
    const choice = (campaign.templates ?? []).find((c) => c.variant === variant);
    if (!choice) return null;
    let cached = this.templates.get(campaign.id);
    if (!cached || Date.now() - cached.at >= ATTACHMENTS_TTL_MS) {
      const ids = (campaign.templates ?? []).map((c) => c.templateId);
      const rows = await forkForCompany(this.em, companyId).find(MessageTemplate, { id: { $in: ids } });
      cached = { at: Date.now(), byId: new Map(rows.map((row) => [row.id, row])) };
      this.templates.set(campaign.id, cached);
    }
    const template = cached.byId.get(choice.templateId);
    return template ? { template, variables: choice.variables, headerMediaUrl: choice.headerMediaUrl ?? null } : null;
  }

  /** A template message under the shipping's own id (the provider assigns its id; this one travels as biz_opaque). */
  async sendTemplate(session: ChannelSession, jid: string, template: OutgoingTemplateMessage, providerId: string): Promise<void> {
    if (!session.sendTemplate) throw new Error('This connection does not send message templates');
    await session.sendTemplate(jid, template, { id: providerId });
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
