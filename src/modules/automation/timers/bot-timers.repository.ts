import { Injectable } from '@nestjs/common';
import { CompanyBatcher } from '../../../infra/database/company-batcher.js';
import { HotPathPool, prepared } from '../../../infra/database/pg-pool.js';
import { tenantSql } from '../../../infra/database/sql.js';

/** expires_ticket of several connections of one company, one row per input `ord`. */
const CONNECTION_TIMERS = prepared(
  'bot_connection_expiries',
  `select k.ord, w.expires_ticket
     from unnest(?::int[]) with ordinality as k(whatsapp_id, ord)
     join whatsapps w on w.company_id = ? and w.id = k.whatsapp_id`,
);

/**
 * The connection settings a timer is armed from. Read after every message we send, so the reads of one company that
 * arrive together share one prepared statement.
 */
@Injectable()
export class BotTimersRepository {
  constructor(private readonly hot: HotPathPool) {}

  expiresTicket(companyId: number, whatsappId: number): Promise<number | null> {
    return this.expiries.store(companyId, whatsappId);
  }

  private readonly expiries = new CompanyBatcher<number, number | null>(
    () => [],
    async (companyId, whatsappIds) => {
      const rows = await tenantSql(this.hot, companyId).all<{ ord: string; expires_ticket: number | null }>(CONNECTION_TIMERS, [whatsappIds, companyId]);
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row.expires_ticket]));
      return whatsappIds.map((_, index) => ({ status: 'fulfilled', value: byOrd.get(index + 1) ?? null }));
    },
  );
}
