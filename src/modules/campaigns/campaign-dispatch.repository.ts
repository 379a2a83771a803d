import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompanyBatcher } from '../../infra/database/company-batcher.js';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import { campaignMetrics } from '../../infra/metrics/instruments.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import type { CampaignStatus, CampaignTemplateChoice, ShippingStatus } from '../../shared/campaigns.js';

/** The campaign as the walk reads it. */
export interface DispatchCampaignRow {
  id: number;
  status: CampaignStatus;
  whatsapp_id: number | null;
  confirmation: boolean;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmation_message1: string;
  confirmation_message2: string;
  confirmation_message3: string;
  confirmation_message4: string;
  confirmation_message5: string;
  media_path: string | null;
  media_name: string | null;
  file_list_id: number | null;
  walked: number;
  /** The connection's provider: one that assigns the message ids (the Cloud API) records each attempt first. */
  provider: string | null;
  /** The approved template of each variant, on a WhatsApp Cloud API connection. */
  templates: CampaignTemplateChoice[];
  /** The walker that claimed holds the walk (its fence is the campaign's walker epoch); false: another took it over. */
  holds: boolean;
}

/** What the campaign may do now: the company's state, plan flag, campaigns setting and the campaign settings rows. */
export interface DispatchGateRow {
  company_status: boolean;
  due_date: string | null;
  timezone: string;
  use_campaigns: boolean | null;
  campaigns_setting: string | null;
  settings: Record<string, string> | null;
  sent_today: number;
}

export interface DispatchShippingRow {
  id: number;
  campaign_id: number;
  position: number;
  number: string;
  name: string;
  email: string | null;
  checked: boolean;
  status: ShippingStatus;
  provider_id: string;
  confirmation_provider_id: string;
  confirmed_at: string | null;
  variant: number | null;
  whatsapp_id: number | null;
  /** Set: a send through a provider that assigns ids was attempted; with no outcome recorded, its outcome is unknown. */
  attempted_at: string | null;
  /** What the provider's status webhooks said of the attempt (0 failed, 2+ sent), and why it failed. */
  outcome_ack: number | null;
  outcome_error: string | null;
}

export interface ClaimResult {
  campaign: DispatchCampaignRow | null;
  gate: DispatchGateRow | null;
  shipping: DispatchShippingRow | null;
  suppressed: boolean;
}

/**
 * The walk's one read-and-claim: the campaign, what gates it, today's sends of its connection, and the next recipient
 * claimed (`sending`, provider ids fixed unless a crashed attempt fixed them already), only while the caller's fence
 * is the campaign's walker epoch. The partial index on pending rows makes the next recipient one index probe, at any
 * depth of the list.
 */
const CLAIM_SQL = prepared(
  'campaign_claim_fenced',
  `
with input as (
  select ?::int as company_id, ?::int as campaign_id, ?::int as fence
), camp as (
  select c.id, c.company_id, c.status, c.whatsapp_id, c.confirmation, c.message1, c.message2, c.message3, c.message4, c.message5,
         c.confirmation_message1, c.confirmation_message2, c.confirmation_message3, c.confirmation_message4, c.confirmation_message5,
         c.media_path, c.media_name, c.file_list_id, c.walked, c.walker_epoch = i.fence as holds, c.templates,
         (select w.provider from whatsapps w where w.company_id = c.company_id and w.id = c.whatsapp_id) as provider
    from campaigns c, input i where c.company_id = i.company_id and c.id = i.campaign_id
), gate as (
  select co.status as company_status, to_char(co.due_date, 'YYYY-MM-DD') as due_date, co.timezone, p.use_campaigns,
         (select s.value from settings s where s.company_id = co.id and s.key = 'campaignsEnabled') as campaigns_setting,
         (select json_object_agg(cs.key, cs.value) from campaign_settings cs where cs.company_id = co.id) as settings,
         coalesce((select d.sent from campaign_daily_sends d, camp c
                    where d.company_id = co.id and d.whatsapp_id = c.whatsapp_id and d.day = (now() at time zone co.timezone)::date), 0) as sent_today
    from companies co join input i on co.id = i.company_id left join plans p on p.id = co.plan_id
), next as (
  select sh.id from campaign_shippings sh, camp c
   where sh.company_id = c.company_id and sh.campaign_id = c.id and c.status = 'EM_ANDAMENTO' and c.holds and sh.status in ('pending', 'sending')
   order by sh.position limit 1
   for update of sh skip locked
), claimed as (
  update campaign_shippings sh
     set status = 'sending', provider_id = coalesce(sh.provider_id, ?::text),
         confirmation_provider_id = coalesce(sh.confirmation_provider_id, ?::text), whatsapp_id = c.whatsapp_id, updated_at = now()
    from next, camp c
   where sh.id = next.id
  returning sh.id, sh.campaign_id, sh.position, sh.number, sh.name, sh.email, sh.checked, sh.status, sh.provider_id, sh.confirmation_provider_id, sh.confirmed_at,
            sh.variant, sh.whatsapp_id, sh.attempted_at, sh.outcome_ack, sh.outcome_error,
            sh.company_id
)
select (select row_to_json(c) from camp c) as campaign,
       (select row_to_json(g) from gate g) as gate,
       (select row_to_json(x) from claimed x) as shipping,
       exists (select 1 from campaign_suppressions su, claimed x where su.company_id = x.company_id and su.number = x.number) as suppressed`,
);

