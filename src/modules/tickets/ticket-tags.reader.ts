import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

export interface TagSummary {
  id: number;
  name: string;
  color: string;
}

/** The tags of many tickets in one query (lists never ask per ticket). */
@Injectable()
export class TicketTagsReader {
  constructor(private readonly em: EntityManager) {}

  async forTickets(companyId: number, ticketIds: number[]): Promise<Map<number, TagSummary[]>> {
    const byTicket = new Map<number, TagSummary[]>(ticketIds.map((id) => [id, []]));
    if (!ticketIds.length) return byTicket;
    const rows = await this.em.getConnection().execute<Array<TagSummary & { ticket_id: number }>>(
      `select tt.ticket_id, g.id, g.name, g.color from ticket_tags tt join tags g on g.id = tt.tag_id
        where tt.company_id = ? and tt.ticket_id = any(string_to_array(?, ',')::int[]) order by g.name`,
      [companyId, ticketIds.join(',')],
    );
    for (const row of rows) byTicket.get(row.ticket_id)?.push({ id: row.id, name: row.name, color: row.color });
    return byTicket;
  }
}
