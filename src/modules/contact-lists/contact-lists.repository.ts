import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import type { ListCounts } from './contact-list.mapper.js';

/** One merged row of an import, ready to store. */
export interface ImportedItem {
  name: string;
  number: string;
  email: string | null;
  isWhatsappValid: boolean | null;
}

/** Items and valid items per list, for a page of lists in one grouped query. */
const COUNTS_SQL = prepared(
  'contact_list_counts',
  `select contact_list_id, count(*)::int as items, count(*) filter (where is_whatsapp_valid)::int as valid
     from contact_list_items
    where company_id = ? and contact_list_id = any(?::int[])
    group by contact_list_id`,
);

/**
 * A batch of imported items, one row per number: a number already in the list is updated in place (the unique
 * (company, list, number) key), which also makes a re-run of a crashed import harmless. The list is joined so that a
 * list deleted meanwhile takes nothing. An email or a check result the new row lacks does not erase the stored one.
 */
const UPSERT_SQL = prepared(
  'contact_list_items_upsert',
  `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
   select l.company_id, l.id, r.name, r.number, r.email, r.valid
     from contact_lists l, unnest(?::text[], ?::text[], ?::text[], ?::boolean[]) as r(name, number, email, valid)
    where l.company_id = ? and l.id = ?
   on conflict (company_id, contact_list_id, number) do update
      set name = excluded.name,
          email = coalesce(excluded.email, contact_list_items.email),
          is_whatsapp_valid = coalesce(excluded.is_whatsapp_valid, contact_list_items.is_whatsapp_valid),
          updated_at = now()`,
);

/** Raw SQL of the contact lists (the tenant filter does not see it: each statement binds the company). */
@Injectable()
export class ContactListsRepository {
  constructor(private readonly db: HotPathPool) {}

  async counts(companyId: number, listIds: number[]): Promise<Map<number, ListCounts>> {
    if (!listIds.length) return new Map();
    const rows = await tenantSql(this.db, companyId).all<{ contact_list_id: number; items: number; valid: number }>(COUNTS_SQL, [companyId, listIds]);
    return new Map(rows.map((row) => [row.contact_list_id, { itemCount: row.items, validCount: row.valid }]));
  }

  /** Stores one batch (the caller keeps batches to about a thousand rows, numbers unique within the batch). */
  async upsertItems(companyId: number, listId: number, items: readonly ImportedItem[]): Promise<void> {
    if (!items.length) return;
    await tenantSql(this.db, companyId).all(UPSERT_SQL, [
      items.map((i) => i.name),
      items.map((i) => i.number),
      items.map((i) => i.email),
      items.map((i) => i.isWhatsappValid),
      companyId,
      listId,
    ]);
  }
}