/** A confirmed recipient's main message: the shipping re-read with its campaign, its gate unchanged. */
const CONFIRMED_SQL = prepared(
  'campaign_confirmed_claim',
  `
select row_to_json(sh) as shipping, to_jsonb(c) || jsonb_build_object('provider', w.provider) as campaign
  from campaign_shippings sh join campaigns c on c.id = sh.campaign_id left join whatsapps w on w.id = sh.whatsapp_id
 where sh.company_id = ? and sh.id = ? and sh.status = 'awaiting' and sh.confirmed_at is not null`,
);

/**
 * A message went out: the shipping moves on (asked or delivered), the connection's count for the day grows, and the
 * walk's position and next due time are saved, in one statement.
 */
const SENT_TEXT = `
with input as (
  select ?::int as company_id, ?::int as shipping_id, ?::boolean as asked, ?::smallint as variant, ?::text as body, ?::int as walk,
         ?::timestamptz as next_at
), done as (
  update campaign_shippings sh
     set status = case when i.asked then 'awaiting' else 'delivered' end,
         confirmation_requested_at = case when i.asked then now() else sh.confirmation_requested_at end,
         confirmation_body = case when i.asked then i.body else sh.confirmation_body end,
         delivered_at = case when i.asked then sh.delivered_at else now() end,
         body = case when i.asked then sh.body else i.body end,
         variant = coalesce(i.variant, sh.variant), error = null, attempted_at = null, updated_at = now()
    from input i
   where sh.company_id = i.company_id and sh.id = i.shipping_id and sh.status in ('sending', 'awaiting')
  returning sh.company_id, sh.campaign_id, sh.whatsapp_id
), counted as (
  insert into campaign_daily_sends (company_id, whatsapp_id, day, sent)
  select d.company_id, d.whatsapp_id, (now() at time zone co.timezone)::date, 1
    from done d join companies co on co.id = d.company_id
   where d.whatsapp_id is not null
  on conflict (company_id, whatsapp_id, day) do update set sent = campaign_daily_sends.sent + 1
), walked as (
  update campaigns c set walked = c.walked + i.walk, next_send_at = coalesce(i.next_at, c.next_send_at), pause_reason = null, walk_rearms = 0,
         updated_at = now()
    from input i, done d
   where c.company_id = i.company_id and c.id = d.campaign_id and i.walk > 0
  returning c.walked
)
select (select walked from walked) as walked, exists (select 1 from done) as updated`;
const SENT_SQL = prepared('campaign_sent', SENT_TEXT);

