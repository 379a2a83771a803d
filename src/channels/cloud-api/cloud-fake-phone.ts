import { Injectable } from '@nestjs/common';
import { appError, fieldError } from '../../common/errors/app-error.js';
import { normaliseNumber } from '../numbers.js';
import type { SimulateInboundDto } from '../simulator/simulate-inbound.dto.js';
import type { CloudApiCredentials, WebhookMessageContent } from './cloud-api-types.js';
import { mediaKindOf } from './cloud-api-session.js';
import { CloudCredentialsRepository } from './cloud-credentials.repository.js';
import { CloudProviderFactory } from './cloud-provider.factory.js';
import { FAKE_INBOUND_PATH, type FakeInbound } from './fake-graph-api.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const CONTROL_TIMEOUT_MS = 30_000;

/**
 * Development only: a customer of a Cloud API connection whose Graph API is the local fake (the demo's second
 * connection, tests). The message goes to the fake, which posts it back as Meta would, as a signed webhook; media is
 * uploaded to the fake first. Never reaches Meta: a connection whose Graph API is not on this machine is refused.
 */
@Injectable()
export class CloudFakePhone {
  constructor(
    private readonly connections: CloudCredentialsRepository,
    private readonly provider: CloudProviderFactory,
  ) {}

  /** The connection's company when it is a Cloud API one, else null. */
  async companyOf(connectionId: number): Promise<number | null> {
    return (await this.connections.byId(connectionId))?.companyId ?? null;
  }

  async inbound(connectionId: number, dto: SimulateInboundDto): Promise<{ id: string }> {
    const creds = (await this.connections.byId(connectionId))?.credentials;
    if (!creds) throw appError('ERR_WAPP_NOT_INITIALIZED', 'The Cloud API connection has no complete credentials');
    const base = new URL(creds.graphBaseUrl ?? 'https://graph.facebook.com');
    if (!LOOPBACK.has(base.hostname)) throw appError('ERR_BAD_REQUEST', 'Only a connection on the local Graph API fake can be simulated');
    const message: FakeInbound = {
      from: normaliseNumber(dto.from),
      ...(dto.id ? { id: dto.id } : {}),
      ...(dto.name ? { profileName: dto.name } : {}),
      ...(dto.quotedId ? { context: { id: dto.quotedId } } : {}),
      ...(await this.content(creds, dto)),
    };
    const res = await fetch(new URL(FAKE_INBOUND_PATH, base), {
      method: 'POST',
      headers: { authorization: `Bearer ${creds.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: creds.phoneNumberId, message }),
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    }).catch(() => null);
    const answer = (await res?.json().catch(() => null)) as { id?: string; status?: number } | null;
    // The fake answers the app's own status for the webhook: only a 200 means the message was recorded.
    if (!res?.ok || answer?.status !== 200 || !answer.id) {
      throw appError('ERR_INBOUND_NOT_RECORDED', `The Graph API fake did not deliver the message (${res ? `${res.status}/${answer?.status}` : 'unreachable'})`);
    }
    return { id: answer.id };
  }

  /** The webhook content of one simulated message, as Meta documents it. */
  private async content(creds: CloudApiCredentials, dto: SimulateInboundDto): Promise<WebhookMessageContent> {
    const kind = dto.type ?? 'text';
    if (dto.group) throw fieldError('group', 'the Cloud API has no group messages');
    switch (kind) {
      case 'text':
        return { type: 'text', text: { body: dto.body ?? '' } };
      case 'location':
        return {
          type: 'location',
          location: { latitude: dto.latitude ?? 0, longitude: dto.longitude ?? 0, ...(dto.body ? { name: dto.body } : {}) },
        };
      case 'reaction':
        if (!dto.targetId) throw fieldError('targetId', 'targetId is required for this type');
        return { type: 'reaction', reaction: { message_id: dto.targetId, emoji: dto.body ?? '' } };
      case 'media':
        return this.media(creds, dto);
      default:
        throw fieldError('type', `a Cloud API connection cannot simulate "${kind}"`);
    }
  }

  private async media(creds: CloudApiCredentials, dto: SimulateInboundDto): Promise<WebhookMessageContent> {
    if (!dto.mediaBase64) throw fieldError('mediaBase64', 'mediaBase64 is required for this type');
    if (!dto.mimetype) throw fieldError('mimetype', 'mimetype is required for this type');
    const bytes = Buffer.from(dto.mediaBase64, 'base64');
    const fileName = dto.fileName ?? 'arquivo';
    const id = await this.provider.client.uploadMedia(creds, bytes, dto.mimetype, fileName);
    const kind = dto.voiceNote ? 'audio' : mediaKindOf(dto.mimetype);
    const caption = dto.body ? { caption: dto.body } : {};
    switch (kind) {
      case 'image':
        return { type: 'image', image: { id, mime_type: dto.mimetype, ...caption } };
      case 'video':
        return { type: 'video', video: { id, mime_type: dto.mimetype, ...caption } };
      case 'audio':
        return { type: 'audio', audio: { id, mime_type: dto.mimetype, ...(dto.voiceNote ? { voice: true } : {}) } };
      case 'sticker':
        return { type: 'sticker', sticker: { id, mime_type: dto.mimetype } };
      default:
        return { type: 'document', document: { id, mime_type: dto.mimetype, filename: fileName, ...caption } };
    }
  }
}
