import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError } from '../../common/errors/app-error.js';
import type { SubscriptionResponse } from '../../shared/billing-api-types.js';
import { assignBillingFields } from '../companies/billing-fields.js';
import { Company } from '../companies/company.entity.js';
import { billingOf, type SubscriptionDto } from './dto/subscription.dto.js';
import { newTxid } from './charge-txid.js';
import { InvoicesService } from './invoices.service.js';
import { PaymentCharge } from './payment-charge.entity.js';
import { PaymentProviders } from './providers/payment-providers.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';

/** A charge handed out again must stay payable at least this long. */
const REUSE_MARGIN_MS = 10 * 60_000;

export const money = (value: number) => value.toFixed(2);

/**
 * The checkout's order (`POST /subscription`): a Pix charge for an open invoice of the caller's company, of the
 * invoice's value whatever the browser sent. Asking again while a charge is still payable answers the same charge, so
 * a double click or a reload does not issue a second one.
 */
@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger('Subscription');

  constructor(
    private readonly em: EntityManager,
    private readonly invoices: InvoicesService,
    private readonly providers: PaymentProviders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
  ) {}

  async charge(ctx: AuthContext, dto: SubscriptionDto): Promise<SubscriptionResponse> {
    const invoice = await this.invoices.load(dto.invoiceId);
    if (invoice.status === 'paid') throw appError('ERR_INVOICE_ALREADY_PAID');
    const provider = this.providers.issuing;
    const amount = money(Number(invoice.value));
    const company = await this.em.findOneOrFail(Company, { id: ctx.companyId });
    // What the 'Dados' step asked is kept on the company: prefilled next time and shown on the invoices.
    assignBillingFields(company, billingOf(dto));

    const reusable = await this.em.findOne(
      PaymentCharge,
      { invoice, provider: provider.name, status: 'pending', amount: Number(invoice.value), expiresAt: { $gt: new Date(Date.now() + REUSE_MARGIN_MS) } },
      { orderBy: { id: 'DESC' }, populate: ['qrDataUrl'] },
    );
    if (reusable) {
      await this.em.flush();
      return this.toResponse(reusable);
    }

    // Written before the provider is asked: a charge the provider knows always has its row, found by txid.
    const charge = this.em.create(PaymentCharge, {
      company: ctx.companyId,
      invoice,
      provider: provider.name,
      txid: newTxid(ctx.companyId),
      amount: Number(invoice.value),
      expiresAt: new Date(Date.now() + this.config.billing.chargeTtlSeconds * 1000),
    });
    await this.audit.flush(this.em, ctx, () => ({
      action: 'invoice.charge',
      subjectType: 'Invoice',
      subjectId: invoice.id,
      changes: { charge: { to: { provider: charge.provider, txid: charge.txid, amount: charge.amount } } },
    }));
    try {
      const issued = await provider.createCharge({
        txid: charge.txid,
        amount,
        description: `Fatura ${invoice.id}`,
        payer: { name: [dto.firstName, dto.lastName].filter(Boolean).join(' ') || company.name, email: company.email },
        expiresInSeconds: this.config.billing.chargeTtlSeconds,
      });
      if (issued.amount !== amount) throw new Error(`provider answered ${issued.amount} for ${amount}`);
      Object.assign(charge, {
        providerChargeId: issued.providerChargeId,
        brCode: issued.brCode,
        qrDataUrl: issued.qrDataUrl,
        expiresAt: issued.expiresAt,
        status: 'pending',
      });
    } catch (error) {
      charge.status = 'failed';
      await this.em.flush();
      this.logger.error(`charge for invoice ${invoice.id} not issued by ${provider.name}: ${error instanceof Error ? error.message : String(error)}`);
      throw appError('ERR_PAYMENT_PROVIDER');
    }
    await this.em.flush();
    return this.toResponse(charge);
  }

  private toResponse(charge: PaymentCharge): SubscriptionResponse {
    return {
      invoiceId: charge.invoice.id,
      txid: charge.txid,
      provider: charge.provider,
      valor: { original: money(Number(charge.amount)) },
      qrcode: { qrcode: charge.brCode ?? '', imagemQrcode: charge.qrDataUrl ?? '' },
      expiresAt: charge.expiresAt.toISOString(),
    };
  }
}
