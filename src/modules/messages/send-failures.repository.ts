import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';
import type { UpdatedMessageRow } from './inbound.repository.js';

/** Our messages a provider reported failed after accepting them. */
@Injectable()
export class SendFailuresRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Marks the message stored under any of these ids (Meta's, or the id it was written under before the send was
   * answered); answers the row when it changed, for the live update. A repeated delivery changes nothing.
   */
  async markFailed(companyId: number, whatsappId: number, ids: string[], code: string, detail: string): Promise<UpdatedMessageRow[]> {
    return tenantSql(this.em.getConnection(), companyId).all<UpdatedMessageRow>(
      `update messages m set send_error_code = ?, send_error = ?, updated_at = now()
         from tickets t
        where m.company_id = ? and m.whatsapp_id = ? and m.provider_id = any(string_to_array(?::text, E'\\n')) and m.from_me
          and m.send_error_code is distinct from ? and t.company_id = m.company_id and t.id = m.ticket_id
        returning m.*, t.status as ticket_status, t.queue_id as ticket_queue_id`,
      // One text parameter: the runner spreads an array parameter into a list.
      [code, detail, companyId, whatsappId, ids.join('\n'), code],
    );
  }
}
