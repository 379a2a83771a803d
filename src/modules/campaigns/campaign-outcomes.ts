import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SendOutcomes } from '../../channels/send-outcomes.js';
import { CampaignDispatchRepository } from './campaign-dispatch.repository.js';

/**
 * Statuses of campaign messages sent through a provider that assigns the ids (the Cloud API), matched to their
 * shipping by the id it was sent under (biz_opaque_callback_data). They settle a send whose outcome a crash left
 * unknown (the walk reads them, see CampaignWalker.settleAttempt) and show later failures in the report.
 */
@Injectable()
export class CampaignOutcomes implements OnModuleInit {
  constructor(
    private readonly outcomes: SendOutcomes,
    private readonly dispatch: CampaignDispatchRepository,
  ) {}

  onModuleInit(): void {
    this.outcomes.listen(async (connection, outcome) => {
      await this.dispatch.outcome(connection.companyId, connection.id, outcome.localId, outcome.ack, outcome.error);
    });
  }
}
