import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../infra/database/pg-pool.js';
import { systemSql } from '../infra/database/sql.js';
import type { Profile } from '../shared/permissions.js';

export interface ContextRow {
  id: number;
  company_id: number;
  profile: Profile;
  super: boolean;
  all_ticket: string;
  token_version: number;
  status: boolean;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  timezone: string;
  queue_ids: number[];
  use_campaigns: boolean | null;
  /** The company's campaignsEnabled setting. */
  campaigns_setting: string | null;
  use_schedules: boolean | null;
  use_internal_chat: boolean | null;
  use_external_api: boolean | null;
  use_kanban: boolean | null;
  use_open_ai: boolean | null;
  use_integrations: boolean | null;
}

/** A named prepared statement: it runs on every request, so it is planned once per connection. */
const CONTEXT = prepared(
  'auth_context',
  `
  select u.id, u.company_id, u.profile, u.super, u.all_ticket, u.token_version, c.status, to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.timezone,
         p.use_campaigns, p.use_schedules, p.use_internal_chat, p.use_external_api, p.use_kanban, p.use_open_ai, p.use_integrations,
         (select s.value from settings s where s.company_id = u.company_id and s.key = 'campaignsEnabled') as campaigns_setting,
         coalesce((select array_agg(uq.queue_id order by uq.queue_id) from user_queues uq where uq.user_id = u.id), '{}') as queue_ids
    from users u
    join companies c on c.id = u.company_id
    left join plans p on p.id = c.plan_id
   where u.id = ?`,
  { plan: 'generic' },
);

/** The auth context of a request in one query: it runs on every request. */
@Injectable()
export class AuthContextRepository {
  constructor(private readonly hot: HotPathPool) {}

  async load(userId: number): Promise<ContextRow | null> {
    // By user id from the token, before the company is known: the row itself names the company.
    const rows = await systemSql(this.hot).all<ContextRow>(CONTEXT, [userId]);
    return rows[0] ?? null;
  }
}
