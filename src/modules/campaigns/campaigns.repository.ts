import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql, tenantSql } from '../../infra/database/sql.js';
import type { CampaignCounts } from '../../shared/campaign-api-types.js';
import type { CampaignStatus } from '../../shared/campaigns.js';

export interface ShippingPageRow {
  id: number;
  position: number;
  number: string;
  name: string;
  email: string | null;
  status: string;
  variant: number | null;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
  error: string | null;
  body: string;
  confirmation_body: string;
}

/** A scheduled or running campaign that did not move when it should have (see `lateWalks`). */
export interface LateWalk {
  company_id: number;
  id: number;
  status: CampaignStatus;
  walk_generation: number;
  walk_rearms: number;
  late_ms: string | number;
}

/** Campaign state changes outside the per-message walk, the report, and the suppression list. */
@Injectable()
export class CampaignsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number, em: EntityManager = this.em) {
    return tenantSql(em === this.em ? this.em.getConnection() : em, companyId);
  }

  /**
   * The recipients of a campaign, in order, one row per number: a contact list's items or the contacts of a tag's
   * tickets. Numbers known not to be on WhatsApp, or on the suppression list, are kept as skipped so the report counts
   * them. Idempotent: a second run (a crash half-way, a restart) adds only what is missing.
   */
  async enqueue(companyId: number, campaignId: number, audience: { contactListId: number | null; tagId: number | null }, em: EntityManager): Promise<number> {
    const source = audience.contactListId
      ? `select i.id as ord, i.number, i.name, i.email, i.is_whatsapp_valid as valid
           from contact_list_items i where i.company_id = ? and i.contact_list_id = ?`
      : `select min(ct.id) as ord, ct.number, min(ct.name) as name, min(ct.email) as email, null::boolean as valid
           from ticket_tags tt join tickets t on t.id = tt.ticket_id join contacts ct on ct.id = t.contact_id
          where tt.company_id = ? and tt.tag_id = ? and not ct.is_group
          group by ct.number`;
    const rows = await this.sql(companyId, em).all<{ n: number }>(
      `with src as (${source}), base as (
         select coalesce(max(position), 0) as p from campaign_shippings where company_id = ? and campaign_id = ?
       ), ins as (
         insert into campaign_shippings (company_id, campaign_id, position, number, name, email, checked, status, error, created_at, updated_at)
         select ?::int as company_id, ?::int, b.p + row_number() over (order by s.ord), s.number, left(s.name, 100), s.email, coalesce(s.valid, false),
                case when s.valid = false or su.id is not null then 'skipped' else 'pending' end,
                case when s.valid = false then 'ERR_NOT_ON_WHATSAPP' when su.id is not null then 'ERR_OPTED_OUT' end,
                now(), now()
           from src s cross join base b
           left join lateral (select x.id from campaign_suppressions x where x.company_id = ? and x.number = s.number limit 1) su on true
         -- Rows already there (a second run) keep theirs; new ones go after the last position (gaps are harmless).
         on conflict (company_id, campaign_id, number) do nothing
         returning 1
       )
       select count(*)::int as n from ins`,
      [companyId, audience.contactListId ?? audience.tagId, companyId, campaignId, companyId, campaignId, companyId],
    );
    return rows[0]?.n ?? 0;
  }

  /** How many recipients a campaign of that audience would reach now: not known off WhatsApp, not opted out. */
  async audienceSize(companyId: number, source: { kind: 'contactList' | 'tag'; id: number }): Promise<number> {
    const numbers =
      source.kind === 'contactList'
        ? `select distinct i.number from contact_list_items i where i.company_id = ? and i.contact_list_id = ? and i.is_whatsapp_valid is not false`
        : `select distinct ct.number from ticket_tags tt join tickets t on t.id = tt.ticket_id join contacts ct on ct.id = t.contact_id
            where tt.company_id = ? and tt.tag_id = ? and not ct.is_group`;
    const rows = await this.sql(companyId).all<{ n: number }>(
      `select count(*)::int as n from (${numbers}) a
        where not exists (select 1 from campaign_suppressions x where x.company_id = ? and x.number = a.number)`,
      [companyId, source.id, companyId],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * A confirmation campaign whose sends are done still waits for answers: the end of the confirmation window of its
   * latest request still unanswered, or null when none waits (the ones past their window are marked expired).
   */
  async awaitingUntil(companyId: number, campaignId: number, windowHours: number): Promise<Date | null> {
    await this.sql(companyId).run(
      `update campaign_shippings set status = 'skipped', error = 'ERR_CONFIRMATION_EXPIRED', updated_at = now()
        where company_id = ? and campaign_id = ? and status = 'awaiting' and confirmed_at is null
          and confirmation_requested_at <= now() - make_interval(hours => ?)`,
      [companyId, campaignId, windowHours],
    );
    const rows = await this.sql(companyId).all<{ until: Date | null }>(
      `select max(confirmation_requested_at) + make_interval(hours => ?) as until
         from campaign_shippings where company_id = ? and campaign_id = ? and status = 'awaiting' and confirmed_at is null`,
      [windowHours, companyId, campaignId],
    );
    const until = rows[0]?.until;
    return until ? new Date(until) : null;
  }

  /**
   * FINALIZADA once nothing is left to send and nobody awaits: no recipient pending, being sent, or awaiting (a
   * confirmation answer, or the main message after it); answers whether it finished now.
   */
  async finishIfDone(companyId: number, campaignId: number): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update campaigns c set status = 'FINALIZADA', completed_at = now(), next_send_at = null, pause_reason = null, updated_at = now()
        where c.company_id = ? and c.id = ? and c.status = 'EM_ANDAMENTO'
          and not exists (select 1 from campaign_shippings s where s.company_id = ? and s.campaign_id = ? and s.status in ('pending', 'sending', 'awaiting'))
        returning c.id`,
      [companyId, campaignId, companyId, campaignId],
    );
    return rows.length > 0;
  }

  /** Stops a running campaign on its own (CANCELADA with the reason), if `fence` still holds its walk; restart resumes it. */
  async pause(companyId: number, campaignId: number, reason: string, fence: number): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update campaigns set status = 'CANCELADA', pause_reason = ?, next_send_at = null, updated_at = now()
        where company_id = ? and id = ? and status = 'EM_ANDAMENTO' and walker_epoch = ? returning id`,
      [reason, companyId, campaignId, fence],
    );
    return rows.length > 0;
  }

  /** The campaign keeps running but waits (quiet hours, daily cap) until `until`. */
  async wait(companyId: number, campaignId: number, reason: string, until: Date, fence: number): Promise<void> {
    await this.sql(companyId).run(
      `update campaigns set pause_reason = ?, next_send_at = ?, updated_at = now()
        where company_id = ? and id = ? and status = 'EM_ANDAMENTO' and walker_epoch = ?`,
      [reason, until, companyId, campaignId, fence],
    );
  }

  /** The walk waits (for a connection coming back) until `until`: the due time moves, so the walk does not look stuck. */
  async postpone(companyId: number, campaignId: number, until: Date, fence: number): Promise<void> {
    await this.sql(companyId).run(
      `update campaigns set next_send_at = ?, updated_at = now() where company_id = ? and id = ? and status = 'EM_ANDAMENTO' and walker_epoch = ?`,
      [until, companyId, campaignId, fence],
    );
  }

  /** The generation of the campaign's walk job (its job id ends with it). */
  async walkGeneration(companyId: number, campaignId: number): Promise<number> {
    const rows = await this.sql(companyId).all<{ walk_generation: number }>(`select walk_generation from campaigns where company_id = ? and id = ?`, [
      companyId,
      campaignId,
    ]);
    return rows[0]?.walk_generation ?? 0;
  }

  /**
   * A new walk job for the campaign (a restart, a new schedule): the generation grows, so a job of the former one that
   * is still in Redis, failed or even running, does nothing; the count of re-arms starts over.
   */
  async nextWalkGeneration(companyId: number, campaignId: number, em: EntityManager = this.em): Promise<number> {
    const rows = await this.sql(companyId, em).all<{ walk_generation: number }>(
      `update campaigns set walk_generation = walk_generation + 1, walk_rearms = 0 where company_id = ? and id = ? returning walk_generation`,
      [companyId, campaignId],
    );
    return rows[0]?.walk_generation ?? 0;
  }

  /**
   * Redis lost the walk's job: the next generation takes over (a run of the former one may still be going on in a
   * process, under the same job id BullMQ would otherwise confuse with the new one). Answers it, or null when the
   * campaign no longer walks.
   */
  async bumpWalkGeneration(companyId: number, campaignId: number): Promise<number | null> {
    const rows = await this.sql(companyId).all<{ walk_generation: number }>(
      `update campaigns set walk_generation = walk_generation + 1
        where company_id = ? and id = ? and status in ('PROGRAMADA', 'EM_ANDAMENTO') returning walk_generation`,
      [companyId, campaignId],
    );
    return rows[0]?.walk_generation ?? null;
  }

  /**
   * Every company's scheduled or running campaigns that should have moved `graceMs` ago and did not: the later of their
   * due time (scheduledAt, or the next send) and their last change. `late_ms` says by how much.
   */
  async lateWalks(graceMs: number): Promise<LateWalk[]> {
    // Across companies on purpose: the job reconciler watches every tenant's walks.
    return systemSql(this.em.getConnection()).all<LateWalk>(
      `select company_id, id, status, walk_generation, walk_rearms, (extract(epoch from now() - due) * 1000)::bigint as late_ms
         from (select company_id, id, status, walk_generation, walk_rearms,
                      greatest(case when status = 'PROGRAMADA' then scheduled_at else next_send_at end, updated_at) as due
                 from campaigns where status in ('PROGRAMADA', 'EM_ANDAMENTO')) c
        where due < now() - make_interval(secs => ?::float8 / 1000)`,
      [graceMs],
    );
  }

  /**
   * The walk of `generation` did not move: a job of the next generation takes over, due now (so the campaign gets a
   * fresh grace), unless `maxRearms` re-arms in a row already failed. Answers the new generation, or null when the walk
   * changed meanwhile or re-arming gave up.
   */
  async rearmWalk(companyId: number, campaignId: number, generation: number, maxRearms: number): Promise<number | null> {
    const rows = await this.sql(companyId).all<{ walk_generation: number }>(
      `update campaigns set walk_generation = walk_generation + 1, walk_rearms = walk_rearms + 1, updated_at = now(),
              next_send_at = case when status = 'EM_ANDAMENTO' then now() else next_send_at end
        where company_id = ? and id = ? and walk_generation = ? and status in ('PROGRAMADA', 'EM_ANDAMENTO') and walk_rearms < ?
        returning walk_generation`,
      [companyId, campaignId, generation, maxRearms],
    );
    return rows[0]?.walk_generation ?? null;
  }

  /** Re-arming did not help: the campaign stops with the reason shown (restart resumes it). Answers whether it stopped. */
  async pauseStuck(companyId: number, campaignId: number, generation: number, reason: string): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update campaigns set status = 'CANCELADA', pause_reason = ?, next_send_at = null, updated_at = now()
        where company_id = ? and id = ? and walk_generation = ? and status in ('PROGRAMADA', 'EM_ANDAMENTO') returning id`,
      [reason, companyId, campaignId, generation],
    );
    return rows.length > 0;
  }

  /** Every company's confirmed recipients still waiting for their main message `graceMs` after the confirmation. */
  async lateConfirmed(graceMs: number): Promise<{ company_id: number; id: number }[]> {
    // Across companies on purpose: the job reconciler watches every tenant's confirmed recipients.
    return systemSql(this.em.getConnection()).all<{ company_id: number; id: number }>(
      `select company_id, id from campaign_shippings
        where status = 'awaiting' and confirmed_at is not null and updated_at < now() - make_interval(secs => ?::float8 / 1000)`,
      [graceMs],
    );
  }

  /** A claimed recipient goes back in line (the campaign could not send now); its provider ids stay. */
  async release(companyId: number, shippingId: number): Promise<void> {
    await this.sql(companyId).run(
      `update campaign_shippings set status = 'pending', updated_at = now() where company_id = ? and id = ? and status = 'sending'`,
      [companyId, shippingId],
    );
  }

  async skip(companyId: number, shippingId: number, error: string): Promise<void> {
    await this.sql(companyId).run(
      `update campaign_shippings set status = 'skipped', error = ?, updated_at = now() where company_id = ? and id = ? and status in ('sending', 'pending')`,
      [error, companyId, shippingId],
    );
  }

  async counts(companyId: number, campaignId: number): Promise<CampaignCounts> {
    const rows = await this.sql(companyId).all<CampaignCounts>(
      `select count(*)::int as total,
              count(*) filter (where error is distinct from 'ERR_NOT_ON_WHATSAPP')::int as valid,
              count(*) filter (where status = 'delivered')::int as delivered,
              count(*) filter (where confirmation_requested_at is not null)::int as "confirmationRequested",
              count(*) filter (where confirmed_at is not null)::int as confirmed,
              count(*) filter (where status = 'failed')::int as failed,
              count(*) filter (where status = 'skipped')::int as skipped,
              count(*) filter (where status in ('pending', 'sending'))::int as pending,
              count(*) filter (where status = 'awaiting' and confirmed_at is null)::int as awaiting
         from campaign_shippings where company_id = ? and campaign_id = ?`,
      [companyId, campaignId],
    );
    return rows[0]!;
  }

  /** A page of the report, in walk order after `after` (a position). */
  async shippings(companyId: number, campaignId: number, after: number, limit: number): Promise<ShippingPageRow[]> {
    return this.sql(companyId).all<ShippingPageRow>(
      `select id, position, number, name, email, status, variant, confirmation_requested_at, confirmed_at, delivered_at, failed_at, error,
              body, confirmation_body
         from campaign_shippings where company_id = ? and campaign_id = ? and position > ? order by position limit ?`,
      [companyId, campaignId, after, limit],
    );
  }

  /** Puts a number on the suppression list and skips what is still to be sent to it; answers the campaigns touched. */
  async suppress(companyId: number, number: string, keyword: string): Promise<number[]> {
    const rows = await this.sql(companyId).all<{ campaign_id: number }>(
      `with added as (
         insert into campaign_suppressions (company_id, number, keyword, created_at, updated_at) values (?, ?, ?, now(), now())
         on conflict (company_id, number) do nothing
       )
       update campaign_shippings set status = 'skipped', error = 'ERR_OPTED_OUT', updated_at = now()
        where company_id = ? and number = ? and (status = 'pending' or (status = 'awaiting' and confirmed_at is null))
        returning campaign_id`,
      [companyId, number, keyword.slice(0, 60), companyId, number],
    );
    return [...new Set(rows.map((r) => r.campaign_id))];
  }

  /** Every company's campaigns with work armed in Redis: scheduled, running, and confirmed recipients not yet sent. */
  async pendingWork(): Promise<{
    campaigns: {
      company_id: number;
      id: number;
      status: CampaignStatus;
      scheduled_at: Date | null;
      next_send_at: Date | null;
      walk_generation: number;
    }[];
    confirmed: { company_id: number; id: number }[];
  }> {
    // Across companies on purpose: the job reconciler re-arms every tenant's timers after Redis lost them.
    const db = systemSql(this.em.getConnection());
    const campaigns = await db.all<{
      company_id: number;
      id: number;
      status: CampaignStatus;
      scheduled_at: Date | null;
      next_send_at: Date | null;
      walk_generation: number;
    }>(`select company_id, id, status, scheduled_at, next_send_at, walk_generation from campaigns where status in ('PROGRAMADA', 'EM_ANDAMENTO')`);
    // Across companies on purpose, as above.
    const confirmed = await db.all<{ company_id: number; id: number }>(
      `select company_id, id from campaign_shippings where status = 'awaiting' and confirmed_at is not null`,
    );
    return { campaigns, confirmed };
  }
}
