import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { companyInactiveReason, standingOf } from '../../authorization/auth-context.loader.js';
import type { ChannelSession, OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { jidFor } from '../../channels/numbers.js';
import { APP_CONFIG, type AppConfig, DEFAULT_OUTCOME_WAIT_MS } from '../../config/app-config.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { campaignMetrics } from '../../infra/metrics/instruments.js';
import { type CampaignPauseReason, campaignsOn, parseCampaignSettings, renderCampaignMessage } from '../../shared/campaigns.js';
import { quietHoursEnd, startOfNextDay } from './campaign-clock.js';
import { type DispatchCampaignRow, type DispatchGateRow, type DispatchShippingRow, CampaignDispatchRepository } from './campaign-dispatch.repository.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignOutbox } from './campaign-outbox.js';
import { nextWaitMs, variantFor, variantsOf } from './campaign-pacing.js';
import { type CampaignTemplateSend, campaignTemplateSend, outcomeErrorCode, outcomeUnknown } from './campaign-template-send.js';
import { sendRefusedForNow } from './send-refusal.js';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Campaign } from './campaign.entity.js';
import { toCampaignResponse } from './campaign.mapper.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** How often a campaign looks again for a connection that is coming back. */
const RECONNECT_WAIT_MS = 2000;

/** A job that fires this much early (clock skew between processes) waits for the rest. */
const EARLY_TOLERANCE_MS = 50;

/** How often a walk waiting for the status of a send of unknown outcome looks again. */
const OUTCOME_POLL_MS = 2000;

type Settings = ReturnType<typeof parseCampaignSettings>;

const messagesOf = (c: DispatchCampaignRow): string[] => [c.message1, c.message2, c.message3, c.message4, c.message5];
const confirmationsOf = (c: DispatchCampaignRow): string[] => [
  c.confirmation_message1,
  c.confirmation_message2,
  c.confirmation_message3,
  c.confirmation_message4,
  c.confirmation_message5,
];

/** Why the company may not send campaigns now, or null. */
function gateReason(gate: DispatchGateRow, now: Date): CampaignPauseReason | null {
  if (companyInactiveReason(standingOf({ status: gate.company_status, due_date: gate.due_date, timezone: gate.timezone }), now)) return 'COMPANY_INACTIVE';
  if (gate.use_campaigns === false) return 'PLAN_WITHOUT_CAMPAIGNS';
  if (!campaignsOn(gate.campaigns_setting)) return 'CAMPAIGNS_DISABLED';
  return null;
}

/**
 * The walk of a campaign (server §6), one recipient per step: start at scheduledAt, claim the next recipient, send
 * its variant (or its confirmation request), record it, and answer when the next step is due. A walker first takes
 * the walk (`take`: its fence); every claim and every send checks the fence in the database, so a walker that lost
 * the walk to another stops before its next send (see CampaignDispatchRepository). The provider ids fixed by the
 * claim make a step retried after a crash send the same message again, which WhatsApp keeps once. A provider that
 * assigns the ids itself (the Cloud API) cannot be retried that way: each send is recorded as an attempt (committed)
 * before the call and travels with the shipping's id as biz_opaque_callback_data; a recipient found with an attempt
 * and no outcome is not sent again but waits for a status webhook naming that id (settleAttempt).
 */
@Injectable()
export class CampaignWalker {
  private readonly logger = new Logger('CampaignWalker');
  /** The connection of each running campaign, so the claim can carry provider ids of that connection. */
  private readonly connections = new Map<number, number | null>();

  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: CampaignDispatchRepository,
    private readonly repository: CampaignsRepository,
    private readonly channels: ChannelManager,
    private readonly outbox: CampaignOutbox,
    private readonly events: CampaignEvents,
    private readonly settings: CampaignSettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Forget what was cached about a campaign (edited, cancelled, deleted). */
  forget(campaignId: number): void {
    this.connections.delete(campaignId);
    this.outbox.forget(campaignId);
  }

