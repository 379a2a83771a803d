import { Injectable } from '@nestjs/common';
import { appError, AppError } from '../common/errors/app-error.js';
import { campaignsOn } from '../shared/campaigns.js';
import { dueDay, dueDayIso, dueDayShown, isDueDayOver } from '../shared/due-date.js';
import { abilityFor, type AppRawRule, buildAbility } from '../shared/permissions.js';
import { NO_PLAN_FLAGS } from '../shared/plan-flags.js';
import type { AuthContext } from './auth-context.js';
import { AuthContextCache } from './auth-context.cache.js';
import { AuthContextRepository } from './auth-context.repository.js';

export type InactiveReason = 'disabled' | 'expired';

/** What the access rule reads of a company: its due day counts in its own time zone. */
export interface CompanyStanding {
  status: boolean;
  dueDate: Date | null;
  timezone: string;
}

/** Why a company may not act at `now` (disabled, or its due day ended in its zone), or null when it may. */
export function companyInactiveReason(company: CompanyStanding, now: Date = new Date()): InactiveReason | null {
  if (!company.status) return 'disabled';
  if (isDueDayOver(company.dueDate, company.timezone, now)) return 'expired';
  return null;
}

/** Whether a company may use the product at `now` (super users are never locked out). */
export function companyAccessError(company: CompanyStanding, isSuper: boolean, now: Date = new Date()): AppError | null {
  const reason = isSuper ? null : companyInactiveReason(company, now);
  if (reason === 'disabled') return appError('ERR_COMPANY_DISABLED', 'Empresa desativada. Entre em contato com o Suporte.');
  if (reason === 'expired' && company.dueDate) {
    return appError(
      'ERR_SUBSCRIPTION_EXPIRED',
      `Opss! Sua assinatura venceu ${dueDayShown(company.dueDate)}. Entre em contato com o Suporte para mais informações!`,
      {
        dueDate: dueDayIso(company.dueDate),
      },
    );
  }
  return null;
}

/** A company's standing from a raw row (`due_date` selected as 'YYYY-MM-DD' text). */
export function standingOf(row: { status: boolean; due_date: string | null; timezone: string }): CompanyStanding {
  return { status: row.status, dueDate: row.due_date ? dueDay(row.due_date) : null, timezone: row.timezone };
}

/** What a billing-only session may do: read its company's invoices and pay them. */
const BILLING_RULES: AppRawRule[] = [{ action: ['read', 'update'], subject: 'Invoice' }];

/** One query per request (none while the context is cached): user, company state, plan flags and queue ids. */
@Injectable()
export class AuthContextLoader {
  constructor(
    private readonly repository: AuthContextRepository,
    private readonly cache: AuthContextCache,
  ) {}

  async load(userId: number, tokenVersion: number): Promise<AuthContext> {
    const cached = this.cache.get(userId, tokenVersion);
    if (cached) return cached;
    const context = await this.loadFresh(userId, tokenVersion);
    this.cache.set(userId, tokenVersion, context);
    return context;
  }

  private async loadFresh(userId: number, tokenVersion: number): Promise<AuthContext> {
    const row = await this.repository.load(userId);
    if (!row || row.token_version !== tokenVersion) throw appError('ERR_SESSION_EXPIRED');
    const blocked = companyAccessError(standingOf(row), row.super);
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
      billing: { dueDate: standingOf(row).dueDate, timezone: row.timezone },
    };
  }
}
