import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery, ref } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, fieldError, fieldsError, notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import type { CampaignAudienceResponse, CampaignReportResponse, CampaignResponse } from '../../shared/campaign-api-types.js';
import { campaignEditable, type CampaignStatus } from '../../shared/campaigns.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactList } from '../contact-lists/contact-list.entity.js';
import { FileList } from '../files/file-list.entity.js';
import { Tag } from '../tags/tag.entity.js';
import { parseCampaignDate } from './campaign-clock.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignJobs } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { Campaign } from './campaign.entity.js';
import { toCampaignResponse, toShippingResponse } from './campaign.mapper.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CloudCampaignRules } from './cloud-campaign-rules.js';
import type { CampaignFieldsDto } from './dto/campaign-fields.dto.js';
import type { CreateCampaignDto } from './dto/create-campaign.dto.js';
import type { UpdateCampaignDto } from './dto/update-campaign.dto.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import type { AuditChanges, AuditEntry } from '../../infra/audit/audit-entry.js';

const campaignEntry = (action: string, id: number, changes: AuditChanges): AuditEntry => ({ action, subjectType: 'Campaign', subjectId: id, changes });

const RELATIONS = ['contactList', 'whatsapp'] as const;
const REPORT_PAGE = 50;
/** A schedule this far behind the clock (typing, clock skew) still counts as now. */
const PAST_TOLERANCE_MS = 5 * 60_000;

