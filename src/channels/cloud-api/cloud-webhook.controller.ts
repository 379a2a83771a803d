import { Controller, Get, HttpCode, Inject, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/decorators/access.decorators.js';
import { appError } from '../../common/errors/app-error.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';
import type { ConnectionRef } from '../channel-provider.js';
import { INBOUND_SINK, type InboundSink, type RecordOnlyEvent } from '../inbound-sink.js';
import { InboxDrainers } from '../inbox-drainers.js';
import { SEND_FAILURE_SINK, type SendFailureSink } from '../send-failure-sink.js';
import { sendFailureOf } from './send-failure.js';
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
 * delivery is checked against the connection's app secret, recorded in the durable inbox and only then answered 200,
 * so Meta retries what was not recorded. Processing is the connection's drainer's (one process at a time, in the
 * inbox's order: InboxDrainers). The body is read raw, up to WEBHOOK_BODY_LIMIT (configure-app.ts), and parsed only
 * once its signature is checked. No user session: a request that is not signed is refused with 401.
 */
@ApiTags('cloud-api')
@Controller('cloud-api')
export class CloudWebhookController {
  constructor(
    private readonly connections: CloudCredentialsRepository,
    private readonly provider: CloudProviderFactory,
    private readonly drainers: InboxDrainers,
    @Inject(INBOUND_SINK) private readonly pipeline: InboundSink,
    @Inject(SEND_FAILURE_SINK) private readonly failures: SendFailureSink,
    private readonly outcomes: SendOutcomes,
  ) {}

  private readonly logger = new Logger('CloudWebhook');

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
  @ApiResponse({ status: 401, description: 'Not signed with the app secret (ERR_CLOUD_WEBHOOK_SIGNATURE)' })
  @ApiResponse({ status: 400, description: 'Not Meta’s shape or over a budget of the parser (ERR_CLOUD_BAD_PAYLOAD)' })
  @ApiResponse({ status: 413, description: 'Body over 1 MB (ERR_PAYLOAD_TOO_LARGE)' })
  async receive(@IdParam('id') id: number, @Req() req: Request): Promise<WebhookReceipt> {
    const connection = await this.connections.byId(id);
    // An unknown id and a connection without credentials answer alike: nothing tells a prober which ids exist.
    if (!connection?.credentials) throw appError('ERR_CLOUD_WEBHOOK_SIGNATURE', 'The webhook is not signed with this connection’s app secret');
    const ref: ConnectionRef = { id, companyId: connection.companyId, name: '' };
    const header = req.headers[SIGNATURE_HEADER];
    const events: RecordOnlyEvent[] = [];
    // The body is the raw bytes: configure-app.ts reads this route with a byte parser.
    const receipt = await receiveWebhook(
      { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), signature: typeof header === 'string' ? header : undefined },
      { credentials: connection.credentials, client: this.provider.client, maxMediaBytes: MAX_MEDIA_BYTES },
      {
        message: async (message) => void events.push({ kind: 'message', message }),
        // A status names Meta's id; the send's own id (biz_opaque_callback_data) finds a row not renamed yet.
        ack: async (providerId, ack, localId) => {
          events.push({ kind: 'ack', providerId, ack });
          if (localId && localId !== providerId) events.push({ kind: 'ack', providerId: localId, ack });
          // Campaign and scheduled sends are found by their own id: the only name a send cut by a crash has.
          if (localId) await this.outcomes.record(ref, { localId, providerId, ack, error: null });
        },
        failed: async (status) => {
          // A failed send is stored on the message under either id (the chat shows Meta's reason).
          await this.failures.failed(ref, [status.providerId, status.bizOpaque ?? ''], sendFailureOf(status));
          if (!status.bizOpaque) return;
          const error = status.error ? `${status.error.code} ${status.error.title}${status.error.details ? `: ${status.error.details}` : ''}` : 'failed';
          await this.outcomes.record(ref, { localId: status.bizOpaque, providerId: status.providerId, ack: 0, error: error.slice(0, 300) });
        },
      },
    );
    // One INSERT in the payload's order; the 200 waits for its commit.
    if (events.length) await this.pipeline.recordOnly(ref, events);
    // Recorded: the drainer is told (or is this process); the answer does not wait for it.
    if (events.length) void this.drainers.recorded(ref).catch((e: unknown) => this.logger.warn(`connection ${id}: drainer not told: ${String(e)}`));
    return receipt;
  }
}
