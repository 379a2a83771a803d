import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import type { MessageStoredEvent } from '../../shared/domain-events.js';
import { keywordOf } from '../../shared/campaigns.js';
import { CampaignSettingsService } from '../campaign-settings/campaign-settings.service.js';
import { CampaignDispatchRepository } from './campaign-dispatch.repository.js';
import { CampaignJobs } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** Longer replies are never an opt-out keyword: their settings are not read. */
const KEYWORD_MAX = 30;

/**
 * A customer's message answers the campaigns that reached that number: their messages enter the ticket's history,
 * an opt-out keyword puts the number on the suppression list, and any other reply confirms a pending confirmation
 * request, whose main message then goes out.
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
  ) {}

  @OnDomainEvent('message.stored')
  async onMessage(event: MessageStoredEvent): Promise<void> {
    if (event.origin !== 'customer' || event.isGroup) return;
    const keyword = keywordOf(event.message.body);
    let optOut: string | null = null;
    if (keyword && keyword.length <= KEYWORD_MAX && !/\s{2,}|\n/.test(keyword)) {
      const settings = await this.settings.recent(event.companyId);
      if (settings.optOutKeywords.some((word) => keywordOf(word) === keyword)) optOut = keyword;
    }
    const reply = await this.dispatch.reply(event.companyId, event.ticket.id, optOut === null);
    if (optOut && reply.number) {
      const touched = await this.repository.suppress(event.companyId, reply.number, optOut);
      this.logger.log(`company ${event.companyId}: a number opted out of campaigns (${touched.length} campaign(s) skip it)`);
      for (const campaignId of touched) await this.walker.announce(event.companyId, campaignId, true);
    }
    for (const confirmed of reply.confirmed) await this.jobs.armConfirmed(event.companyId, confirmed.id);
  }
}