const MESSAGE_FIELDS = [
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

/** Campaigns of the company (admins): the form's rules of campaigns §4, stop and restart, the report. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: CampaignsRepository,
    private readonly jobs: CampaignJobs,
    private readonly walker: CampaignWalker,
    private readonly events: CampaignEvents,
    private readonly cloudRules: CloudCampaignRules,
    private readonly audit: AuditTrail,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<CampaignResponse>> {
    const conditions: FilterQuery<Campaign>[] = [query.filters as FilterQuery<Campaign>];
    if (query.search) conditions.push({ name: { $ilike: likePattern(query.search) } });
    const [records, count] = await this.em.findAndCount(
      Campaign,
      { $and: conditions },
      { populate: RELATIONS, orderBy: { ...query.orderBy, id: 'DESC' }, limit: query.limit, offset: query.offset },
    );
    return { records: records.map(toCampaignResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<CampaignResponse> {
    return toCampaignResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateCampaignDto): Promise<CampaignResponse> {
    const campaign = this.em.create(Campaign, { company: this.em.getReference(Company, ctx.companyId), name: dto.name });
    await this.apply(ctx, campaign, dto);
    await this.em.flush();
    // Answered and announced as created before it is armed: a campaign due now may start at once, and its own
    // "EM_ANDAMENTO" must come after this, not be overtaken by it.
    const created = toCampaignResponse(await this.load(campaign.id));
    this.events.changed(ctx.companyId, created, 'create');
    await this.armIfScheduled(ctx.companyId, campaign);
    return created;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateCampaignDto): Promise<CampaignResponse> {
    const campaign = await this.load(id);
    const sent = Object.keys(dto).filter((key) => (dto as Record<string, unknown>)[key] !== undefined);
    if (!campaignEditable(campaign)) {
      // A cancelled campaign's messages may change, and with them the templates they send on a Cloud API connection.
      const onlyMessages = sent.every((key) => (MESSAGE_FIELDS as readonly string[]).includes(key) || key === 'templates');
      if (campaign.status !== 'CANCELADA' || !onlyMessages) throw appError('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign can no longer be edited');
    }
    await this.apply(ctx, campaign, dto);
    await this.em.flush();
    this.walker.forget(id);
    const generation = await this.repository.walkGeneration(ctx.companyId, id);
    if (campaign.status === 'PROGRAMADA' || campaign.status === 'INATIVA') await this.jobs.cancelWalk(id, generation);
    const updated = toCampaignResponse(await this.load(id));
    this.events.changed(ctx.companyId, updated);
    await this.armIfScheduled(ctx.companyId, campaign, generation);
    return updated;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const campaign = await this.load(id);
    const generation = await this.repository.walkGeneration(ctx.companyId, id);
    await this.em.remove(campaign).flush();
    await this.jobs.cancelWalk(id, generation);
    this.walker.forget(id);
    this.events.deleted(ctx.companyId, id);
  }

  /** Stop: a scheduled or running campaign becomes CANCELADA; nothing more goes out. */
  async cancel(ctx: AuthContext, id: number): Promise<CampaignResponse> {
    const campaign = await this.load(id);
    if (campaign.status !== 'EM_ANDAMENTO' && campaign.status !== 'PROGRAMADA')
      throw appError('ERR_CAMPAIGN_NOT_RUNNING', 'Only a scheduled or running campaign can be stopped');
    const from = campaign.status;
    campaign.status = 'CANCELADA';
    campaign.nextSendAt = null;
    campaign.pauseReason = null;
    await this.audit.flush(this.em, ctx, () => campaignEntry('campaign.cancel', id, { status: { from, to: 'CANCELADA' } }));
    await this.jobs.cancelWalk(id, await this.repository.walkGeneration(ctx.companyId, id));
    this.walker.forget(id);
    await this.walker.announce(ctx.companyId, id, true);
    return toCampaignResponse(await this.load(id));
  }

  /** Restart: a cancelled campaign runs again from where it stopped (recipients already sent are not sent again). */
  async restart(ctx: AuthContext, id: number): Promise<CampaignResponse> {
    const campaign = await this.load(id);
    if (campaign.status !== 'CANCELADA') throw appError('ERR_CAMPAIGN_NOT_CANCELLED', 'Only a stopped campaign can be restarted');
    this.assertReady(campaign);
    await this.cloudRules.assert(campaign);
    // A job of a new generation: one of the stopped walk still in Redis (failed, or finishing a step) does nothing.
    const generation = await this.em.transactional(async (tx) => {
      await this.repository.enqueue(ctx.companyId, id, { contactListId: campaign.contactList?.id ?? null, tagId: campaign.tagList?.id ?? null }, tx);
      const row = await tx.findOneOrFail(Campaign, { id });
      row.status = 'EM_ANDAMENTO';
      row.pauseReason = null;
      row.nextSendAt = new Date();
      await tx.flush();
      await this.audit.within(tx, ctx, campaignEntry('campaign.restart', id, { status: { from: 'CANCELADA', to: 'EM_ANDAMENTO' } }));
      return this.repository.nextWalkGeneration(ctx.companyId, id, tx);
    });
    this.walker.forget(id);
    await this.jobs.armWalk(ctx.companyId, id, new Date(), true, generation);
    await this.walker.announce(ctx.companyId, id, true);
    return toCampaignResponse(await this.load(id));
  }

  /**
   * "Enviar agora": an inactive (or scheduled) campaign starts at once, without a schedule typed; the walk picks it up
   * like any campaign whose time came.
   */
  async start(ctx: AuthContext, id: number): Promise<CampaignResponse> {
    const campaign = await this.load(id);
    if (campaign.status !== 'INATIVA' && campaign.status !== 'PROGRAMADA')
      throw appError('ERR_CAMPAIGN_NOT_STARTABLE', 'Only an inactive or scheduled campaign can be sent now');
    this.assertReady(campaign);
    await this.cloudRules.assert(campaign);
    const generation = await this.repository.walkGeneration(ctx.companyId, id);
    await this.jobs.cancelWalk(id, generation);
    const before = { status: campaign.status, scheduledAt: campaign.scheduledAt?.toISOString() ?? null };
    campaign.scheduledAt = new Date();
    campaign.status = 'PROGRAMADA';
    await this.audit.flush(this.em, ctx, () =>
      campaignEntry('campaign.start', id, {
        status: { from: before.status, to: 'PROGRAMADA' },
        scheduledAt: { from: before.scheduledAt, to: campaign.scheduledAt!.toISOString() },
      }),
    );
    const next = await this.repository.nextWalkGeneration(ctx.companyId, id);
    this.walker.forget(id);
    const started = toCampaignResponse(await this.load(id));
    this.events.changed(ctx.companyId, started);
    await this.jobs.armWalk(ctx.companyId, id, campaign.scheduledAt, true, next);
    return started;
  }

  /** Who "Enviar agora" would reach: the list's (or tag's) name and how many recipients may get it. */
  async audience(ctx: AuthContext, id: number): Promise<CampaignAudienceResponse> {
    const campaign = await this.load(id);
    const source = campaign.contactList
      ? { kind: 'contactList' as const, id: campaign.contactList.id }
      : campaign.tagList
        ? { kind: 'tag' as const, id: campaign.tagList.id }
        : null;
    if (!source) return { kind: null, name: null, recipients: 0 };
    const name = source.kind === 'contactList' ? (campaign.contactList?.getEntity().name ?? '') : ((await this.em.findOne(Tag, { id: source.id }))?.name ?? '');
    return { kind: source.kind, name, recipients: await this.repository.audienceSize(ctx.companyId, source) };
  }

  async report(_ctx: AuthContext, id: number, after = 0): Promise<CampaignReportResponse> {
    const campaign = await this.load(id);
    const [counts, rows] = await Promise.all([
      this.repository.counts(campaign.company.id, id),
      this.repository.shippings(campaign.company.id, id, after, REPORT_PAGE + 1),
    ]);
    return {
      campaign: toCampaignResponse(campaign),
      counts,
      shippings: rows.slice(0, REPORT_PAGE).map(toShippingResponse),
      hasMore: rows.length > REPORT_PAGE,
    };
  }

  async load(id: number): Promise<Campaign> {
    const campaign = await this.em.findOne(Campaign, { id }, { populate: RELATIONS, refresh: true });
    if (!campaign) throw notFound('ERR_NO_CAMPAIGN_FOUND');
    return campaign;
  }

  /** Copies the fields sent; references must be the company's own; a date makes it PROGRAMADA, none INATIVA. */
  private async apply(ctx: AuthContext, campaign: Campaign, dto: CampaignFieldsDto): Promise<void> {
    for (const field of MESSAGE_FIELDS) if (dto[field] !== undefined) campaign[field] = dto[field] ?? '';
    if (dto.name !== undefined) campaign.name = dto.name;
    if (dto.confirmation !== undefined) campaign.confirmation = dto.confirmation;
    if (dto.templates !== undefined)
      campaign.templates = dto.templates.map(({ variant, templateId, variables, headerMediaUrl }) => ({
        variant,
        templateId,
        variables,
        ...(headerMediaUrl ? { headerMediaUrl } : {}),
      }));
    if (dto.whatsappId !== undefined) campaign.whatsapp = dto.whatsappId ? ref(await this.own(Whatsapp, dto.whatsappId, 'whatsappId')) : null;
    if (dto.contactListId !== undefined) {
      campaign.contactList = dto.contactListId ? ref(await this.own(ContactList, dto.contactListId, 'contactListId')) : null;
    }
    if (dto.tagListId !== undefined) campaign.tagList = dto.tagListId ? ref(await this.own(Tag, dto.tagListId, 'tagListId')) : null;
    if (dto.fileListId !== undefined) campaign.fileList = dto.fileListId ? ref(await this.own(FileList, dto.fileListId, 'fileListId')) : null;
    if (dto.contactListId && dto.tagListId) throw fieldError('tagListId', 'Choose a contact list or a tag, not both');
    if (dto.scheduledAt !== undefined && campaign.status !== 'CANCELADA') {
      if (dto.scheduledAt === null) {
        campaign.scheduledAt = null;
        campaign.status = 'INATIVA';
      } else {
        const company = await this.em.findOneOrFail(Company, { id: ctx.companyId });
        const at = parseCampaignDate(dto.scheduledAt, company.timezone);
        if (!at) throw fieldError('scheduledAt', "scheduledAt must be 'YYYY-MM-DD HH:mm:ss'");
        // A past time would send at once without anyone having said so: "send now" is its own action.
        if (at.getTime() < Date.now() - PAST_TOLERANCE_MS)
          throw fieldError('scheduledAt', 'scheduledAt is in the past; use send now', 'ERR_CAMPAIGN_SCHEDULE_PAST');
        campaign.scheduledAt = at;
        campaign.status = 'PROGRAMADA';
      }
    }
    if (campaign.status === 'PROGRAMADA') this.assertReady(campaign);
    await this.cloudRules.assert(campaign);
  }

  /** What a campaign needs before it may be scheduled or restarted. */
  private assertReady(campaign: Campaign): void {
    const problems: { field: string; messages: string[] }[] = [];
    if (!campaign.whatsapp) problems.push({ field: 'whatsappId', messages: ['A connection is required to send'] });
    if (!campaign.contactList && !campaign.tagList) problems.push({ field: 'contactListId', messages: ['Choose a contact list or a tag'] });
    if (!MESSAGE_FIELDS.slice(0, 5).some((field) => campaign[field].trim()))
      problems.push({ field: 'message1', messages: ['At least one message is required'] });
    if (problems.length) throw fieldsError(problems);
  }

  private async own<T extends Whatsapp | ContactList | Tag | FileList>(entity: new () => T, id: number, field: string): Promise<T> {
    const found = await this.em.findOne(entity as never, { id } as never);
    if (!found) throw fieldError(field, 'not found', 'ERR_VALIDATION');
    return found as T;
  }

  private async armIfScheduled(companyId: number, campaign: Campaign, generation = 0): Promise<void> {
    const status: CampaignStatus = campaign.status;
    if (status === 'PROGRAMADA' && campaign.scheduledAt) await this.jobs.armWalk(companyId, campaign.id, campaign.scheduledAt, true, generation);
  }
}
