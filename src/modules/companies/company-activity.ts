import { Injectable } from '@nestjs/common';
import { companyInactiveReason, type InactiveReason } from '../../authorization/auth-context.loader.js';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';

const STATE_SQL = prepared('company_activity', 'select status, due_date from companies where id = ?');

/**
 * Whether a company may send on its own now: scheduled messages, bot timers and campaigns ask when they fire, so a
 * disabled company, or one whose due date passed, sends nothing until it is enabled or renewed.
 */
@Injectable()
export class CompanyActivity {
  constructor(private readonly db: HotPathPool) {}

  async inactiveReason(companyId: number, now = new Date()): Promise<InactiveReason | null> {
    const [row] = await this.db.query<{ status: boolean; due_date: Date | null }>(STATE_SQL, [companyId]);
    if (!row) return 'disabled';
    return companyInactiveReason({ status: row.status, dueDate: row.due_date ? new Date(row.due_date) : null }, now.getTime());
  }
}

export const INACTIVE_COMPANY_TEXT: Record<InactiveReason, string> = {
  disabled: 'Não enviada: empresa desativada',
  expired: 'Não enviada: assinatura da empresa vencida',
};
