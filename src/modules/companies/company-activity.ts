import { Injectable } from '@nestjs/common';
import { companyInactiveReason, type InactiveReason, standingOf } from '../../authorization/auth-context.loader.js';
import { CompaniesRepository } from './companies.repository.js';

/**
 * Whether a company may send on its own now: scheduled messages, bot timers and campaigns ask when they fire, so a
 * disabled company, or one whose due date passed, sends nothing until it is enabled or renewed.
 */
@Injectable()
export class CompanyActivity {
  constructor(private readonly repository: CompaniesRepository) {}

  async inactiveReason(companyId: number, now = new Date()): Promise<InactiveReason | null> {
    const row = await this.repository.activityState(companyId);
    if (!row) return 'disabled';
    return companyInactiveReason(standingOf(row), now);
  }
}

export const INACTIVE_COMPANY_TEXT: Record<InactiveReason, string> = {
  disabled: 'Não enviada: empresa desativada',
  expired: 'Não enviada: assinatura da empresa vencida',
};
