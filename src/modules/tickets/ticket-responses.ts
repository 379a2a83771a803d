import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/app-error.js';
import type { TicketWithTagsResponse } from '../../shared/api-types.js';
import { type TicketRow, toTicketResponseFromRow } from './ticket-row.mapper.js';
import { TicketsRepository } from './tickets.repository.js';

/** Declared once in src/shared/api-types.ts. */
export type TicketWithTags = TicketWithTagsResponse;

/** Tickets as the routes and their live events show them: the row with its tags. */
@Injectable()
export class TicketResponses {
  constructor(private readonly repository: TicketsRepository) {}

  async one(companyId: number, id: number): Promise<TicketWithTags> {
    const row = await this.repository.row(companyId, { id });
    if (!row) throw notFound('ERR_NO_TICKET_FOUND');
    return (await this.withTags(companyId, [row]))[0]!;
  }

  async withTags(companyId: number, rows: TicketRow[]): Promise<TicketWithTags[]> {
    const tags = await this.repository.tagsOfTickets(
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...toTicketResponseFromRow(row), tags: tags.get(row.id) ?? [] }));
  }
}
