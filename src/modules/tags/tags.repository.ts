import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

/** The grouped queries of the tags module (raw SQL does not see the tenant filter: the company is explicit). */
@Injectable()
export class TagsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Tickets per tag for a page of tags, in one grouped query; tags without tickets are absent. */
  async ticketCounts(companyId: number, tagIds: number[]): Promise<Map<number, number>> {
    if (!tagIds.length) return new Map();
    const rows = await tenantSql(this.em.getConnection(), companyId).all<{ tag_id: number; tickets: number }>(
      `select tag_id, count(*)::int as tickets from ticket_tags
        where company_id = ? and tag_id = any(string_to_array(?, ',')::int[])
        group by tag_id`,
      [companyId, tagIds.join(',')],
    );
    return new Map(rows.map((row) => [row.tag_id, row.tickets]));
  }
}
