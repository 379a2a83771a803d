import { Injectable } from '@nestjs/common';
import { appError, AppError } from '../common/errors/app-error.js';
import { campaignsOn } from '../shared/campaigns.js';
import { abilityFor, type AppRawRule, buildAbility } from '../shared/permissions.js';
import { NO_PLAN_FLAGS } from '../shared/plan-flags.js';
import type { AuthContext } from './auth-context.js';
import { AuthContextRepository } from './auth-context.repository.js';

export type InactiveReason = 'disabled' | 'expired';

/** Why a company may not act now (disabled, or its due date passed), or null when it may. */
export function companyInactiveReason(company: { status: boolean; dueDate: Date | null }, now = Date.now()): InactiveReason | null {
  if (!company.status) return 'disabled';
  if (company.dueDate && company.dueDate.getTime() < now) return 'expired';
  return null;
}

/** Whether a company may use the product now (super users are never locked out). */
export function companyAccessError(company: { status: boolean; dueDate: Date | null }, isSuper: boolean): AppError | null {
  const reason = isSuper ? null : companyInactiveReason(company);
  if (reason === 'disabled') return appError('ERR_COMPANY_DISABLED', 'Empresa desativada. Entre em contato com o Suporte.');
  if (reason === 'expired' && company.dueDate) {
    const d = company.dueDate;
    const shown = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    return appError('ERR_SUBSCRIPTION_EXPIRED', `Opss! Sua assinatura venceu ${shown}. Entre em contato com o Suporte para mais informações!`, {
      dueDate: d.toISOString(),
    });
  }
  return null;
}

/** What a billing-only session may do: read its company's invoices and pay them. */
const BILLING_RULES: AppRawRule[] = [{ action: ['read', 'update'], subject: 'Invoice' }];

/** One query per request: user, company state, plan flags and queue ids. */
@Injectable()
export class AuthContextLoader {
  constructor(private readonly repository: AuthContextRepository) {}

  async load(userId: number, tokenVersion: number): Promise<AuthContext> {
    const row = await this.repository.load(userId);
    if (!row || row.token_version !== tokenVersion) throw appError('ERR_SESSION_EXPIRED');
    const blocked = companyAccessError({ status: row.status, dueDate: row.due_date ? new Date(row.due_date) : null }, row.super);
    if (blocked) throw blocked;
    return {
      userId: row.id,
      companyId: row.company_id,
      profile: row.profile,
      super: row.super,
      allTicket: row.all_ticket === 'enabled',
      queueIds: row.queue_ids.map(Number),
      plan: {
        // Campaigns need both the plan's flag and the company's campaignsEnabled setting (administration §3).
        useCampaigns: row.use_campaigns !== false && campaignsOn(row.campaigns_setting),
        useSchedules: row.use_schedules,
        useInternalChat: row.use_internal_chat,
        useExternalApi: row.use_external_api,
        useKanban: row.use_kanban,
        useOpenAi: row.use_open_ai,
        useIntegrations: row.use_integrations,
      },
      // The ticket rules name the user's queues and allTicket.
      ability: abilityFor({ id: row.id, profile: row.profile, super: row.super, queueIds: row.queue_ids.map(Number), allTicket: row.all_ticket === 'enabled' }),
    };
  }

  /**
   * The context of a billing-only token: still the company's admin, the company still enabled; expired or not (a
   * payment may have just renewed it, and the browser then asks for a normal login).
   */
  async loadBilling(userId: number, tokenVersion: number): Promise<AuthContext> {
    const row = await this.repository.load(userId);
    if (!row || row.token_version !== tokenVersion || row.profile !== 'admin') throw appError('ERR_SESSION_EXPIRED');
    if (!row.status) throw appError('ERR_COMPANY_DISABLED', 'Empresa desativada. Entre em contato com o Suporte.');
    return {
      userId: row.id,
      companyId: row.company_id,
      profile: row.profile,
      super: false,
      allTicket: false,
      queueIds: [],
      plan: NO_PLAN_FLAGS,
      ability: buildAbility(BILLING_RULES),
      billing: { dueDate: row.due_date ? new Date(row.due_date) : null },
    };
  }
}
