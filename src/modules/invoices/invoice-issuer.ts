import { Injectable, Logger } from '@nestjs/common';
import { OnDomainEvent } from '../../infra/events/domain-events.js';
import type { CompanyDueDateEvent } from '../../shared/domain-events.js';
import { InvoiceGenerator } from './invoice-generator.js';

/**
 * Issues a company's invoice as soon as its due date comes within the horizon (set by a super user, or passed), so
 * that an expired company always has something to pay without waiting for the daily run.
 */
@Injectable()
export class InvoiceIssuer {
  private readonly logger = new Logger('Invoices');

  constructor(private readonly generator: InvoiceGenerator) {}

  @OnDomainEvent('company.due-date')
  async onDueDate(event: CompanyDueDateEvent): Promise<void> {
    try {
      await this.generator.issueFor(event.companyId);
    } catch (error) {
      // The renew page and the daily run issue it again; the change that raised the event stands.
      this.logger.warn(`invoice for company ${event.companyId}: ${String(error)}`);
    }
  }
}
