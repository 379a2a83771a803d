import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RealtimeService } from './realtime.service.js';

/** online / lastSeenAt, written by the socket heartbeat and disconnects. */
@Injectable()
export class UserPresence {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  async markOnline(companyId: number, userId: number): Promise<void> {
    await this.write(companyId, userId, true);
  }

  async markOffline(companyId: number, userId: number): Promise<void> {
    await this.write(companyId, userId, false);
  }

  private async write(companyId: number, userId: number, online: boolean): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: number; online: boolean; last_seen_at: Date }>>(
        'update users set online = ?, last_seen_at = now() where id = ? and company_id = ? returning id, online, last_seen_at',
        [online, userId, companyId],
      );
    const row = rows[0];
    if (row)
      this.realtime.toCompany(companyId, 'user', {
        action: 'update',
        user: { id: row.id, online: row.online, lastSeenAt: new Date(row.last_seen_at).toISOString() },
      });
  }
}
