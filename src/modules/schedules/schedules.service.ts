import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { appError, notFound, fieldError } from '../../common/errors/app-error.js';
import { likePattern } from '../../common/list-query/list-query.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { Company } from '../companies/company.entity.js';
import { MessageTemplate } from '../message-templates/message-template.entity.js';
import { MessageTemplatesService } from '../message-templates/message-templates.service.js';
import { headerMediaProblem } from '../message-templates/template-variables.js';
import type { ScheduleTemplatesResponse } from '../../shared/api-types.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { User } from '../users/user.entity.js';
import type { CreateScheduleDto } from './dto/create-schedule.dto.js';
import type { ListSchedulesQuery } from './dto/list-schedules.query.js';
import type { UpdateScheduleDto } from './dto/update-schedule.dto.js';
import { ScheduleEvents } from './schedule-events.js';
import { ScheduleJobs } from './schedule-jobs.js';
import { Schedule } from './schedule.entity.js';
import { type ScheduleResponse, toScheduleResponse } from './schedule.mapper.js';

const PAGE_SIZE = 20;
/** A calendar range reads at most this many events. */
const RANGE_LIMIT = 1000;
const RELATIONS = ['contact', 'whatsapp', 'user'] as const;

const pastSendAt = () => fieldError('sendAt', 'sendAt must be in the future');

