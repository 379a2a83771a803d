import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

export interface PresenceRow {
  id: number;
  online: boolean;
  last_seen_at: Date;
}

/** The online flag and last-seen time of a user, written by the socket heartbeat and disconnects. */
@Injectable()
export class UserPresenceRepository {
  constructor(private readonly em: EntityManager) {}

  async write(companyId: number, userId: number, online: boolean): Promise<PresenceRow | null> {
    const rows = await tenantSql(this.em.getConnection(), companyId).all<PresenceRow>(
      'update users set online = ?, last_seen_at = now() where id = ? and company_id = ? returning id, online, last_seen_at',
      [online, userId, companyId],
    );
    return rows[0] ?? null;
  }
}
