import { Injectable, Logger } from '@nestjs/common';
import { discard, openBounded, readBounded } from '../../common/http/bounded-fetch.js';
import { baseMimetype, MAX_MEDIA_BYTES, mimetypeForPath } from '../../infra/storage/media-types.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { OutboundMessages, type OutgoingFile } from '../messages/outbound-messages.js';
import { OutboundUrlPolicy } from './clients/outbound-url-policy.js';

/** The conversation the bot is talking in, with what its texts' template variables need. */
export interface Conversation {
  companyId: number;
  whatsappId: number;
  ticketId: number;
  contactName: string;
  contactNumber: string;
  remoteJid: string | null;
  protocol: string;
  timeZone: string;
}

const REMOTE_MEDIA_TIMEOUT_MS = 15_000;
const REMOTE_MEDIA_MAX_BYTES = Math.min(MAX_MEDIA_BYTES, 25 * 1024 * 1024);

/** Everything the bot says goes through here: template variables rendered, stored or remote files attached. */
@Injectable()
export class BotSpeaker {
  private readonly logger = new Logger('BotSpeaker');

  constructor(
    private readonly outbound: OutboundMessages,
    private readonly storage: StoragePort,
    private readonly policy: OutboundUrlPolicy,
  ) {}

  async text(conversation: Conversation, text: string | null | undefined): Promise<void> {
    if (!text?.trim()) return;
    await this.send(conversation, this.render(conversation, text));
  }

  /** A file of ours (queue or option attachment), with an optional caption. */
  async stored(conversation: Conversation, path: string, name: string | null, caption?: string | null): Promise<void> {
    const buffer = await this.storage.read(path);
    await this.send(conversation, caption ? this.render(conversation, caption) : '', {
      buffer,
      mimetype: mimetypeForPath(path),
      originalName: name ?? path.split('/').pop() ?? 'arquivo',
    });
  }

  /** A voice note; its text is kept as the message body, for the agents and for the next prompt turns. */
  async voice(conversation: Conversation, audio: Buffer, text: string): Promise<void> {
    await this.send(conversation, text, { buffer: audio, mimetype: 'audio/ogg; codecs=opus', originalName: 'resposta.ogg', voiceNote: true });
  }

  /** A file an integration points to by URL; a file that cannot be fetched is skipped with a warning. */
  async remote(conversation: Conversation, url: string): Promise<void> {
    try {
      // The address, each redirect hop and the address dialled are checked by the policy; size and time are bounded.
      const response = await openBounded(
        url,
        { method: 'GET' },
        { label: 'Media server', maxBytes: REMOTE_MEDIA_MAX_BYTES, timeoutMs: REMOTE_MEDIA_TIMEOUT_MS, guard: this.policy },
      );
      if (!response.ok) {
        discard(response);
        throw new Error(`status ${response.status}`);
      }
      const buffer = await readBounded(response, 'Media server', REMOTE_MEDIA_MAX_BYTES);
      const mimetype = baseMimetype(response.headers.get('content-type') ?? 'application/octet-stream');
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'arquivo').slice(0, 255);
      await this.send(conversation, '', { buffer, mimetype, originalName: name });
    } catch (error) {
      this.logger.warn(`ticket ${conversation.ticketId}: media ${url} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  render(conversation: Conversation, text: string): string {
    return renderTemplate(text, { name: conversation.contactName, protocol: conversation.protocol, timeZone: conversation.timeZone });
  }

  private async send(conversation: Conversation, body: string, file?: OutgoingFile): Promise<void> {
    await this.outbound.sendToTicket(
      conversation.companyId,
      { whatsappId: conversation.whatsappId, contactNumber: conversation.contactNumber, isGroup: false, remoteJid: conversation.remoteJid },
      body,
      file ? { file } : {},
    );
  }
}
