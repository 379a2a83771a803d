import { appError } from '../../common/errors/app-error.js';
import type { InboundMessage } from '../channel-provider.js';
import type { CloudApiCredentials } from './cloud-api-types.js';
import type { CloudInboundMessage } from './cloud-message-mapper.js';
import type { GraphApiClient } from './graph-api.client.js';
import { type CloudStatusEvent, parseWebhookBody } from './webhook-events.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/** Where a connection's webhook events go: the same recording calls a socket provider makes (ChannelEvents). */
export interface CloudInboundTarget {
  message(message: InboundMessage): Promise<void>;
  /** `localId`: the id the send was stored under (its biz_opaque_callback_data), for a row not renamed yet. */
  ack(providerId: string, ack: number, localId: string | null): Promise<void>;
  /** A send Meta reported failed (its error says why: window closed, number not on WhatsApp...). */
  failed?(status: CloudStatusEvent): Promise<void>;
}

export interface WebhookReceipt {
  messages: number;
  statuses: number;
  /** Events of another phone number (a WABA's webhook carries all of its numbers). */
  ignored: number;
}

/** The port's media: fetched through the Graph API when the pipeline stores it (before it records the event). */
function withDownload(message: CloudInboundMessage, creds: CloudApiCredentials, client: GraphApiClient, maxMediaBytes: number): InboundMessage {
  const { media, ...rest } = message;
  if (!media) return { ...rest, media: null };
  return {
    ...rest,
    media: {
      mimetype: media.mimetype,
      fileName: media.fileName,
      voiceNote: media.voiceNote,
      download: async () => (await client.downloadMedia(creds, media.mediaId, maxMediaBytes)).bytes,
    },
  };
}

/**
 * One webhook delivery of a Cloud API connection: refused unless `X-Hub-Signature-256` signs the raw body with the
 * connection's app secret; then every event of its phone number is handed to the target in the payload's order (the
 * webhook controller collects them and records them in one insert), and the answer comes once every one is recorded,
 * so Meta's retry covers a failure. A duplicate delivery is harmless: the pipeline stores a provider id once.
 */
export async function receiveWebhook(
  delivery: { rawBody: Buffer; signature: string | undefined },
  connection: { credentials: CloudApiCredentials; client: GraphApiClient; maxMediaBytes: number },
  target: CloudInboundTarget,
): Promise<WebhookReceipt> {
  const { credentials, client, maxMediaBytes } = connection;
  if (!verifyWebhookSignature(delivery.rawBody, delivery.signature, credentials.appSecret)) {
    throw appError('ERR_CLOUD_WEBHOOK_SIGNATURE', 'The webhook is not signed with this connection’s app secret');
  }
  const receipt: WebhookReceipt = { messages: 0, statuses: 0, ignored: 0 };
  const recorded: Array<Promise<void>> = [];
  for (const event of parseWebhookBody(delivery.rawBody)) {
    if (event.phoneNumberId !== credentials.phoneNumberId) {
      receipt.ignored += 1;
      continue;
    }
    if (event.kind === 'message') {
      receipt.messages += 1;
      recorded.push(target.message(withDownload(event.message, credentials, client, maxMediaBytes)));
      continue;
    }
    receipt.statuses += 1;
    if (event.status === 'failed') {
      if (target.failed) recorded.push(target.failed(event));
    } else recorded.push(target.ack(event.providerId, event.ack, event.bizOpaque));
  }
  await Promise.all(recorded);
  return receipt;
}
