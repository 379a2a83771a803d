import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../../../infra/database/pg-pool.js';
import { tenantSql } from '../../../infra/database/sql.js';

const CONNECTION_TIMERS = prepared('bot_connection_expiry', 'select w.expires_ticket from whatsapps w where w.company_id = ? and w.id = ?');

/** The connection settings a timer is armed from; read after every message we send, so a prepared statement. */
@Injectable()
export class BotTimersRepository {
  constructor(private readonly hot: HotPathPool) {}

  async expiresTicket(companyId: number, whatsappId: number): Promise<number | null> {
    const rows = await tenantSql(this.hot, companyId).all<{ expires_ticket: number }>(CONNECTION_TIMERS, [companyId, whatsappId]);
    return rows[0]?.expires_ticket ?? null;
  }
}
