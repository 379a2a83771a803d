import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { notFound, fieldError } from '../../common/errors/app-error.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { SECRET_SETTING_KEYS, SETTING_KEYS } from '../../shared/settings.js';
import { Company } from '../companies/company.entity.js';
import { CompanySettingsCache } from './company-settings.cache.js';
import type { SettingResponse } from '../../shared/api-types.js';
import { Setting } from './setting.entity.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween } from '../../infra/audit/audit-entry.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

/** Declared once in src/shared/api-types.ts, where the browser reads it too. */
export type { SettingResponse };

const ENABLED_DISABLED = ['enabled', 'disabled'];
const ALLOWED_VALUES: Record<string, readonly string[]> = {
  userRating: ENABLED_DISABLED,
  scheduleType: ['disabled', 'queue', 'company'],
  CheckMsgIsGroup: ENABLED_DISABLED,
  call: ENABLED_DISABLED,
  chatBotType: ['text'],
  sendGreetingAccepted: ENABLED_DISABLED,
  sendMsgTransfTicket: ENABLED_DISABLED,
  sendGreetingMessageOneQueues: ENABLED_DISABLED,
  userCreation: ENABLED_DISABLED,
  campaignsEnabled: ['true', 'false', 'enabled', 'disabled'],
};

@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly cache: CompanySettingsCache,
    private readonly audit: AuditTrail,
    private readonly authContexts: AuthContextCache,
  ) {}

  /** Every setting of the caller's company; credentials only for admins. */
  async list(ctx: AuthContext): Promise<SettingResponse[]> {
    const settings = await this.em.find(Setting, {}, { orderBy: { key: 'ASC' } });
    return settings.filter((s) => isAdmin(ctx) || !SECRET_SETTING_KEYS.includes(s.key)).map((s) => ({ key: s.key, value: s.value }));
  }

  async value(key: string): Promise<string | null> {
    return (await this.em.findOne(Setting, { key }))?.value ?? null;
  }

  async update(ctx: AuthContext, key: string, value: string): Promise<SettingResponse> {
    if (!SETTING_KEYS.includes(key)) throw notFound('ERR_NO_SETTING_FOUND');
    const allowed = ALLOWED_VALUES[key];
    if (allowed && !allowed.includes(value)) {
      throw fieldError('value', `must be one of ${allowed.join(', ')}`);
    }
    let setting = await this.em.findOne(Setting, { key });
    const before = setting ? { value: setting.value } : {};
    if (setting) setting.value = value;
    else setting = this.em.create(Setting, { company: this.em.getReference(Company, ctx.companyId), key, value });
    const changes = changesBetween(before, { value }, SECRET_SETTING_KEYS.includes(key) ? ['value'] : []);
    await this.audit.flush(this.em, ctx, () =>
      Object.keys(changes).length ? { action: 'setting.update', subjectType: 'Setting', subjectId: key, changes } : null,
    );
    this.cache.forget(ctx.companyId);
    // The campaigns setting is part of the context's plan flags.
    if (key === 'campaignsEnabled') await this.authContexts.invalidate({ companyId: ctx.companyId });
    const response = { key, value };
    this.realtime.toCompany(ctx.companyId, 'settings', {
      action: 'update',
      setting: SECRET_SETTING_KEYS.includes(key) ? { key, value: '' } : response,
    });
    return response;
  }
}
