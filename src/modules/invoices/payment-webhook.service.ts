import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { appError } from '../../common/errors/app-error.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import { RECURRENCE_MONTHS, renewedDueDate } from '../../shared/recurrence.js';
import { Invoice } from './invoice.entity.js';
import { toInvoiceResponse } from './invoice.mapper.js';
import { companyOfTxid } from './charge-txid.js';
import { type AppliedPaymentRow, InvoicesRepository } from './invoices.repository.js';
import type { PaymentOutcome } from './payment-transaction.entity.js';
import {
  type ConfirmedPayment,
  isReversal,
  type PaymentEvent,
  type ReversedPayment,
  type WebhookRequest,
  WebhookRejected,
} from './providers/payment-provider.port.js';
import { PaymentProviders } from './providers/payment-providers.js';
import { type StandingPayment, withdrawnDueDate } from './reversal.js';
import { dueDay, dueDayIso, dueDayText, todayIn } from '../../shared/due-date.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import type { AuditChanges } from '../../infra/audit/audit-entry.js';

export type WebhookOutcome = PaymentOutcome | 'replayed';

interface Applied {
  outcome: WebhookOutcome;
  companyId?: number;
  invoiceId?: number;
  dueDate?: Date | null;
}

/** Reais as whole cents, so amounts compare exactly. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Confirmed payments from a provider's webhook. Each is applied once per provider transaction id, in one database
 * transaction: the log row (the idempotency key), the amount check against the charge and the invoice, the invoice
 * paid, the company's due date moved by its recurrence. Replays and mismatches change nothing and are logged.
 * Refunds and chargebacks take an applied payment back the same way, once per reversal, in one transaction: the
 * invoice and the charge refunded, the time the payment granted withdrawn from the company's due date.
 */
