import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

/** The connection's own texts and the names the automatic texts mention. */
@Injectable()
export class TicketTextsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async connectionTexts(companyId: number, whatsappId: number): Promise<{ complation_message: string | null; rating_message: string | null } | null> {
    const [row] = await this.sql(companyId).all<{ complation_message: string | null; rating_message: string | null }>(
      'select complation_message, rating_message from whatsapps where company_id = ? and id = ?',
      [companyId, whatsappId],
    );
    return row ?? null;
  }

  async userName(companyId: number, userId: number): Promise<string | null> {
    const [row] = await this.sql(companyId).all<{ name: string }>('select name from users where company_id = ? and id = ?', [companyId, userId]);
    return row?.name ?? null;
  }

  async queueName(companyId: number, queueId: number): Promise<string | null> {
    const [row] = await this.sql(companyId).all<{ name: string }>('select name from queues where company_id = ? and id = ?', [companyId, queueId]);
    return row?.name ?? null;
  }
}
