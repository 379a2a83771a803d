import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql } from '../../infra/database/sql.js';

export interface ConnectionTokenRow {
  id: number;
  company_id: number;
  status: boolean;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  timezone: string;
  use_external_api: boolean | null;
}

@Injectable()
export class ExternalApiRepository {
  constructor(private readonly em: EntityManager) {}

  /** The connection a token belongs to, with what decides whether its company may use the API. */
  async connectionByToken(tokenHash: string): Promise<ConnectionTokenRow | null> {
    // Authentication by token: the company is what this lookup finds out.
    const rows = await systemSql(this.em.getConnection()).all<ConnectionTokenRow>(
      `select w.id, w.company_id, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone, p.use_external_api
         from whatsapps w join companies c on c.id = w.company_id left join plans p on p.id = c.plan_id
        where w.token_hash = ?`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }
}
