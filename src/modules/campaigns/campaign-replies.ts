import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import type { MessageStoredEvent } from '../../shared/domain-events.js';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { TicketLifecycle } from '../tickets/ticket-lifecycle.js';
import { CampaignDispatchRepository } from './campaign-dispatch.repository.js';
import { CampaignJobs } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/**
 * A customer's message answers the campaigns that reached that number: their messages enter the ticket's history,
 * an opt-out keyword puts the number on the suppression list (and is acknowledged), and any other reply confirms a
 * pending confirmation request, whose main message then goes out.
 */
@Injectable()
export class CampaignReplies {
  private readonly logger = new Logger('CampaignReplies');

  constructor(
    private readonly dispatch: CampaignDispatchRepository,
    private readonly repository: CampaignsRepository,
    private readonly jobs: CampaignJobs,
    private readonly walker: CampaignWalker,
    private readonly settings: CampaignSettingsService,
    private readonly outbound: OutboundMessages,
    private readonly lifecycle: TicketLifecycle,
  ) {}

  @OnDomainEvent('message.stored')
  async onMessage(event: MessageStoredEvent): Promise<void> {
    if (event.origin !== 'customer' || event.isGroup) return;
    // A company without campaigns has nothing to answer: no statement on its customers' messages.
    if (!(await this.settings.campaignsEnabled(event.companyId))) return;
    const optOut = await this.settings.optOutKeyword(event.companyId, event.message.body);
    const reply = await this.dispatch.reply(event.companyId, event.ticket.id, optOut === null);
    if (optOut && reply.number) {
      const touched = await this.repository.suppress(event.companyId, reply.number, optOut);
      this.logger.log(`company ${event.companyId}: a number opted out of campaigns (${touched.length} campaign(s) skip it)`);
      for (const campaignId of touched) {
        await this.walker.announce(event.companyId, campaignId, true);
        await this.walker.finishIfDone(event.companyId, campaignId);
      }
      await this.acknowledge(event, reply.number);
    }
    for (const confirmed of reply.confirmed) await this.jobs.armConfirmed(event.companyId, confirmed.id);
  }

  /**
   * The customer is told the opt-out was heard; a ticket this very reply opened is closed again, so nobody is left
   * waiting on it (the bot does not answer opt-out keywords either).
   */
  private async acknowledge(event: MessageStoredEvent, number: string): Promise<void> {
    const { optOutReply } = await this.settings.read(event.companyId);
    if (optOutReply.trim()) {
      const target = { whatsappId: event.connectionId, contactNumber: number, isGroup: false, remoteJid: event.message.remoteJid };
      await this.outbound.sendToTicket(event.companyId, target, optOutReply).catch((error: unknown) => {
        this.logger.warn(`company ${event.companyId}: opt-out answer not sent: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    if (!event.ticketCreated || event.ticket.userId !== null) return;
    const state = await this.lifecycle.state(event.companyId, event.ticket.id);
    if (state && state.status === 'pending' && state.user_id === null) await this.lifecycle.closeAutomatically(event.companyId, state);
  }
}