/** A send failed: the shipping records why, and the answer says how many of the campaign's last 20 sends failed. */
const FAILED_TEXT = `
with input as (
  select ?::int as company_id, ?::int as shipping_id, ?::text as error, ?::int as walk, ?::timestamptz as next_at
), failed as (
  update campaign_shippings sh set status = 'failed', failed_at = now(), error = i.error, updated_at = now()
    from input i
   where sh.company_id = i.company_id and sh.id = i.shipping_id and sh.status in ('sending', 'awaiting')
  returning sh.campaign_id, sh.company_id
), walked as (
  update campaigns c set walked = c.walked + i.walk, next_send_at = coalesce(i.next_at, c.next_send_at), walk_rearms = 0, updated_at = now(),
         pause_reason = case when i.walk > 0 then null else c.pause_reason end
    from input i, failed f
   where c.company_id = i.company_id and c.id = f.campaign_id
  returning c.walked
)
select (select walked from walked) as walked,
       1 + (select count(*) from (
              select s.status from campaign_shippings s, failed f
               where s.company_id = f.company_id and s.campaign_id = f.campaign_id and s.status in ('delivered', 'awaiting', 'failed')
                 and s.id <> (select shipping_id from input)
               order by s.updated_at desc limit 19) recent
             where recent.status = 'failed')::int as recent_failures`;
const FAILED_SQL = prepared('campaign_failed', FAILED_TEXT);

/**
 * A send through a provider that assigns the message id is about to be made: recorded (and committed) first, so a
 * crash before its outcome is recorded leaves an attempt whose outcome is unknown, never a silent resend.
 */
const ATTEMPT_SQL = prepared(
  'campaign_attempt',
  `update campaign_shippings set attempted_at = now(), outcome_ack = null, outcome_error = null, updated_at = now()
    where company_id = ? and id = ? and (status = 'sending' or (status = 'awaiting' and confirmed_at is not null))`,
);

/** The provider refused the attempt with an answer (nothing went out): it is no longer an attempt of unknown outcome. */
const FORGET_ATTEMPT_TEXT = `update campaign_shippings set attempted_at = null, updated_at = now() where company_id = ? and id = ?`;
const FORGET_ATTEMPT_SQL = prepared('campaign_forget_attempt', FORGET_ATTEMPT_TEXT);

/**
 * A status webhook for a campaign message, found by the id it was sent under (biz_opaque_callback_data): the
 * shipping keeps the highest status (a failure stays), a delivered recipient Meta reports failed becomes failed with
 * Meta's reason, and one decided failed for want of an outcome becomes delivered after all.
 */
const OUTCOME_SQL = prepared(
  'campaign_outcome',
  `
with input as (
  select ?::int as company_id, ?::int as whatsapp_id, ?::text as provider_id, ?::smallint as ack, ?::text as error
), target as (
  -- The main message goes under provider_id, a confirmation request (Cloud API) under confirmation_provider_id.
  select sh.id, c.confirmation and sh.confirmed_at is null as asking
    from campaign_shippings sh join campaigns c on c.id = sh.campaign_id, input i
   where sh.company_id = i.company_id and sh.whatsapp_id = i.whatsapp_id and sh.provider_id = i.provider_id
  union
  select sh.id, true
    from campaign_shippings sh, input i
   where sh.company_id = i.company_id and sh.whatsapp_id = i.whatsapp_id and sh.confirmation_provider_id = i.provider_id
     and sh.confirmed_at is null
)
update campaign_shippings sh
   set outcome_ack = case when i.ack = 0 or sh.outcome_ack = 0 then 0 else greatest(coalesce(sh.outcome_ack, 0), i.ack) end,
       outcome_error = coalesce(i.error, sh.outcome_error),
       status = case when i.ack = 0 and sh.status in ('delivered', 'awaiting') then 'failed'
                     when i.ack > 0 and sh.status = 'failed' and sh.error = 'ERR_CLOUD_OUTCOME_UNKNOWN' then (case when t.asking then 'awaiting' else 'delivered' end)
                     else sh.status end,
       error = case when i.ack = 0 and sh.status in ('delivered', 'awaiting') then 'ERR_CLOUD_UNDELIVERABLE'
                    when i.ack > 0 and sh.status = 'failed' and sh.error = 'ERR_CLOUD_OUTCOME_UNKNOWN' then null
                    else sh.error end,
       failed_at = case when i.ack = 0 and sh.status in ('delivered', 'awaiting') then now() else sh.failed_at end,
       delivered_at = case when i.ack > 0 and sh.status = 'failed' and sh.error = 'ERR_CLOUD_OUTCOME_UNKNOWN' and not t.asking then now()
                           else sh.delivered_at end,
       confirmation_requested_at = case when i.ack > 0 and sh.status = 'failed' and sh.error = 'ERR_CLOUD_OUTCOME_UNKNOWN' and t.asking then now()
                                        else sh.confirmation_requested_at end,
       updated_at = now()
  from input i, target t
 where sh.id = t.id
returning sh.campaign_id`,
);

