import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type SqlExecutor, systemSql, tenantSql } from '../../infra/database/sql.js';
import type { Recurrence } from '../../shared/api-types.js';
import { Company } from '../companies/company.entity.js';
import type { PaymentOutcome, TransactionKind } from './payment-transaction.entity.js';
import { dueDayText } from '../../shared/due-date.js';

export interface IssuedInvoice {
  id: number;
  company_id: number;
}

export interface ChargeRow {
  id: number;
  company_id: number;
  invoice_id: number;
  amount: string;
}

export interface InvoiceForPayment {
  id: number;
  value: string;
  status: string;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  recurrence: Recurrence;
  timezone: string;
}

/** A payment that moved a company's due date (the log row of an applied payment). */
export interface AppliedPaymentRow {
  id: number;
  invoice_id: number;
  /** 'YYYY-MM-DD' */
  due_before: string | null;
  due_after: string | null;
  months: number | null;
  received_at: Date;
  reversed_at: Date | null;
}

/** A later payment's due dates, as they are once an earlier one is taken back. */
export interface Rechained {
  id: number;
  dueBefore: Date;
  dueAfter: Date;
}

/** Months per recurrence in SQL, the same table as src/shared/recurrence.ts. */
const MONTHS_SQL = `case c.recurrence when 'BIMESTRAL' then 2 when 'TRIMESTRAL' then 3 when 'SEMESTRAL' then 6 when 'ANUAL' then 12 else 1 end`;

