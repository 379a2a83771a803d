import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type SqlExecutor, systemSql, tenantSql } from '../../infra/database/sql.js';
import type { Recurrence } from '../../shared/api-types.js';
import { Company } from '../companies/company.entity.js';
import type { PaymentOutcome } from './payment-transaction.entity.js';

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
  due_date: Date | null;
  recurrence: Recurrence;
}

/** Months per recurrence in SQL, the same table as src/shared/recurrence.ts. */
const MONTHS_SQL = `case c.recurrence when 'BIMESTRAL' then 2 when 'TRIMESTRAL' then 3 when 'SEMESTRAL' then 6 when 'ANUAL' then 12 else 1 end`;

@Injectable()
export class InvoicesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One invoice for every active company whose due date is less than `horizonDays` away (or already past) and has
   * none for that due date yet. The unique key (company_id, due_date) makes a second run, or a run of another process
   * at the same time, insert nothing.
   */
  async issueDue(now: Date, horizonDays: number): Promise<IssuedInvoice[]> {
    // The daily billing run looks at every company.
    return systemSql(this.em.getConnection()).all<IssuedInvoice>(
      `insert into invoices (company_id, due_date, value, detail, status, created_at, updated_at)
       select c.id, c.due_date, round(p.value * ${MONTHS_SQL}, 2), left(p.name, 200), 'open', now(), now()
         from companies c join plans p on p.id = c.plan_id
        where c.status = true and c.due_date is not null and c.due_date < ?::timestamptz + make_interval(days => ?)
       on conflict (company_id, due_date) do nothing
       returning id, company_id`,
      [now, horizonDays],
    );
  }

  /**
   * Records a confirmed payment once per provider transaction: false when it was already recorded (a replay). The
   * outcome starts as `unknown_charge` and is settled in the same transaction.
   */
  async recordTransaction(
    tx: SqlExecutor,
    payment: { provider: string; transactionId: string; chargeId: string; amount: string; paidAt: Date },
  ): Promise<number | null> {
    // The webhook's idempotency key, before any company is known.
    const rows = await systemSql(tx).all<{ id: number }>(
      `insert into payment_transactions (provider, transaction_id, charge_id, amount, paid_at, outcome)
       values (?, ?, ?, ?, ?, 'unknown_charge')
       on conflict (provider, transaction_id) do nothing returning id`,
      [payment.provider, payment.transactionId, payment.chargeId, payment.amount, payment.paidAt],
    );
    return rows[0]?.id ?? null;
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
      `select i.id, i.value::text as value, i.status, c.due_date, c.recurrence
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