/**
 * A walker takes the walk: the epoch grows and is its fence, for a job of the campaign's current generation while the
 * campaign is scheduled or running. The update waits for the row lock a walker holds through a send (`hold`), so the
 * walk changes hands only between two sends.
 */
const TAKE_TEXT = `
update campaigns set walker_epoch = walker_epoch + 1
 where company_id = ? and id = ? and walk_generation = ? and status in ('PROGRAMADA', 'EM_ANDAMENTO')
returning walker_epoch`;

/** The lock held through a send: the campaign is still running and its epoch is still the walker's fence. */
const HOLD_TEXT = `
select c.id from campaigns c
 where c.company_id = ? and c.id = ? and c.walker_epoch = ? and c.status = 'EM_ANDAMENTO'
   for no key update`;

/** The lock held through a confirmed recipient's send: it is still waiting for its main message. */
const HOLD_CONFIRMED_TEXT = `
select sh.id from campaign_shippings sh
 where sh.company_id = ? and sh.id = ? and sh.status = 'awaiting' and sh.confirmed_at is not null
   for update`;

/**
 * At most this many sends hold a transaction at once in a process: each holds a connection of the ORM's pool while
 * the message travels, and the rest of the process (and the send itself) needs the others.
 */
const HOLDS_AT_ONCE = 3;

/** A transaction that holds a walk (or a confirmed recipient) through its send. */
interface Held {
  tx: EntityManager;
  companyId: number;
}

/** Waiters for one of HOLDS_AT_ONCE places, in arrival order. */
class HoldPlaces {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  async take(): Promise<void> {
    if (this.used < HOLDS_AT_ONCE) {
      this.used += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used -= 1;
  }
}

/**
 * Customers wrote into tickets (several of one company at once, one row per input `ord`): the campaign messages each
 * number received on that connection enter the ticket's history (once: the provider id is the message's key), and an
 * open confirmation request is marked confirmed. A batch never holds one ticket twice (see `replies`).
 */
const REPLY_SQL = prepared(
  'campaign_replies',
  `
with input as (
  select k.ord, k.ticket_id, k.may_confirm from unnest(?::int[], ?::boolean[]) with ordinality as k(ticket_id, may_confirm, ord)
), target as (
  select i.ord, i.may_confirm, t.id as ticket_id, t.company_id, t.contact_id, t.whatsapp_id, ct.number
    from input i
    join tickets t on t.company_id = ? and t.id = i.ticket_id and not t.is_group
    join contacts ct on ct.id = t.contact_id
), sent as (
  select x.ord, sh.confirmation_provider_id as provider_id, sh.confirmation_body as body, sh.confirmation_requested_at as at
    from campaign_shippings sh join target x
      on sh.company_id = x.company_id and sh.number = x.number and sh.whatsapp_id = x.whatsapp_id
   where sh.confirmation_requested_at is not null
  union all
  select x.ord, sh.provider_id, sh.body, sh.delivered_at
    from campaign_shippings sh join target x
      on sh.company_id = x.company_id and sh.number = x.number and sh.whatsapp_id = x.whatsapp_id
   where sh.delivered_at is not null
), copied as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, body, from_me, read, ack, media_type,
                        sent_at, created_at, updated_at)
  select x.company_id, x.ticket_id, x.contact_id, x.whatsapp_id, s.provider_id, x.number || '@s.whatsapp.net', s.body, true, true, 2, 'chat',
         s.at, s.at, s.at
    from sent s join target x on x.ord = s.ord
  on conflict (company_id, whatsapp_id, provider_id) do nothing
  returning ticket_id
), confirmed as (
  update campaign_shippings sh set confirmed_at = now(), updated_at = now()
    from target x, campaigns c
   where sh.company_id = x.company_id and sh.number = x.number and sh.whatsapp_id = x.whatsapp_id and sh.status = 'awaiting'
     and sh.confirmed_at is null and c.id = sh.campaign_id and c.status <> 'CANCELADA' and x.may_confirm
  returning sh.id, sh.campaign_id, x.ord
)
select i.ord,
       (select count(*) from copied c join target x on x.ticket_id = c.ticket_id where x.ord = i.ord)::int as copied,
       coalesce((select json_agg(json_build_object('id', f.id, 'campaignId', f.campaign_id)) from confirmed f where f.ord = i.ord), '[]') as confirmed,
       (select x.number from target x where x.ord = i.ord) as number
  from input i`,
);

/** What a customer's message into a ticket did to its campaigns (see REPLY_SQL). */
export interface CampaignReply {
  copied: number;
  confirmed: { id: number; campaignId: number }[];
  number: string | null;
}

/**
 * The walk's statements: a fixed, small number per message (claim, then the send's hold and its outcome).
 *
 * One walker per campaign, provably: a walker takes the walk by growing the campaign's `walker_epoch` and keeps the
 * value as its fence. Its claims carry the fence (a walker whose fence is no longer the epoch claims nothing), and
 * each send runs inside a transaction that first locks the campaign row on the same condition (`hold`) and records
 * the outcome before it commits. Taking the walk updates that row, so it waits for a send in flight to be recorded;
 * after it, the former walker's next hold and claim find another epoch and it stops. Two walkers therefore never send
 * for the same campaign at once, and a recipient is sent again only when its first send's outcome was never recorded
 * (the process or its database connection died in the middle), under the provider id fixed before it.
 */
@Injectable()
export class CampaignDispatchRepository {
  /** The transaction of the hold the current call runs in, so `sent` and `failed` record inside it. */
  private readonly holding = new AsyncLocalStorage<Held>();
  private readonly places = new HoldPlaces();

