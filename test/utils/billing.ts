import { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../src/modules/companies/company.entity.js';
import { InvoiceGenerator } from '../../src/modules/invoices/invoice-generator.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { signedSandboxWebhook } from '../../src/modules/invoices/providers/sandbox/sandbox-payment.provider.js';
import type { TestApp } from './test-app.js';

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), written independently of the code under test. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMV MPM fields (ID, two-digit length, value) of a BR Code, nested templates left as text. */
export function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad EMV field at ${at}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Sets a company's due date and recurrence, and issues its invoices as the daily run would. */
export async function invoiceFor(t: TestApp, companyId: number, dueDate: Date, recurrence: Company['recurrence'] = 'MENSAL'): Promise<Invoice> {
  await t.em().nativeUpdate(Company, { id: companyId }, { dueDate, recurrence });
  await t.app.get(InvoiceGenerator).issue();
  return t.em().findOneOrFail(Invoice, { company: companyId, dueDate }, { filters: false });
}

/** Posts a sandbox webhook signed with the app's secret (or another), as the sandbox provider sends it. */
export function sandboxWebhook(t: TestApp, payment: { endToEndId: string; txid: string; amount: string }, secret = t.config.billing.sandboxSecret) {
  const { body, headers } = signedSandboxWebhook(secret, { ...payment, paidAt: new Date().toISOString() });
  return t.http().post('/api/payments/webhook/sandbox').set(headers).send(body);
}

export const companyDueDate = async (t: TestApp, companyId: number): Promise<Date | null> =>
  (await t.app.get(EntityManager).fork().findOneOrFail(Company, { id: companyId })).dueDate;