  /**
   * Takes the walk of the campaign for a job of `generation`: answers the walker's fence, or null when the job is stale
   * (a later generation was armed) or the campaign is not scheduled or running. Waits for a send in flight elsewhere.
   */
  take(companyId: number, campaignId: number, generation: number): Promise<number | null> {
    return this.dispatch.take(companyId, campaignId, generation);
  }

  /** One step of the walker holding `fence`; answers when the next one is due, or null when the walk stops (or was taken over). */
  async step(companyId: number, campaignId: number, fence: number): Promise<Date | null> {
    if (!this.connections.has(campaignId)) {
      const started = await this.startOrLoad(companyId, campaignId);
      if (started !== true) return started;
    }
    const whatsappId = this.connections.get(campaignId) ?? null;
    if (whatsappId === null) return this.stop(companyId, campaignId, 'NO_CONNECTION', fence);
    const session = this.sessionOf(companyId, whatsappId);
    if (!session) return this.withoutSession(companyId, campaignId, whatsappId, fence);

    const claimed = await this.dispatch.claim(companyId, campaignId, fence, session.newMessageId(), session.newMessageId());
    const { campaign, gate, shipping, suppressed } = claimed;
    if (campaign && !campaign.holds) {
      this.logger.log(`campaign ${campaignId}: another walker took the walk over; this one stops`);
      return null;
    }
    if (campaign?.status !== 'EM_ANDAMENTO' || !gate) {
      this.forget(campaignId);
      return null;
    }
    if (campaign.whatsapp_id !== whatsappId) {
      // The campaign's connection changed under us: go again with the right one.
      if (shipping) await this.repository.release(companyId, shipping.id);
      this.forget(campaignId);
      return new Date();
    }
    const blocked = gateReason(gate, new Date());
    if (blocked) {
      if (shipping) await this.repository.release(companyId, shipping.id);
      return this.stop(companyId, campaignId, blocked, fence);
    }
    const settings = parseCampaignSettings(gate.settings);
    if (!shipping) {
      // Everyone was walked; a confirmation campaign still waits for its answers until the window closes.
      const until = await this.repository.awaitingUntil(companyId, campaignId, settings.confirmationWindowHours);
      if (until) {
        await this.repository.wait(companyId, campaignId, 'AWAITING_CONFIRMATION', until, fence);
        await this.announce(companyId, campaignId, true);
        return until;
      }
      if (await this.repository.finishIfDone(companyId, campaignId)) await this.announce(companyId, campaignId, true);
      this.forget(campaignId);
      return null;
    }

    const assignsIds = this.assignsIds(campaign);
    if (assignsIds && shipping.attempted_at) return this.settleAttempt(companyId, campaignId, fence, campaign, shipping, settings);

    const now = new Date();
    const quietUntil = quietHoursEnd(now, gate.timezone, settings.quietHoursStart, settings.quietHoursEnd);
    const capped = settings.dailyCap > 0 && gate.sent_today >= settings.dailyCap;
    if (quietUntil || capped) {
      const until = quietUntil ?? startOfNextDay(now, gate.timezone);
      campaignMetrics.waits.inc({ reason: quietUntil ? 'quiet_hours' : 'daily_cap' });
      await this.repository.release(companyId, shipping.id);
      await this.repository.wait(companyId, campaignId, quietUntil ? 'QUIET_HOURS' : 'DAILY_CAP', until, fence);
      await this.announce(companyId, campaignId);
      return until;
    }
    if (suppressed) {
      await this.repository.skip(companyId, shipping.id, 'ERR_OPTED_OUT');
      await this.progress(companyId, campaignId);
      return now;
    }

    let jid = jidFor(shipping.number);
    if (!shipping.checked) {
      const check = await session.checkNumber(shipping.number).catch(() => null);
      if (check && !check.exists) {
        await this.repository.skip(companyId, shipping.id, 'ERR_NOT_ON_WHATSAPP');
        await this.progress(companyId, campaignId);
        return now;
      }
      if (check) jid = check.jid;
    }

    const variant = variantFor(shipping.position, variantsOf(messagesOf(campaign)));
    const confirmationText = variant ? (confirmationsOf(campaign)[variant - 1] ?? '') : '';
    // On a Cloud API connection the confirmation request is the variant's template (the customer's answer opens the
    // window, and the message itself then goes as it is); elsewhere it is the variant's confirmation text.
    const asking = campaign.confirmation && !shipping.confirmed_at && (assignsIds || confirmationText.trim() !== '');
    const walked = campaign.walked + 1;
    // The wait runs from the end of this send, so two sends are never closer than the interval.
    const waitMs = nextWaitMs(walked, settings, this.config.campaigns.secondMs);
    const nextAfterNow = () => new Date(Date.now() + waitMs);
    if (variant === null) {
      await this.dispatch.failed(companyId, shipping.id, 'ERR_CAMPAIGN_NO_MESSAGE', 1, nextAfterNow());
      return this.stop(companyId, campaignId, 'TOO_MANY_FAILURES', fence);
    }
    const text = asking ? confirmationText : (messagesOf(campaign)[variant - 1] ?? '');
    let body = renderCampaignMessage(text, shipping, settings.variables);
    let template: OutgoingTemplateMessage | null = null;
    if (assignsIds) {
      const prepared = await this.templateSend(companyId, campaign, variant, shipping, settings);
      if ('error' in prepared) return this.failedBeforeSend(companyId, campaignId, fence, shipping, prepared.error, nextAfterNow(), settings);
      ({ body, message: template } = prepared);
    } else if (!asking) await this.outbox.prepare(companyId, campaign);
    // The send and its record happen while this walker holds the walk; nobody takes it over in between.
    const held = await this.dispatch.hold(companyId, campaignId, fence, async () => {
      try {
        if (template) {
          // Recorded before the call: after a crash the recipient waits for Meta's status instead of a second send.
          await this.dispatch.attempt(companyId, shipping.id);
          await this.outbox.sendTemplate(session, jid, template, asking ? shipping.confirmation_provider_id : shipping.provider_id);
        } else if (asking) await this.outbox.sendText(session, jid, body, shipping.confirmation_provider_id);
        else await this.outbox.sendMain(companyId, campaign, session, jid, body, shipping.provider_id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (template && outcomeUnknown(error)) {
          // No answer: Meta may have taken it. The next step finds the attempt and waits for its status.
          this.logger.warn(`campaign ${campaignId}, recipient ${shipping.id}: outcome unknown (${reason}); waiting for Meta's status`);
          return { nextAt: new Date(), recentFailures: 0 };
        }
        if (template) await this.dispatch.forgetAttempt(companyId, shipping.id);
        if (this.sessionAway(error, whatsappId)) {
          this.logger.warn(`campaign ${campaignId}, recipient ${shipping.id}: not sent, the connection is away (${reason}); tried again later`);
          return { nextAt: null, recentFailures: 0 };
        }
        this.logger.warn(`campaign ${campaignId}, recipient ${shipping.id}: not sent: ${reason}`);
        const nextAt = nextAfterNow();
        const failed = await this.dispatch.failed(companyId, shipping.id, 'ERR_SENDING_WAPP_MSG', 1, nextAt);
        return { nextAt, recentFailures: failed.recent_failures };
      }
      const nextAt = nextAfterNow();
      await this.dispatch.sent(companyId, shipping.id, { asked: asking, variant, body, walk: 1, nextAt });
      return { nextAt, recentFailures: 0 };
    });
    if (!held.held) {
      // Taken over or stopped between the claim and the send: the recipient stays claimed for whoever walks next.
      this.logger.log(`campaign ${campaignId}: the walk moved on before recipient ${shipping.id} was sent; this walker stops`);
      return null;
    }
    const { nextAt, recentFailures } = held.value;
    if (!nextAt) {
      // The recipient goes back in line with its provider ids: the next attempt is the same message.
      await this.repository.release(companyId, shipping.id);
      this.forget(campaignId);
      const until = new Date(Date.now() + RECONNECT_WAIT_MS);
      await this.repository.postpone(companyId, campaignId, until, fence);
      return until;
    }
    if (settings.failurePauseThreshold > 0 && recentFailures >= settings.failurePauseThreshold) {
      return this.stop(companyId, campaignId, 'TOO_MANY_FAILURES', fence);
    }
    await this.progress(companyId, campaignId);
    return nextAt;
  }

  /** Whether the campaign's connection assigns the message ids itself (the Cloud API), so a send cannot be repeated by id. */
  private assignsIds(campaign: DispatchCampaignRow): boolean {
    return campaign.provider !== null && this.channels.capabilities(campaign.provider)?.clientMessageIds === false;
  }

  /** The variant's template for this recipient (values rendered), or the code its recipient fails with. */
  private async templateSend(
    companyId: number,
    campaign: DispatchCampaignRow,
    variant: number,
    shipping: DispatchShippingRow,
    settings: Settings,
  ): Promise<CampaignTemplateSend | { error: string }> {
    const chosen = await this.outbox.templateOf(companyId, campaign, variant);
    return campaignTemplateSend(chosen, (text) => renderCampaignMessage(text, shipping, settings.variables));
  }

  /** A recipient that cannot be sent (its template is gone, a value is empty) fails without a call. */
  private async failedBeforeSend(
    companyId: number,
    campaignId: number,
    fence: number,
    shipping: DispatchShippingRow,
    code: string,
    nextAt: Date,
    settings: Settings,
  ): Promise<Date | null> {
    this.logger.warn(`campaign ${campaignId}, recipient ${shipping.id}: not sent: ${code}`);
    // Recorded while holding the walk, like a send's outcome: a walker that lost it records nothing.
    const held = await this.dispatch.hold(companyId, campaignId, fence, () => this.dispatch.failed(companyId, shipping.id, code, 1, nextAt));
    if (!held.held) return null;
    if (settings.failurePauseThreshold > 0 && held.value.recent_failures >= settings.failurePauseThreshold) {
      return this.stop(companyId, campaignId, 'TOO_MANY_FAILURES', fence);
    }
    await this.progress(companyId, campaignId);
    return nextAt;
  }

  /**
   * A recipient whose send was attempted through a provider that assigns ids and whose outcome was never recorded
   * (the process died between the call and the record): never sent again at once. A status webhook that named its id
   * meanwhile decides it (sent, delivered or read: delivered; failed: failed with Meta's reason); without one the walk
   * waits up to `outcomeWaitMs` from the attempt, then marks it failed with ERR_CLOUD_OUTCOME_UNKNOWN (or, configured
   * with `resend`, sends it again).
   */
  private async settleAttempt(
    companyId: number,
    campaignId: number,
    fence: number,
    campaign: DispatchCampaignRow,
    shipping: DispatchShippingRow,
    settings: Settings,
  ): Promise<Date | null> {
    const { outcomeWaitMs = DEFAULT_OUTCOME_WAIT_MS, unknownOutcome = 'fail' } = this.config.campaigns;
    if (shipping.outcome_ack === null) {
      const decideAt = new Date(shipping.attempted_at as string).getTime() + outcomeWaitMs;
      if (Date.now() < decideAt) {
        const until = new Date(Math.min(decideAt, Date.now() + OUTCOME_POLL_MS));
        await this.repository.wait(companyId, campaignId, 'AWAITING_SEND_OUTCOME', until, fence);
        return until;
      }
      if (unknownOutcome === 'resend') {
        this.logger.warn(`campaign ${campaignId}, recipient ${shipping.id}: no status within ${outcomeWaitMs} ms; sent again as configured`);
        const held = await this.dispatch.hold(companyId, campaignId, fence, () => this.dispatch.forgetAttempt(companyId, shipping.id));
        return held.held ? new Date() : null;
      }
    }
    const variant = variantFor(shipping.position, variantsOf(messagesOf(campaign)));
    const waitMs = nextWaitMs(campaign.walked + 1, settings, this.config.campaigns.secondMs);
    let body = '';
    if (variant && shipping.outcome_ack !== null && shipping.outcome_ack > 0) {
      const prepared = await this.templateSend(companyId, campaign, variant, shipping, settings);
      if (!('error' in prepared)) body = prepared.body;
    }
    // The attempt was the confirmation request when the campaign asks first and the recipient has not answered.
    const asked = campaign.confirmation && !shipping.confirmed_at;
    const held = await this.dispatch.hold(companyId, campaignId, fence, async () => {
      const nextAt = new Date(Date.now() + waitMs);
      if (shipping.outcome_ack !== null && shipping.outcome_ack > 0) {
        await this.dispatch.sent(companyId, shipping.id, { asked, variant, body, walk: 1, nextAt });
        return { nextAt, recentFailures: 0 };
      }
      const code = shipping.outcome_ack === 0 ? outcomeErrorCode(shipping.outcome_error) : 'ERR_CLOUD_OUTCOME_UNKNOWN';
      const failed = await this.dispatch.failed(companyId, shipping.id, code, 1, nextAt);
      return { nextAt, recentFailures: failed.recent_failures };
    });
    if (!held.held) return null;
    this.logger.log(`campaign ${campaignId}, recipient ${shipping.id}: the attempt of unknown outcome settled (${shipping.outcome_ack ?? 'no status'})`);
    if (settings.failurePauseThreshold > 0 && held.value.recentFailures >= settings.failurePauseThreshold) {
      return this.stop(companyId, campaignId, 'TOO_MANY_FAILURES', fence);
    }
    await this.progress(companyId, campaignId);
    return held.value.nextAt;
  }

  /**
   * A confirmed recipient gets the main message of its variant; answers a retry time when the connection is away. On a
   * Cloud API connection the customer's answer opened the window, so the message goes as it is (files too); the
   * attempt is recorded first, and one cut by a crash is settled by Meta's status (settleConfirmed), never repeated.
   */
  async sendConfirmed(companyId: number, shippingId: number): Promise<Date | null> {
    const row = await this.dispatch.claimConfirmed(companyId, shippingId);
    if (!row) return null;
    const { shipping, campaign } = row;
    if (campaign.status === 'CANCELADA' || !shipping.whatsapp_id) return null;
    const assignsIds = this.assignsIds(campaign);
    if (assignsIds && shipping.attempted_at) return this.settleConfirmed(companyId, campaign, shipping);
    const session = this.sessionOf(companyId, shipping.whatsapp_id);
    if (!session) return new Date(Date.now() + 30_000);
    const { variant, body } = await this.confirmedMessage(companyId, campaign, shipping);
    await this.outbox.prepare(companyId, campaign);
    // Committed before the call (outside the recipient's lock, which the send holds).
    if (assignsIds) await this.dispatch.attempt(companyId, shipping.id);
    // Held like a walk's send: a second job for the same recipient waits, then finds it sent.
    const held = await this.dispatch.holdConfirmed(companyId, shipping.id, async (): Promise<boolean | 'later' | 'unknown'> => {
      try {
        await this.outbox.sendMain(companyId, campaign, session, jidFor(shipping.number), body, shipping.provider_id);
      } catch (error) {
        if (assignsIds && outcomeUnknown(error)) {
          this.logger.warn(`campaign ${campaign.id}, confirmed recipient ${shipping.id}: outcome unknown (${String(error)}); waiting for Meta's status`);
          return 'unknown';
        }
        if (assignsIds) await this.dispatch.forgetAttempt(companyId, shipping.id);
        if (this.sessionAway(error, shipping.whatsapp_id as number)) {
          this.logger.warn(
            `campaign ${campaign.id}, confirmed recipient ${shipping.id}: not sent, the connection is away (${String(error)}); tried again later`,
          );
          return 'later';
        }
        this.logger.warn(`campaign ${campaign.id}, confirmed recipient ${shipping.id}: not sent: ${String(error)}`);
        await this.dispatch.failed(companyId, shipping.id, 'ERR_SENDING_WAPP_MSG', 0, null);
        return false;
      }
      await this.dispatch.sent(companyId, shipping.id, { asked: false, variant, body, walk: 0, nextAt: null });
      return true;
    });
    // The same job comes back with the same message id: the recipient stays confirmed and unsent until then.
    if (held.held) {
      if (held.value === 'later') return new Date(Date.now() + RECONNECT_WAIT_MS);
      if (held.value === 'unknown') return new Date(Date.now() + OUTCOME_POLL_MS);
      await this.progress(companyId, campaign.id, held.value);
    }
    // The last awaited answer may have been this one: the campaign need not wait for its window any more.
    await this.finishIfDone(companyId, campaign.id);
    return null;
  }

  /** The main message a confirmed recipient gets: its variant's text, rendered for it. */
  private async confirmedMessage(
    companyId: number,
    campaign: DispatchCampaignRow,
    shipping: DispatchShippingRow,
  ): Promise<{ variant: number | null; body: string }> {
    const settings = await this.settings.read(companyId);
    const variant = shipping.variant ?? variantFor(shipping.position, variantsOf(messagesOf(campaign)));
    return { variant, body: renderCampaignMessage(messagesOf(campaign)[(variant ?? 1) - 1] ?? '', shipping, settings.variables) };
  }

  /**
   * A confirmed recipient's message whose send a crash (or a silent Graph API) left without an outcome: the status that
   * names its id decides (sent: delivered; failed: failed with Meta's reason); without one, after `outcomeWaitMs`, it
   * fails with ERR_CLOUD_OUTCOME_UNKNOWN (or, configured with `resend`, goes again).
   */
  private async settleConfirmed(companyId: number, campaign: DispatchCampaignRow, shipping: DispatchShippingRow): Promise<Date | null> {
    const { outcomeWaitMs = DEFAULT_OUTCOME_WAIT_MS, unknownOutcome = 'fail' } = this.config.campaigns;
    if (shipping.outcome_ack === null) {
      const decideAt = new Date(shipping.attempted_at as string).getTime() + outcomeWaitMs;
      if (Date.now() < decideAt) return new Date(Math.min(decideAt, Date.now() + OUTCOME_POLL_MS));
      if (unknownOutcome === 'resend') {
        await this.dispatch.forgetAttempt(companyId, shipping.id);
        return new Date();
      }
    }
    const { variant, body } = await this.confirmedMessage(companyId, campaign, shipping);
    const held = await this.dispatch.holdConfirmed(companyId, shipping.id, async () => {
      if (shipping.outcome_ack !== null && shipping.outcome_ack > 0) {
        await this.dispatch.sent(companyId, shipping.id, { asked: false, variant, body, walk: 0, nextAt: null });
        return true;
      }
      const code = shipping.outcome_ack === 0 ? outcomeErrorCode(shipping.outcome_error) : 'ERR_CLOUD_OUTCOME_UNKNOWN';
      await this.dispatch.failed(companyId, shipping.id, code, 0, null);
      return false;
    });
    if (held.held) await this.progress(companyId, campaign.id, held.value);
    await this.finishIfDone(companyId, campaign.id);
    return null;
  }

  /**
   * First step of a process for this campaign: a scheduled campaign whose time came starts (its recipients are
   * written, idempotently, and it becomes EM_ANDAMENTO); a running one is picked up. Answers true to go on walking,
   * or the step's answer (a later time, or null to stop).
   */
  private async startOrLoad(companyId: number, campaignId: number): Promise<true | Date | null> {
    const em = forkForCompany(this.em, companyId);
    const campaign = await em.findOne(Campaign, { id: campaignId });
    if (!campaign || (campaign.status !== 'PROGRAMADA' && campaign.status !== 'EM_ANDAMENTO')) return null;
    if (campaign.status === 'PROGRAMADA') {
      const early = (campaign.scheduledAt?.getTime() ?? 0) - Date.now();
      if (early > EARLY_TOLERANCE_MS) return campaign.scheduledAt; // moved to later, or fired early
      if (!campaign.contactList && !campaign.tagList) {
        this.connections.set(campaignId, campaign.whatsapp?.id ?? null);
        return this.stopScheduled(companyId, campaign, 'NO_AUDIENCE');
      }
      const started = await em.transactional(async (tx) => {
        // Read again under a lock: a stop (or an edit) that came since the read above wins, and the walk does not
        // start. Without it, a campaign cancelled in that moment was set running again.
        const row = await tx.findOneOrFail(Campaign, { id: campaignId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (row.status !== 'PROGRAMADA') return false;
        await this.repository.enqueue(companyId, campaignId, { contactListId: campaign.contactList?.id ?? null, tagId: campaign.tagList?.id ?? null }, tx);
        row.status = 'EM_ANDAMENTO';
        row.nextSendAt = new Date();
        row.pauseReason = null;
        return true;
      });
      await em.refresh(campaign);
      if (!started) return null;
      await this.announce(companyId, campaignId, true);
    }
    this.connections.set(campaignId, campaign.whatsapp?.id ?? null);
    return true;
  }

  private async stopScheduled(companyId: number, campaign: Campaign, reason: string): Promise<null> {
    const em = forkForCompany(this.em, companyId);
    const row = await em.findOneOrFail(Campaign, { id: campaign.id });
    row.status = 'CANCELADA';
    row.pauseReason = reason;
    await em.flush();
    await this.announce(companyId, campaign.id);
    this.forget(campaign.id);
    return null;
  }

  /**
   * No live session here: a connection that is coming back (a restart, a reconnect, or live in another process) is
   * waited for; one that is down until someone acts (logged out, waiting for a QR scan) pauses the campaign.
   */
  private async withoutSession(companyId: number, campaignId: number, whatsappId: number, fence: number): Promise<Date | null> {
    const connection = await forkForCompany(this.em, companyId).findOne(Whatsapp, { id: whatsappId }, { fields: ['status'] });
    if (connection && (connection.status === 'CONNECTED' || connection.status === 'OPENING')) {
      const until = new Date(Date.now() + RECONNECT_WAIT_MS);
      await this.repository.postpone(companyId, campaignId, until, fence);
      return until;
    }
    return this.stop(companyId, campaignId, 'CONNECTION_DISCONNECTED', fence);
  }

  /** A refusal that says nothing about the recipient (see sendRefusedForNow): tried again, not counted as a failure. */
  private sessionAway(error: unknown, whatsappId: number): boolean {
    return sendRefusedForNow(error, this.channels.isConnected(whatsappId));
  }

  private sessionOf(companyId: number, whatsappId: number): ChannelSession | null {
    try {
      return this.channels.session(companyId, whatsappId);
    } catch {
      return null;
    }
  }

  /** The campaign stops on its own (CANCELADA, with the reason shown) while this walker holds it; restart resumes it. */
  private async stop(companyId: number, campaignId: number, reason: CampaignPauseReason, fence: number): Promise<null> {
    if (await this.repository.pause(companyId, campaignId, reason, fence)) {
      campaignMetrics.autoPauses.inc({ reason });
      await this.announce(companyId, campaignId, true);
    }
    this.forget(campaignId);
    return null;
  }

  /** FINALIZADA when nothing is left (an answer or an opt-out settled the last awaited recipient). */
  async finishIfDone(companyId: number, campaignId: number): Promise<void> {
    if (await this.repository.finishIfDone(companyId, campaignId)) await this.announce(companyId, campaignId, true);
  }

  /** The campaign row and its counts to the company's sockets. */
  async announce(companyId: number, campaignId: number, withProgress = false): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const campaign = await em.findOne(Campaign, { id: campaignId }, { populate: ['contactList', 'whatsapp'] });
    if (!campaign) return;
    this.events.changed(companyId, toCampaignResponse(campaign));
    if (withProgress) await this.progress(companyId, campaignId, true, campaign);
  }

  private async progress(companyId: number, campaignId: number, force = false, known?: Campaign): Promise<void> {
    if (!this.events.progressDue(campaignId, force)) return;
    const counts = await this.repository.counts(companyId, campaignId);
    const status = known?.status ?? (await forkForCompany(this.em, companyId).findOne(Campaign, { id: campaignId }, { fields: ['status'] }))?.status;
    if (status) this.events.progress(companyId, campaignId, status, counts);
  }
}
