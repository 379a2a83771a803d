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

  /** FINALIZADA once nothing is left to send; answers whether it finished now. */
  async finishIfDone(companyId: number, campaignId: number): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update campaigns c set status = 'FINALIZADA', completed_at = now(), next_send_at = null, pause_reason = null, updated_at = now()
        where c.company_id = ? and c.id = ? and c.status = 'EM_ANDAMENTO'
          and not exists (select 1 from campaign_shippings s where s.company_id = ? and s.campaign_id = ? and s.status in ('pending', 'sending'))
        returning c.id`,
      [companyId, campaignId, companyId, campaignId],
    );
    return rows.length > 0;
  }

  /** Stops a running campaign on its own (CANCELADA with the reason); restart resumes it. */
  async pause(companyId: number, campaignId: number, reason: string): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update campaigns set status = 'CANCELADA', pause_reason = ?, next_send_at = null, updated_at = now()
        where company_id = ? and id = ? and status = 'EM_ANDAMENTO' returning id`,
      [reason, companyId, campaignId],
    );
    return rows.length > 0;
  }

  /** The campaign keeps running but waits (quiet hours, daily cap) until `until`. */
  async wait(companyId: number, campaignId: number, reason: string, until: Date): Promise<void> {
    await this.sql(companyId).run(
      `update campaigns set pause_reason = ?, next_send_at = ?, updated_at = now() where company_id = ? and id = ? and status = 'EM_ANDAMENTO'`,
      [reason, until, companyId, campaignId],
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
              count(*) filter (where status in ('pending', 'sending'))::int as pending
         from campaign_shippings where company_id = ? and campaign_id = ?`,
      [companyId, campaignId],
    );
    return rows[0]!;
  }

  /** A page of the report, in walk order after `after` (a position). */
  async shippings(companyId: number, campaignId: number, after: number, limit: number): Promise<ShippingPageRow[]> {
    return this.sql(companyId).all<ShippingPageRow>(
      `select id, position, number, name, email, status, variant, confirmation_requested_at, confirmed_at, delivered_at, failed_at, error
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
    campaigns: { company_id: number; id: number; status: CampaignStatus; scheduled_at: Date | null; next_send_at: Date | null }[];
    confirmed: { company_id: number; id: number }[];
  }> {
    // Across companies on purpose: the job reconciler re-arms every tenant's timers after Redis lost them.
    const db = systemSql(this.em.getConnection());
    const campaigns = await db.all<{ company_id: number; id: number; status: CampaignStatus; scheduled_at: Date | null; next_send_at: Date | null }>(
      `select company_id, id, status, scheduled_at, next_send_at from campaigns where status in ('PROGRAMADA', 'EM_ANDAMENTO')`,
    );
    // Across companies on purpose, as above.
    const confirmed = await db.all<{ company_id: number; id: number }>(
      `select company_id, id from campaign_shippings where status = 'awaiting' and confirmed_at is not null`,
    );
    return { campaigns, confirmed };
  }
}