@Injectable()
export class PaymentWebhookService {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: InvoicesRepository,
    private readonly providers: PaymentProviders,
    private readonly realtime: RealtimeService,
    private readonly audit: AuditTrail,
  ) {}

  async receive(providerName: string, request: WebhookRequest, from = 'unknown'): Promise<{ received: number; outcomes: WebhookOutcome[] }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw appError('ERR_NO_PAYMENT_PROVIDER');
    let payments: PaymentEvent[];
    try {
      payments = provider.parseWebhook(request);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      this.logger.warn(`${providerName} webhook from ${from} rejected: ${error.message}`);
      throw appError('ERR_WEBHOOK_UNAUTHORIZED');
    }
    const outcomes: WebhookOutcome[] = [];
    for (const payment of payments)
      outcomes.push(isReversal(payment) ? await this.reverse(providerName, payment, from) : await this.apply(providerName, payment, from));
    return { received: payments.length, outcomes };
  }

  private async apply(provider: string, payment: ConfirmedPayment, from: string, now = new Date()): Promise<WebhookOutcome> {
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
      const dueBefore = invoice.due_date ? dueDay(invoice.due_date) : null;
      const dueDate = renewedDueDate(dueBefore, invoice.recurrence, invoice.timezone, now);
      await this.repository.markPaid(tx, charge.company_id, invoice.id, charge.id, payment.paidAt, dueDate);
      const applied = await settle('applied');
      await this.repository.recordRenewal(tx, logId, charge.company_id, dueBefore, dueDate, RECURRENCE_MONTHS[invoice.recurrence]);
      await this.recordByProvider(tx, from, charge.company_id, invoice.id, 'invoice.paid', {
        status: { from: invoice.status, to: 'paid' },
        dueDate: { from: dueBefore ? dueDayText(dueBefore) : null, to: dueDayText(dueDate) },
        payment: { to: { provider, transactionId: payment.transactionId, charge: payment.chargeId, amount: payment.amount } },
      });
      return { ...applied, dueDate };
    });

    const where = `${provider} transaction ${payment.transactionId} (charge ${payment.chargeId}, ${payment.amount})`;
    if (result.outcome !== 'applied') {
      this.logger.warn(`${where}: ${result.outcome}, nothing changed`);
      return result.outcome;
    }
    this.logger.log(`${where}: invoice ${result.invoiceId} paid, company ${result.companyId} due ${dueDayText(result.dueDate!)}`);
    await this.announce(result.companyId!, result.invoiceId!, result.dueDate!);
    return 'applied';
  }

  /**
   * A refund or chargeback of the payment of one charge: once per reversal id; a charge whose payment changed nothing
   * (a second payment of a paid invoice, a wrong amount) or was already taken back changes nothing. The whole change
   * commits at once, so a crash half-way leaves the payment standing and the provider's retry applies it.
   */
  private async reverse(provider: string, reversal: ReversedPayment, from: string): Promise<WebhookOutcome> {
    const result = await this.em.fork().transactional(async (tx): Promise<Applied> => {
      const logId = await this.repository.recordTransaction(tx, {
        provider,
        kind: reversal.reversal,
        transactionId: reversal.transactionId,
        chargeId: reversal.chargeId,
        amount: reversal.amount,
        paidAt: reversal.reversedAt,
      });
      if (logId === null) return { outcome: 'replayed' };
      const companyId = companyOfTxid(reversal.chargeId);
      // Locked first, as a payment of the same charge locks it: the two apply one after the other.
      const charge = companyId === null ? null : await this.repository.chargeFor(tx, companyId, provider, reversal.chargeId);
      if (!charge) return { outcome: 'unknown_charge' };
      const settle = async (outcome: PaymentOutcome) => {
        await this.repository.settleTransaction(tx, logId, outcome, charge.company_id, charge.invoice_id);
        return { outcome, companyId: charge.company_id, invoiceId: charge.invoice_id };
      };
      const payment = await this.repository.appliedPaymentOf(tx, charge.company_id, reversal.chargeId);
      if (!payment) return settle('not_applied');
      if (payment.reversed_at) return settle('already_refunded');
      // The company's row is locked from here: payments and reversals of one company recount one after the other.
      const invoice = await this.repository.invoiceForPayment(tx, charge.company_id, payment.invoice_id);
      if (!invoice) return settle('unknown_charge');
      const months = RECURRENCE_MONTHS[invoice.recurrence];
      const standing = (row: AppliedPaymentRow): StandingPayment => ({
        id: row.id,
        dueBefore: row.due_before ? dueDay(row.due_before) : null,
        dueAfter: row.due_after ? dueDay(row.due_after) : null,
        months: row.months ?? months,
        // The company's day when it was applied: a renewal counts from a day, never from a time of day.
        appliedAt: todayIn(invoice.timezone, new Date(row.received_at)),
      });
      const after = await this.repository.standingPaymentsAfter(tx, charge.company_id, payment.id);
      const current = invoice.due_date ? dueDay(invoice.due_date) : null;
      const { dueDate, rechained } = withdrawnDueDate(current, standing(payment), after.map(standing));
      await this.repository.markRefunded(tx, charge.company_id, {
        invoiceId: invoice.id,
        chargeRowId: charge.id,
        paymentId: payment.id,
        reversedAt: reversal.reversedAt,
        rechained,
        newDueDate: dueDate,
      });
      await this.recordByProvider(tx, from, charge.company_id, invoice.id, 'invoice.refunded', {
        status: { from: 'paid', to: 'refunded' },
        dueDate: { from: current ? dueDayText(current) : null, to: dueDate ? dueDayText(dueDate) : null },
        reversal: { to: { provider, kind: reversal.reversal, transactionId: reversal.transactionId, charge: reversal.chargeId, amount: reversal.amount } },
      });
      return { ...(await settle('refunded')), invoiceId: invoice.id, dueDate };
    });

    const where = `${provider} ${reversal.reversal} ${reversal.transactionId} (charge ${reversal.chargeId}, ${reversal.amount})`;
    if (result.outcome !== 'refunded') {
      this.logger.warn(`${where}: ${result.outcome}, nothing changed`);
      return result.outcome;
    }
    this.logger.warn(
      `${where}: invoice ${result.invoiceId} refunded, company ${result.companyId} due ${result.dueDate ? dueDayText(result.dueDate) : 'never'}`,
    );
    await this.announceInvoice(result.companyId!, result.invoiceId!);
    return 'refunded';
  }

  /** The provider acted, not a user: the entry has no user and the address the webhook came from. */
  private recordByProvider(tx: EntityManager, from: string, companyId: number, invoiceId: number, action: string, changes: AuditChanges): Promise<void> {
    return this.audit.within(tx, { companyId, userId: null, ip: from }, { action, subjectType: 'Invoice', subjectId: invoiceId, changes });
  }

  /** After the commit: the admins' screens and the checkout of a billing-only session learn of the renewal. */
  private async announce(companyId: number, invoiceId: number, dueDate: Date): Promise<void> {
    this.realtime.toRooms(companyId, [Rooms.companyAdmins(companyId), Rooms.companyBilling(companyId)], 'payment', {
      action: 'CONCLUIDA',
      invoiceId,
      company: { id: companyId, dueDate: dueDayIso(dueDate)! },
    });
    await this.announceInvoice(companyId, invoiceId);
  }

  /** After the commit: the admins' invoice lists show the invoice as it now is. */
  private async announceInvoice(companyId: number, invoiceId: number): Promise<void> {
    // The invoice was just written by this process: read across tenants by its own id.
    const invoice = await this.em.fork().findOne(Invoice, { id: invoiceId, company: companyId }, ACROSS_TENANTS);
    if (invoice) this.realtime.toAdmins(companyId, 'invoice', { action: 'update', invoice: toInvoiceResponse(invoice) });
  }
}
