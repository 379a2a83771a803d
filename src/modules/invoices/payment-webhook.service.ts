import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { appError } from '../../common/errors/app-error.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import { renewedDueDate } from '../../shared/recurrence.js';
import { Invoice } from './invoice.entity.js';
import { toInvoiceResponse } from './invoice.mapper.js';
import { companyOfTxid } from './charge-txid.js';
import { InvoicesRepository } from './invoices.repository.js';
import type { PaymentOutcome } from './payment-transaction.entity.js';
import { type ConfirmedPayment, type WebhookRequest, WebhookRejected } from './providers/payment-provider.port.js';
import { PaymentProviders } from './providers/payment-providers.js';

export type WebhookOutcome = PaymentOutcome | 'replayed';

interface Applied {
  outcome: WebhookOutcome;
  companyId?: number;
  invoiceId?: number;
  dueDate?: Date;
}

/** Reais as whole cents, so amounts compare exactly. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Confirmed payments from a provider's webhook. Each is applied once per provider transaction id, in one database
 * transaction: the log row (the idempotency key), the amount check against the charge and the invoice, the invoice
 * paid, the company's due date moved by its recurrence. Replays and mismatches change nothing and are logged.
 */
@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: InvoicesRepository,
    private readonly providers: PaymentProviders,
    private readonly realtime: RealtimeService,
  ) {}

  async receive(providerName: string, request: WebhookRequest, from = 'unknown'): Promise<{ received: number; outcomes: WebhookOutcome[] }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw appError('ERR_NO_PAYMENT_PROVIDER');
    let payments: ConfirmedPayment[];
    try {
      payments = provider.parseWebhook(request);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      this.logger.warn(`${providerName} webhook from ${from} rejected: ${error.message}`);
      throw appError('ERR_WEBHOOK_UNAUTHORIZED');
    }
    const outcomes: WebhookOutcome[] = [];
    for (const payment of payments) outcomes.push(await this.apply(providerName, payment));
    return { received: payments.length, outcomes };
  }

  private async apply(provider: string, payment: ConfirmedPayment, now = new Date()): Promise<WebhookOutcome> {
    const result = await this.em.fork().transactional(async (tx): Promise<Applied> => {
      const logId = await this.repository.recordTransaction(tx, { provider, ...payment });
      if (logId === null) return { outcome: 'replayed' };
      const companyId = companyOfTxid(payment.chargeId);
      const charge = companyId === null ? null : await this.repository.chargeFor(tx, companyId, provider, payment.chargeId);
      if (!charge) return { outcome: 'unknown_charge' };
      const settle = async (outcome: PaymentOutcome) => {
        await this.repository.settleTransaction(tx, logId, outcome, charge.company_id, charge.invoice_id);
        return { outcome, companyId: charge.company_id, invoiceId: charge.invoice_id };
      };
      const invoice = await this.repository.invoiceForPayment(tx, charge.company_id, charge.invoice_id);
      if (!invoice) return settle('unknown_charge');
      const paid = cents(payment.amount);
      if (paid !== cents(invoice.value) || paid !== cents(charge.amount)) return settle('amount_mismatch');
      if (invoice.status === 'paid') return settle('already_paid');
      const dueDate = renewedDueDate(invoice.due_date ? new Date(invoice.due_date) : null, invoice.recurrence, now);
      await this.repository.markPaid(tx, charge.company_id, invoice.id, charge.id, payment.paidAt, dueDate);
      return { ...(await settle('applied')), dueDate };
    });

    const where = `${provider} transaction ${payment.transactionId} (charge ${payment.chargeId}, ${payment.amount})`;
    if (result.outcome !== 'applied') {
      this.logger.warn(`${where}: ${result.outcome}, nothing changed`);
      return result.outcome;
    }
    this.logger.log(`${where}: invoice ${result.invoiceId} paid, company ${result.companyId} due ${result.dueDate!.toISOString()}`);
    await this.announce(result.companyId!, result.invoiceId!, result.dueDate!);
    return 'applied';
  }

  /** After the commit: the admins' screens and the checkout of a billing-only session learn of the renewal. */
  private async announce(companyId: number, invoiceId: number, dueDate: Date): Promise<void> {
    this.realtime.toRooms(companyId, [Rooms.companyAdmins(companyId), Rooms.companyBilling(companyId)], 'payment', {
      action: 'CONCLUIDA',
      invoiceId,
      company: { id: companyId, dueDate: dueDate.toISOString() },
    });
    // The invoice was just written by this process: read across tenants by its own id.
    const invoice = await this.em.fork().findOne(Invoice, { id: invoiceId, company: companyId }, ACROSS_TENANTS);
    if (invoice) this.realtime.toAdmins(companyId, 'invoice', { action: 'update', invoice: toInvoiceResponse(invoice) });
  }
}
