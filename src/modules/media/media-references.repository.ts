import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { systemSql, tenantSql } from '../../infra/database/sql.js';

/**
 * Every row that may point at a stored file, asked per company folder. The inbox holds inbound media stored before
 * its message row exists (durable ingest), so its pending events count as references too; so does the spreadsheet
 * of an import that has not finished. Announcements are global rows whose image lies in the publishing super user's
 * company folder, so they are asked without a company.
 */
const REFERENCED_SQL = prepared(
  'media_referenced',
  `select p.path from unnest(?::text[]) as p(path)
    where exists (select 1 from messages m where m.company_id = ? and m.media_path = p.path)
       or exists (select 1 from quick_messages q where q.company_id = ? and q.media_path = p.path)
       or exists (select 1 from queues q where q.company_id = ? and q.media_path = p.path)
       or exists (select 1 from queue_options o where o.company_id = ? and o.media_path = p.path)
       or exists (select 1 from file_list_options f where f.company_id = ? and f.path = p.path)
       or exists (select 1 from campaigns c where c.company_id = ? and c.media_path = p.path)
       or exists (select 1 from contact_list_imports ci where ci.company_id = ? and ci.stored_path = p.path)
       or exists (select 1 from inbound_inbox i where i.company_id = ? and i.payload -> 'message' -> 'media' ->> 'path' = p.path)
       or exists (select 1 from announcements a where a.media_path = p.path)`,
);

/** Deleted messages keep their row (the spec's "row stays") but not their file. */
const RELEASE_DELETED_SQL = prepared(
  'media_release_deleted',
  `with d as (
     select id, company_id, media_path from messages where is_deleted and media_path is not null
      order by company_id, id limit ? for update skip locked)
   update messages m set media_path = null from d where m.company_id = d.company_id and m.id = d.id
   returning d.company_id, d.media_path`,
);

/** One company parameter per table the statement above looks in. */
const REFERENCING_TABLES = ['messages', 'quick_messages', 'queues', 'queue_options', 'file_list_options', 'campaigns', 'contact_list_imports', 'inbound_inbox'];

@Injectable()
export class MediaReferencesRepository {
  constructor(private readonly db: HotPathPool) {}

  /** The subset of `paths` (all in company `companyId`'s folder) that some row references. */
  async referenced(companyId: number, paths: string[]): Promise<Set<string>> {
    const rows = await tenantSql(this.db, companyId).all<{ path: string }>(REFERENCED_SQL, [paths, ...REFERENCING_TABLES.map(() => companyId)]);
    return new Set(rows.map((r) => r.path));
  }

  /**
   * Detaches the files of up to `limit` deleted messages; answers their paths by company. Another row may still
   * point at one (a file-list file sent into several tickets), so the caller asks `referenced` before removing.
   */
  async releaseDeletedMessageMedia(limit: number): Promise<{ companyId: number; path: string }[]> {
    // The media sweep releases deleted messages' files in every company.
    const rows = await systemSql(this.db).all<{ company_id: number; media_path: string }>(RELEASE_DELETED_SQL, [limit]);
    return rows.map((r) => ({ companyId: Number(r.company_id), path: r.media_path }));
  }
}