@Injectable()
export class InvoicesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One invoice for every active company whose due day is fewer than `horizonDays` days after today in its zone (or
   * already past) and has none for that due day yet. The unique key (company_id, due_date) makes a second run, or a
   * run of another process at the same time, insert nothing.
   */
  async issueDue(now: Date, horizonDays: number): Promise<IssuedInvoice[]> {
    // The daily billing run looks at every company.
    return systemSql(this.em.getConnection()).all<IssuedInvoice>(
      `insert into invoices (company_id, due_date, value, detail, status, created_at, updated_at)
       select c.id, c.due_date, round(p.value * ${MONTHS_SQL}, 2), left(p.name, 200), 'open', now(), now()
         from companies c join plans p on p.id = c.plan_id
        where c.status = true and c.due_date is not null and c.due_date < (?::timestamptz at time zone c.timezone)::date + ?::int
       on conflict (company_id, due_date) do nothing
       returning id, company_id`,
      [now, horizonDays],
    );
  }

  /**
   * The same issue for one company: its due date within the horizon (or past) gets its invoice now, not at the next
   * daily run. The unique key makes repeated or concurrent calls insert at most one row.
   */
  async issueForCompany(companyId: number, now: Date, horizonDays: number): Promise<IssuedInvoice[]> {
    return tenantSql(this.em.getConnection(), companyId).all<IssuedInvoice>(
      `insert into invoices (company_id, due_date, value, detail, status, created_at, updated_at)
       select c.id, c.due_date, round(p.value * ${MONTHS_SQL}, 2), left(p.name, 200), 'open', now(), now()
         from plans p, companies c
        where c.id = ? and p.id = c.plan_id and c.status = true and c.due_date is not null and c.due_date < (?::timestamptz at time zone c.timezone)::date + ?::int
       on conflict (company_id, due_date) do nothing
       returning id, company_id`,
      [companyId, now, horizonDays],
    );
  }

  /**
   * Records a confirmed payment once per provider transaction: false when it was already recorded (a replay). The
   * outcome starts as `unknown_charge` and is settled in the same transaction.
   */
  async recordTransaction(
    tx: SqlExecutor,
    payment: { provider: string; kind?: TransactionKind; transactionId: string; chargeId: string; amount: string; paidAt: Date },
  ): Promise<number | null> {
    // The webhook's idempotency key, before any company is known.
    const rows = await systemSql(tx).all<{ id: number }>(
      `insert into payment_transactions (provider, kind, transaction_id, charge_id, amount, paid_at, outcome)
       values (?, ?, ?, ?, ?, ?, 'unknown_charge')
       on conflict (provider, transaction_id) do nothing returning id`,
      [payment.provider, payment.kind ?? 'payment', payment.transactionId, payment.chargeId, payment.amount, payment.paidAt],
    );
    return rows[0]?.id ?? null;
  }

  /** What an applied payment did to the due date, kept so that a reversal can take exactly that back. */
  async recordRenewal(tx: SqlExecutor, id: number, companyId: number, dueBefore: Date | null, dueAfter: Date, months: number): Promise<void> {
    await tenantSql(tx, companyId).run('update payment_transactions set due_before = ?, due_after = ?, months = ? where company_id = ? and id = ?', [
      dueBefore && dueDayText(dueBefore),
      dueDayText(dueAfter),
      months,
      companyId,
      id,
    ]);
  }

  /** The latest applied payment of a charge (by our txid), locked. */
  async appliedPaymentOf(tx: SqlExecutor, companyId: number, txid: string): Promise<AppliedPaymentRow | null> {
    const [row] = await tenantSql(tx, companyId).all<AppliedPaymentRow>(
      `select id, invoice_id, to_char(due_before, 'YYYY-MM-DD') as due_before, to_char(due_after, 'YYYY-MM-DD') as due_after, months, received_at, reversed_at
         from payment_transactions
        where company_id = ? and charge_id = ? and kind = 'payment' and outcome = 'applied'
        order by id desc limit 1 for update`,
      [companyId, txid],
    );
    return row ?? null;
  }

  /** The company's applied payments after `afterId` that still stand, in the order they were applied, locked. */
  async standingPaymentsAfter(tx: SqlExecutor, companyId: number, afterId: number): Promise<AppliedPaymentRow[]> {
    return tenantSql(tx, companyId).all<AppliedPaymentRow>(
      `select id, invoice_id, to_char(due_before, 'YYYY-MM-DD') as due_before, to_char(due_after, 'YYYY-MM-DD') as due_after, months, received_at, reversed_at
         from payment_transactions
        where company_id = ? and kind = 'payment' and outcome = 'applied' and reversed_at is null and id > ?
        order by id for update`,
      [companyId, afterId],
    );
  }

  /**
   * A payment taken back, in the caller's transaction: its invoice and charge refunded, the payment marked reversed,
   * the later payments' due dates chained anew and the company's due date set.
   */
  async markRefunded(
    tx: EntityManager,
    companyId: number,
    change: { invoiceId: number; chargeRowId: number; paymentId: number; reversedAt: Date; rechained: Rechained[]; newDueDate: Date | null },
  ): Promise<void> {
    const sql = tenantSql(tx, companyId);
    await sql.run(`update invoices set status = 'refunded', refunded_at = ?, updated_at = now() where company_id = ? and id = ?`, [
      change.reversedAt,
      companyId,
      change.invoiceId,
    ]);
    await sql.run(`update payment_charges set status = 'refunded', updated_at = now() where company_id = ? and id = ?`, [companyId, change.chargeRowId]);
    await sql.run('update payment_transactions set reversed_at = ? where company_id = ? and id = ?', [change.reversedAt, companyId, change.paymentId]);
    for (const later of change.rechained) {
      await sql.run('update payment_transactions set due_before = ?, due_after = ? where company_id = ? and id = ?', [
        dueDayText(later.dueBefore),
        dueDayText(later.dueAfter),
        companyId,
        later.id,
      ]);
    }
    await tx.nativeUpdate(Company, { id: companyId }, { dueDate: change.newDueDate });
  }

  async settleTransaction(tx: SqlExecutor, id: number, outcome: PaymentOutcome, companyId: number | null, invoiceId: number | null): Promise<void> {
    // The transaction log row is global (see PaymentTransaction); it is named by its own id.
    await systemSql(tx).run('update payment_transactions set outcome = ?, company_id = ?, invoice_id = ? where id = ?', [outcome, companyId, invoiceId, id]);
  }

  /** The charge of `companyId` with this txid, issued through `provider`, locked for the rest of the transaction. */
  async chargeFor(tx: SqlExecutor, companyId: number, provider: string, txid: string): Promise<ChargeRow | null> {
    const [row] = await tenantSql(tx, companyId).all<ChargeRow>(
      `select id, company_id, invoice_id, amount::text as amount from payment_charges
        where company_id = ? and txid = ? and provider = ? for update`,
      [companyId, txid, provider],
    );
    return row ?? null;
  }

  /** The invoice and its company's billing state, both locked: two payments of one company apply one after the other. */
  async invoiceForPayment(tx: SqlExecutor, companyId: number, invoiceId: number): Promise<InvoiceForPayment | null> {
    const [row] = await tenantSql(tx, companyId).all<InvoiceForPayment>(
      `select i.id, i.value::text as value, i.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.recurrence, c.timezone
         from invoices i join companies c on c.id = i.company_id
        where i.company_id = ? and i.id = ? for update`,
      [companyId, invoiceId],
    );
    return row ?? null;
  }

  async markPaid(tx: EntityManager, companyId: number, invoiceId: number, chargeRowId: number, paidAt: Date, newDueDate: Date): Promise<void> {
    const sql = tenantSql(tx, companyId);
    await sql.run(`update invoices set status = 'paid', paid_at = ?, updated_at = now() where company_id = ? and id = ?`, [paidAt, companyId, invoiceId]);
    await sql.run(`update payment_charges set status = 'paid', updated_at = now() where company_id = ? and id = ?`, [companyId, chargeRowId]);
    await tx.nativeUpdate(Company, { id: companyId }, { dueDate: newDueDate });
  }
}
