import { Controller, HttpCode, Param, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../common/decorators/access.decorators.js';
import { PaymentWebhookService, type WebhookOutcome } from './payment-webhook.service.js';

/**
 * Payment providers' webhooks. No user session: each provider's adapter authenticates its own requests (a signature
 * over the raw body, or a shared token) and anything else is refused with 401 and logged.
 */
@ApiTags('payments')
@Controller('payments')
export class PaymentWebhookController {
  constructor(private readonly webhooks: PaymentWebhookService) {}

  @Public()
  @Post('webhook/:provider')
  @HttpCode(200)
  @ApiOkResponse({ description: 'How many confirmed payments the request reported, and what became of each' })
  receive(@Param('provider') provider: string, @Req() req: RawBodyRequest<Request>): Promise<{ received: number; outcomes: WebhookOutcome[] }> {
    return this.webhooks.receive(
      provider,
      { headers: req.headers, query: req.query as Record<string, unknown>, rawBody: req.rawBody ?? Buffer.alloc(0) },
      req.ip ?? 'unknown',
    );
  }
}