  constructor(
    private readonly hot: HotPathPool,
    private readonly em: EntityManager,
  ) {}

  /** Takes the walk for a job of `generation`: answers the fence, or null when the job is stale or nothing is to walk. */
  async take(companyId: number, campaignId: number, generation: number): Promise<number | null> {
    const rows = await tenantSql(this.em.getConnection(), companyId).all<{ walker_epoch: number }>(TAKE_TEXT, [companyId, campaignId, generation]);
    return rows[0]?.walker_epoch ?? null;
  }

  async claim(companyId: number, campaignId: number, fence: number, providerId: string, confirmationProviderId: string): Promise<ClaimResult> {
    const rows = await tenantSql(this.hot, companyId).all<ClaimResult>(CLAIM_SQL, [companyId, campaignId, fence, providerId, confirmationProviderId]);
    return rows[0] ?? { campaign: null, gate: null, shipping: null, suppressed: false };
  }

  /**
   * Runs `send` holding the walk: inside a transaction that locks the campaign row while it is running under this
   * fence, so nobody takes the walk (or stops the campaign) until the send's outcome, recorded by `sent` or `failed`
   * inside `send`, commits. Answers `{ held: false }` without running `send` when the walk was taken over or the
   * campaign stopped meanwhile.
   */
  async hold<T>(companyId: number, campaignId: number, fence: number, send: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
    return this.inTransaction(companyId, HOLD_TEXT, [companyId, campaignId, fence], send);
  }

  /** Like `hold`, for a confirmed recipient's main message: its row locked while it still waits for it. */
  async holdConfirmed<T>(companyId: number, shippingId: number, send: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
    return this.inTransaction(companyId, HOLD_CONFIRMED_TEXT, [companyId, shippingId], send);
  }

  private async inTransaction<T>(
    companyId: number,
    lock: string,
    params: unknown[],
    send: () => Promise<T>,
  ): Promise<{ held: true; value: T } | { held: false }> {
    await this.places.take();
    // begin/commit on a fork of its own rather than `transactional`: the send's other database work (the attachments
    // it reads, a session's keys it stores) must not join this transaction through MikroORM's context.
    const tx = forkForCompany(this.em, companyId);
    try {
      await tx.begin();
      try {
        const locked = await tenantSql(tx, companyId).all(lock, params);
        const outcome = locked.length ? { held: true as const, value: await this.holding.run({ tx, companyId }, send) } : { held: false as const };
        await tx.commit();
        return outcome;
      } catch (error) {
        await tx.rollback().catch(() => undefined);
        throw error;
      }
    } finally {
      this.places.give();
    }
  }

