import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appError, fieldError } from '../../common/errors/app-error.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import type { DevPayDto } from './dto/dev-pay.dto.js';
import { PaymentCharge } from './payment-charge.entity.js';
import { PaymentWebhookService, type WebhookOutcome } from './payment-webhook.service.js';
import { money } from './subscription.service.js';
import { signedSandboxWebhook } from './providers/sandbox/sandbox-payment.provider.js';

/**
 * "Pays" a sandbox charge the way a bank would: a signed sandbox webhook of the charge's amount, handled by the same
 * code as a real provider's. Development and tests only (the route is not registered in production).
 */
@Injectable()
export class SandboxPaymentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly webhooks: PaymentWebhookService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pay(dto: DevPayDto): Promise<{ txid: string; endToEndId: string; outcome: WebhookOutcome }> {
    if (!dto.txid && !dto.invoiceId) throw fieldError('txid', 'txid or invoiceId is required');
    // A development tool, named by a global id: no tenant is known.
    const charge = await this.em
      .fork()
      .findOne(
        PaymentCharge,
        { provider: 'sandbox', status: { $in: ['pending', 'paid'] }, ...(dto.txid ? { txid: dto.txid } : { invoice: dto.invoiceId }) },
        { ...ACROSS_TENANTS, orderBy: { id: 'DESC' } },
      );
    if (!charge) throw appError('ERR_NO_INVOICE_FOUND', 'No sandbox charge for that txid or invoice: open the checkout first');
    const endToEndId = `E${randomBytes(15).toString('hex')}`.slice(0, 32);
    const { body, headers } = signedSandboxWebhook(this.config.billing.sandboxSecret, {
      endToEndId,
      txid: charge.txid,
      amount: money(Number(charge.amount)),
      paidAt: new Date().toISOString(),
    });
    const { outcomes } = await this.webhooks.receive('sandbox', { headers, query: {}, rawBody: Buffer.from(body) }, 'dev endpoint');
    return { txid: charge.txid, endToEndId, outcome: outcomes[0] ?? 'unknown_charge' };
  }
}
