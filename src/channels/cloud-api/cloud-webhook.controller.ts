import { Controller, Get, HttpCode, Inject, Post, Query, type RawBodyRequest, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/decorators/access.decorators.js';
import { appError } from '../../common/errors/app-error.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';
import type { ChannelSession, ConnectionRef } from '../channel-provider.js';
import { ChannelManager } from '../channel-manager.js';
import { INBOUND_SINK, type InboundSink } from '../inbound-sink.js';
import { SendOutcomes } from '../send-outcomes.js';
import { CloudCredentialsRepository } from './cloud-credentials.repository.js';
import { CloudProviderFactory } from './cloud-provider.factory.js';
import { type WebhookReceipt, receiveWebhook } from './webhook-ingress.js';
import { answerVerification } from './webhook-verification.js';
import { SIGNATURE_HEADER } from './webhook-signature.js';

/** Media a customer sends through the Cloud API is fetched up to this size (Meta's own limit for documents). */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/**
 * Meta's webhooks of a Cloud API connection (the URL the connection dialog shows). Any API process takes them: each
 * delivery is checked against the connection's app secret, recorded in the durable inbox (the same pipeline as a
 * WhatsApp Web session's events, in the connection's lanes) and only then answered 200, so Meta retries what was not
 * recorded. No user session: a request that is not signed is refused with 401.
 */
@ApiTags('cloud-api')
@Controller('cloud-api')
export class CloudWebhookController {
  constructor(
    private readonly connections: CloudCredentialsRepository,
    private readonly provider: CloudProviderFactory,
    private readonly channels: ChannelManager,
    @Inject(INBOUND_SINK) private readonly pipeline: InboundSink,
    private readonly outcomes: SendOutcomes,
  ) {}

  @Public()
  @Get(':id/webhook')
  @ApiOperation({ summary: "Meta's webhook verification: echoes hub.challenge when hub.verify_token is the connection's" })
  async verify(@IdParam('id') id: number, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const connection = await this.connections.byId(id);
    const challenge = connection?.verifyToken ? answerVerification(query, connection.verifyToken) : null;
    if (challenge === null) throw appError('ERR_CLOUD_WEBHOOK_SIGNATURE', 'The verify token is not this connection’s');
    res.status(200).type('text/plain').send(challenge);
  }

  @Public()
  @Post(':id/webhook')
  @HttpCode(200)
  @ApiOkResponse({ description: 'How many messages and statuses of this connection the delivery carried (all recorded)' })
  async receive(@IdParam('id') id: number, @Req() req: RawBodyRequest<Request>): Promise<WebhookReceipt> {
    const connection = await this.connections.byId(id);
    // An unknown id and a connection without credentials answer alike: nothing tells a prober which ids exist.
    if (!connection?.credentials) throw appError('ERR_CLOUD_WEBHOOK_SIGNATURE', 'The webhook is not signed with this connection’s app secret');
    const ref: ConnectionRef = { id, companyId: connection.companyId, name: '' };
    const header = req.headers[SIGNATURE_HEADER];
    const session = this.sessionOf(ref);
    return receiveWebhook(
      { rawBody: req.rawBody ?? Buffer.alloc(0), signature: typeof header === 'string' ? header : undefined },
      { credentials: connection.credentials, client: this.provider.client, maxMediaBytes: MAX_MEDIA_BYTES },
      {
        message: (message) => this.pipeline.message(ref, message, session),
        // A status names Meta's id; the send's own id (biz_opaque_callback_data) finds a row not renamed yet.
        ack: async (providerId, ack, localId) => {
          await this.pipeline.ack(ref, providerId, ack);
          if (localId && localId !== providerId) await this.pipeline.ack(ref, localId, ack);
          // Campaign and scheduled sends are found by their own id: the only name a send cut by a crash has.
          if (localId) await this.outcomes.record(ref, { localId, providerId, ack, error: null });
        },
        failed: async (status) => {
          if (!status.bizOpaque) return;
          const error = status.error ? `${status.error.code} ${status.error.title}${status.error.details ? `: ${status.error.details}` : ''}` : 'failed';
          await this.outcomes.record(ref, { localId: status.bizOpaque, providerId: status.providerId, ack: 0, error: error.slice(0, 300) });
        },
      },
    );
  }

  /** The bot answers through the connection while it is connected. */
  private sessionOf(ref: ConnectionRef): ChannelSession | undefined {
    try {
      return this.channels.session(ref.companyId, ref.id);
    } catch {
      return undefined;
    }
  }
}
