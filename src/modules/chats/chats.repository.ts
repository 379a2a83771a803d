import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

/** Internal chat statements the ORM cannot express atomically. */
@Injectable()
export class ChatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Everyone in the chat but the sender has one more message to read; one statement, so concurrent sends cannot lose a count. */
  async countUnreadForOthers(companyId: number, chatId: number, senderId: number): Promise<void> {
    await tenantSql(this.em.getConnection(), companyId).run(
      'update chat_users set unreads = unreads + 1, updated_at = now() where company_id = ? and chat_id = ? and user_id <> ?',
      [companyId, chatId, senderId],
    );
  }
}
