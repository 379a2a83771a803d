import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { appError, notFound, fieldError } from '../../common/errors/app-error.js';
import { likePattern } from '../../common/list-query/list-query.js';
import { Company } from '../companies/company.entity.js';
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
  ) {}

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
    });
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
    if (schedule.sendAt.getTime() <= Date.now()) throw pastSendAt();
    schedule.status = 'PENDENTE';
    schedule.error = null;
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
