import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';
import { tenantSql } from '../../infra/database/sql.js';

/** One template as a sync writes it. */
export interface TemplateWrite {
  metaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: TemplateComponentDefinition[];
  variables: number;
  headerFormat: string | null;
}

/**
 * A connection's templates replaced by what Meta answered, in one statement: new and changed ones upserted by Meta's
 * id, the ones Meta no longer lists removed (a data-modifying CTE runs as one atomic statement).
 */
const REPLACE_SQL = `with incoming as (
    select * from jsonb_to_recordset(?::jsonb) as x(meta_id text, name text, language text, category text, status text,
      components jsonb, variables int, header_format text)
  ), upserted as (
    insert into message_templates (company_id, whatsapp_id, meta_id, name, language, category, status, components, variables, header_format, synced_at)
    select ?, ?, meta_id, name, language, category, status, components, variables, header_format, now() from incoming
    on conflict (company_id, whatsapp_id, meta_id) do update set name = excluded.name, language = excluded.language,
      category = excluded.category, status = excluded.status, components = excluded.components, variables = excluded.variables,
      header_format = excluded.header_format, synced_at = excluded.synced_at, updated_at = now()
    returning id
  ), removed as (
    delete from message_templates where company_id = ? and whatsapp_id = ? and meta_id <> all (select meta_id from incoming)
    returning id
  )
  select (select count(*) from upserted)::int as total, (select count(*) from removed)::int as removed`;

@Injectable()
export class MessageTemplatesRepository {
  constructor(private readonly em: EntityManager) {}

  async replace(companyId: number, whatsappId: number, templates: TemplateWrite[]): Promise<{ total: number; removed: number }> {
    const rows = templates.map((t) => ({
      meta_id: t.metaId,
      name: t.name,
      language: t.language,
      category: t.category,
      status: t.status,
      components: t.components,
      variables: t.variables,
      header_format: t.headerFormat,
    }));
    const [counts] = await tenantSql(this.em.getConnection(), companyId).all<{ total: number; removed: number }>(REPLACE_SQL, [
      JSON.stringify(rows),
      companyId,
      whatsappId,
      companyId,
      whatsappId,
    ]);
    return counts ?? { total: 0, removed: 0 };
  }
}