  /** A statement of the walk: inside the hold's transaction when the caller holds one, else on the hot-path pool. */
  private async run<T>(companyId: number, text: string, statement: Parameters<HotPathPool['query']>[0], params: unknown[]): Promise<T[]> {
    const held = this.holding.getStore();
    if (held && held.companyId === companyId) return tenantSql(held.tx, companyId).all<T>(text, params);
    return tenantSql(this.hot, companyId).all<T>(statement, params);
  }

  async claimConfirmed(companyId: number, shippingId: number): Promise<{ shipping: DispatchShippingRow; campaign: DispatchCampaignRow } | null> {
    const rows = await tenantSql(this.hot, companyId).all<{ shipping: DispatchShippingRow; campaign: DispatchCampaignRow }>(CONFIRMED_SQL, [
      companyId,
      shippingId,
    ]);
    return rows[0] ?? null;
  }

  /** `walk` is 1 when the walk moved past a recipient (0 for a confirmed recipient's main message). */
  async sent(
    companyId: number,
    shippingId: number,
    sent: { asked: boolean; variant: number | null; body: string; walk: number; nextAt: Date | null },
  ): Promise<{ walked: number | null; updated: boolean }> {
    const rows = await this.run<{ walked: number | null; updated: boolean }>(companyId, SENT_TEXT, SENT_SQL, [
      companyId,
      shippingId,
      sent.asked,
      sent.variant,
      sent.body,
      sent.walk,
      sent.nextAt,
    ]);
    campaignMetrics.recipients.inc({ result: 'sent' });
    return rows[0] ?? { walked: null, updated: false };
  }

  async failed(
    companyId: number,
    shippingId: number,
    error: string,
    walk: number,
    nextAt: Date | null,
  ): Promise<{ walked: number | null; recent_failures: number }> {
    const rows = await this.run<{ walked: number | null; recent_failures: number }>(companyId, FAILED_TEXT, FAILED_SQL, [
      companyId,
      shippingId,
      error.slice(0, 80),
      walk,
      nextAt,
    ]);
    campaignMetrics.recipients.inc({ result: 'failed' });
    return rows[0] ?? { walked: null, recent_failures: 0 };
  }

  /** Records the attempt of a send through a provider that assigns ids, committed before the call (never in the hold). */
  async attempt(companyId: number, shippingId: number): Promise<void> {
    await tenantSql(this.hot, companyId).all(ATTEMPT_SQL, [companyId, shippingId]);
  }

  /** The attempt was answered with a refusal: nothing went out. Inside the hold when the caller holds one. */
  async forgetAttempt(companyId: number, shippingId: number): Promise<void> {
    await this.run(companyId, FORGET_ATTEMPT_TEXT, FORGET_ATTEMPT_SQL, [companyId, shippingId]);
  }

  /** A provider's status of a campaign message; answers the campaigns it touched (none: not a campaign message). */
  async outcome(companyId: number, whatsappId: number, localId: string, ack: number, error: string | null): Promise<number[]> {
    const rows = await tenantSql(this.hot, companyId).all<{ campaign_id: number }>(OUTCOME_SQL, [companyId, whatsappId, localId, ack, error]);
    return rows.map((row) => row.campaign_id);
  }

  /** Runs for every customer message: the messages of one company arriving together share one statement. */
  reply(companyId: number, ticketId: number, mayConfirm: boolean): Promise<CampaignReply> {
    return this.replies.store(companyId, { ticketId, mayConfirm });
  }

  private readonly replies = new CompanyBatcher<{ ticketId: number; mayConfirm: boolean }, CampaignReply>(
    // One ticket's messages run one after the other anyway (its conversation's lane); the key keeps it so.
    (write) => [String(write.ticketId)],
    async (companyId, writes) => {
      const rows = await tenantSql(this.hot, companyId).all<CampaignReply & { ord: string }>(REPLY_SQL, [
        writes.map((w) => w.ticketId),
        writes.map((w) => w.mayConfirm),
        companyId,
      ]);
      const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
      return writes.map((_, index) => {
        const row = byOrd.get(index + 1);
        return { status: 'fulfilled', value: { copied: row?.copied ?? 0, confirmed: row?.confirmed ?? [], number: row?.number ?? null } };
      });
    },
  );
}
