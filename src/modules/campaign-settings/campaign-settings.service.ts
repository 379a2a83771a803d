import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { type CampaignSettings, campaignsOn, keywordOf } from '../../shared/campaigns.js';
import { CampaignSetting } from '../campaigns/campaign-setting.entity.js';
import { Company } from '../companies/company.entity.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import { decodeSettings, encodeSetting, SETTING_KEYS, type SettingKey } from './campaign-settings.codec.js';
import { hasVariable, settingsProblem, uniqueKeywords } from './campaign-settings.rules.js';
import type { CampaignVariableDto, SaveCampaignSettingsDto } from './dto/campaign-settings.dto.js';

/** How long a copy read for a hot path (each customer reply) may be used; a save here drops it at once. */
const CACHE_TTL_MS = 5000;

/** Longer replies are never an opt-out keyword. */
const KEYWORD_MAX = 30;

/** Campaign settings (campaigns §3, §9): key/value rows per company, read whole with defaults for missing keys. */
@Injectable()
export class CampaignSettingsService {
  private readonly cache = new Map<number, { at: number; settings: Promise<CampaignSettings> }>();

  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly companySettings: CompanySettingsCache,
  ) {}

  /** The company's settings; usable inside a request or a job (it opens its own company-scoped context). */
  async read(companyId: number): Promise<CampaignSettings> {
    const rows = await forkForCompany(this.em, companyId).find(CampaignSetting, {}, { fields: ['key', 'value'] });
    return decodeSettings(rows);
  }

  /** The settings as read at most a few seconds ago: for paths that run on every customer message. */
  recent(companyId: number): Promise<CampaignSettings> {
    const entry = this.cache.get(companyId);
    if (entry && Date.now() - entry.at <= CACHE_TTL_MS) return entry.settings;
    const settings = this.read(companyId);
    this.cache.set(companyId, { at: Date.now(), settings });
    // A failed read is not kept.
    settings.catch(() => {
      if (this.cache.get(companyId)?.settings === settings) this.cache.delete(companyId);
    });
    return settings;
  }

  /** Whether the company uses campaigns (its setting, read at most a few seconds ago). */
  async campaignsEnabled(companyId: number): Promise<boolean> {
    return campaignsOn(await this.companySettings.get(companyId, 'campaignsEnabled'));
  }

  /** The opt-out keyword a customer's message is, or null (long texts are never one: their settings are not read). */
  async optOutKeyword(companyId: number, body: string): Promise<string | null> {
    const keyword = keywordOf(body);
    if (!keyword || keyword.length > KEYWORD_MAX || /\s{2,}|\n/.test(keyword)) return null;
    // Without campaigns the words are ordinary messages (the bot answers them).
    if (!(await this.campaignsEnabled(companyId))) return null;
    const settings = await this.recent(companyId);
    return settings.optOutKeywords.some((word) => keywordOf(word) === keyword) ? keyword : null;
  }

  /** Applies a partial change; answers the whole settings. */
  async save(ctx: AuthContext, dto: SaveCampaignSettingsDto): Promise<CampaignSettings> {
    return this.change(ctx, (current) => {
      const next: CampaignSettings = { ...current };
      for (const key of SETTING_KEYS) {
        if (dto[key] !== undefined) (next as unknown as Record<SettingKey, unknown>)[key] = dto[key];
      }
      if (dto.variables) next.variables = dto.variables.map(({ key, value }) => ({ key, value }));
      if (dto.optOutKeywords) next.optOutKeywords = uniqueKeywords(dto.optOutKeywords);
      const problem = settingsProblem(next);
      if (problem) throw problem;
      return next;
    });
  }

  /** The spec's shortcut: adds one variable, or changes nothing when the key exists (campaigns §5). */
  async addVariable(ctx: AuthContext, variable: CampaignVariableDto): Promise<CampaignSettings> {
    return this.change(ctx, (current) => {
      if (hasVariable(current.variables, variable.key)) return current;
      const next = { ...current, variables: [...current.variables, { key: variable.key, value: variable.value }] };
      const problem = settingsProblem(next);
      if (problem) throw problem;
      return next;
    });
  }

  /**
   * Read, change and write under the company row's lock, so two saves (or two shortcut adds) never lose one another;
   * only keys whose value changed are written, and the change goes to the company's sockets.
   */
  private async change(ctx: AuthContext, apply: (current: CampaignSettings) => CampaignSettings): Promise<CampaignSettings> {
    const { settings, changed } = await this.em.transactional(async (tx) => {
      await tx.findOneOrFail(Company, ctx.companyId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const rows = await tx.find(CampaignSetting, {});
      const current = decodeSettings(rows);
      const next = apply(current);
      let dirty = false;
      for (const key of SETTING_KEYS) {
        const value = encodeSetting(next[key]);
        const row = rows.find((r) => r.key === key);
        // A key without a row reads as its default: it gets a row only once it differs.
        if (row ? row.value === value : value === encodeSetting(current[key])) continue;
        if (row) row.value = value;
        else tx.create(CampaignSetting, { company: tx.getReference(Company, ctx.companyId), key, value });
        dirty = true;
      }
      return { settings: next, changed: dirty };
    });
    this.cache.delete(ctx.companyId);
    if (changed) this.realtime.toAdmins(ctx.companyId, 'campaignSettings', { action: 'update', settings });
    return settings;
  }
}