/** Scheduled messages of the company: everyone reads and creates; the creator or an admin changes them. */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: ScheduleJobs,
    private readonly events: ScheduleEvents,
    private readonly channels: ChannelManager,
    private readonly messageTemplates: MessageTemplatesService,
  ) {}

  /** The connection a schedule would use (the one named, else the default) and, when it sends templates, its approved ones. */
  async templates(_ctx: AuthContext, whatsappId: number | null): Promise<ScheduleTemplatesResponse> {
    const whatsapp = whatsappId ? await this.whatsapp(whatsappId) : await this.em.findOne(Whatsapp, { isDefault: true });
    if (!whatsapp) return { whatsappId: null, cloud: false, templates: [] };
    const cloud = this.channels.capabilities(whatsapp.provider)?.templates === true;
    return { whatsappId: whatsapp.id, cloud, templates: cloud ? await this.messageTemplates.approvedOf(whatsapp.id) : [] };
  }

  async list(_ctx: AuthContext, query: ListSchedulesQuery): Promise<{ schedules: ScheduleResponse[]; count: number; hasMore: boolean }> {
    const where: FilterQuery<Schedule>[] = [];
    if (query.contactId) where.push({ contact: query.contactId });
    if (query.from) where.push({ sendAt: { $gte: query.from } });
    if (query.to) where.push({ sendAt: { $lt: query.to } });
    if (query.searchParam?.trim()) {
      const pattern = likePattern(query.searchParam.trim());
      where.push({ $or: [{ body: { $ilike: pattern } }, { contact: { name: { $ilike: pattern } } }] });
    }
    const ranged = Boolean(query.from || query.to);
    const limit = ranged ? RANGE_LIMIT : PAGE_SIZE;
    const offset = ranged ? 0 : ((query.pageNumber ?? 1) - 1) * PAGE_SIZE;
    const [rows, count] = await this.em.findAndCount(Schedule, where.length ? { $and: where } : {}, {
      populate: RELATIONS,
      orderBy: { sendAt: 'ASC', id: 'ASC' },
      limit,
      offset,
    });
    return { schedules: rows.map(toScheduleResponse), count, hasMore: offset + rows.length < count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<ScheduleResponse> {
    return toScheduleResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateScheduleDto): Promise<ScheduleResponse> {
    if (dto.sendAt.getTime() <= Date.now()) throw pastSendAt();
    const schedule = this.em.create(Schedule, {
      company: this.em.getReference(Company, ctx.companyId),
      user: this.em.getReference(User, ctx.userId),
      body: dto.body,
      sendAt: dto.sendAt,
      contact: await this.contact(dto.contactId),
      whatsapp: dto.whatsappId ? await this.whatsapp(dto.whatsappId) : null,
      template: dto.templateId ? this.em.getReference(MessageTemplate, dto.templateId) : null,
      templateVariables: dto.templateVariables ?? [],
      templateHeaderMediaUrl: dto.templateHeaderMediaUrl ?? null,
    });
    await this.checkTemplate(schedule);
    await this.em.flush();
    await this.jobs.arm(ctx.companyId, schedule.id, schedule.sendAt);
    const loaded = await this.load(schedule.id);
    this.events.changed(ctx.companyId, loaded, 'create');
    return toScheduleResponse(loaded);
  }

  /** Editing re-arms: a failed schedule goes back to PENDENTE; a sent one cannot change. */
  async update(ctx: AuthContext, id: number, dto: UpdateScheduleDto): Promise<ScheduleResponse> {
    const schedule = await this.load(id);
    this.assertCanChange(ctx, schedule);
    if (schedule.status === 'ENVIADA') throw appError('ERR_SCHEDULE_ALREADY_SENT', 'This message was already sent');
    if (dto.sendAt !== undefined) {
      if (dto.sendAt.getTime() <= Date.now()) throw pastSendAt();
      schedule.sendAt = dto.sendAt;
    }
    if (dto.body !== undefined) schedule.body = dto.body;
    if (dto.contactId !== undefined) schedule.contact = (await this.contact(dto.contactId)) as never;
    if (dto.whatsappId !== undefined) schedule.whatsapp = dto.whatsappId ? ((await this.whatsapp(dto.whatsappId)) as never) : null;
    if (dto.templateId !== undefined) schedule.template = dto.templateId ? (this.em.getReference(MessageTemplate, dto.templateId) as never) : null;
    if (dto.templateVariables !== undefined) schedule.templateVariables = dto.templateVariables;
    if (dto.templateHeaderMediaUrl !== undefined) schedule.templateHeaderMediaUrl = dto.templateHeaderMediaUrl ?? null;
    if (schedule.sendAt.getTime() <= Date.now()) throw pastSendAt();
    await this.checkTemplate(schedule);
    schedule.status = 'PENDENTE';
    schedule.error = null;
    schedule.providerId = null;
    schedule.attemptedAt = null;
    schedule.outcomeAck = null;
    await this.em.flush();
    await this.jobs.arm(ctx.companyId, schedule.id, schedule.sendAt);
    const loaded = await this.load(id);
    this.events.changed(ctx.companyId, loaded);
    return toScheduleResponse(loaded);
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const schedule = await this.load(id);
    this.assertCanChange(ctx, schedule);
    await this.em.remove(schedule).flush();
    await this.jobs.cancel(id);
    this.events.deleted(ctx.companyId, id);
  }

  /**
   * On a connection that sends templates (the WhatsApp Cloud API; the schedule's, or the company default it would
   * use): an approved template of that connection with a text for each value (422 ERR_CLOUD_TEMPLATE_REQUIRED
   * without one, 404 for another connection's or company's, 422 when not approved). Elsewhere no template is kept.
   */
  private async checkTemplate(schedule: Schedule): Promise<void> {
    const whatsapp = schedule.whatsapp ? await this.em.findOne(Whatsapp, { id: schedule.whatsapp.id }) : await this.em.findOne(Whatsapp, { isDefault: true });
    if (!whatsapp || this.channels.capabilities(whatsapp.provider)?.templates !== true) {
      schedule.template = null;
      schedule.templateVariables = [];
      schedule.templateHeaderMediaUrl = null;
      return;
    }
    if (!schedule.template) throw appError('ERR_CLOUD_TEMPLATE_REQUIRED', 'A WhatsApp Cloud API connection sends only approved templates: choose one');
    const template = await this.em.findOne(MessageTemplate, { id: schedule.template.id });
    if (!template || template.whatsapp.id !== whatsapp.id) throw notFound('ERR_NO_TEMPLATE_FOUND');
    if (template.status !== 'APPROVED') throw appError('ERR_CLOUD_TEMPLATE_NOT_APPROVED', `Template ${template.name} is ${template.status}`);
    if (schedule.templateVariables.length !== template.variables)
      throw fieldError('templateVariables', `template ${template.name} takes ${template.variables} values`);
    if (schedule.templateVariables.some((text) => text.trim() === '')) throw fieldError('templateVariables', 'every value needs a text');
    const headerProblem = headerMediaProblem(template, schedule.templateHeaderMediaUrl);
    if (headerProblem) throw fieldError('templateHeaderMediaUrl', headerProblem);
  }

  private assertCanChange(ctx: AuthContext, schedule: Schedule): void {
    if (!isAdmin(ctx) && schedule.user?.id !== ctx.userId) throw appError('ERR_NO_PERMISSION', 'Only its author or an admin may change a schedule');
  }

  private async load(id: number): Promise<Schedule> {
    const schedule = await this.em.findOne(Schedule, { id }, { populate: RELATIONS, refresh: true });
    if (!schedule) throw notFound('ERR_NO_SCHEDULE_FOUND');
    return schedule;
  }

  private async contact(id: number): Promise<Contact> {
    const contact = await this.em.findOne(Contact, { id });
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    return contact;
  }

  private async whatsapp(id: number): Promise<Whatsapp> {
    const whatsapp = await this.em.findOne(Whatsapp, { id });
    if (!whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
    return whatsapp;
  }
}
