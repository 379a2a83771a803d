import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { announceQueues } from '../queues/queue-announcements.js';
import { Queue } from '../queues/queue.entity.js';
import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { type AuthContext, isAdmin } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { Company } from '../companies/company.entity.js';
import type { CreateQueueIntegrationDto } from './dto/create-queue-integration.dto.js';
import type { UpdateQueueIntegrationDto } from './dto/update-queue-integration.dto.js';
import { integrationNameTaken, integrationNotFound } from './queue-integration-errors.js';
import { type IntegrationSettings, resolveIntegration } from './queue-integration-rules.js';
import { QueueIntegration } from './queue-integration.entity.js';
import { type QueueIntegrationResponse, toQueueIntegrationResponse } from './queue-integration.mapper.js';
import { QueueIntegrationEvents } from './queue-integrations.events.js';

const SETTING_KEYS = [
  'type',
  'name',
  'projectName',
  'jsonContent',
  'language',
  'urlN8N',
  'typebotSlug',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotRestartMessage',
  'typebotUnknownMessage',
] as const satisfies ReadonlyArray<keyof IntegrationSettings>;

/** Queue integrations. Tenant rows: the tenant filter keeps every query inside the caller's company. */
@Injectable()
export class QueueIntegrationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly events: QueueIntegrationEvents,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<QueueIntegrationResponse>> {
    const conditions: FilterQuery<QueueIntegration>[] = [query.filters as FilterQuery<QueueIntegration>];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push({ $or: [{ name: { $ilike: pattern } }, { projectName: { $ilike: pattern } }] });
    }
    const [records, count] = await this.em.findAndCount(
      QueueIntegration,
      { $and: conditions },
      { orderBy: { ...query.orderBy, id: 'ASC' }, limit: query.limit, offset: query.offset },
    );
    return { records: records.map((record) => toQueueIntegrationResponse(record, isAdmin(ctx))), count };
  }

  async findOne(ctx: AuthContext, id: number): Promise<QueueIntegrationResponse> {
    return toQueueIntegrationResponse(await this.load(id), isAdmin(ctx));
  }

  async create(ctx: AuthContext, dto: CreateQueueIntegrationDto): Promise<QueueIntegrationResponse> {
    const settings = resolveIntegration({
      type: dto.type,
      name: dto.name,
      projectName: dto.projectName ?? null,
      jsonContent: dto.jsonContent ?? null,
      language: dto.language ?? null,
      urlN8N: dto.urlN8N ?? null,
      typebotSlug: dto.typebotSlug ?? null,
      typebotKeywordFinish: dto.typebotKeywordFinish ?? null,
      typebotKeywordRestart: dto.typebotKeywordRestart ?? null,
      typebotRestartMessage: dto.typebotRestartMessage ?? null,
      typebotUnknownMessage: dto.typebotUnknownMessage ?? null,
    });
    const record = this.em.create(QueueIntegration, {
      company: this.em.getReference(Company, ctx.companyId),
      ...settings,
      typebotDelayMessage: dto.typebotDelayMessage ?? 1000,
      typebotExpires: dto.typebotExpires ?? 1,
    });
    return this.save(ctx, record, 'create');
  }

  /** The body is merged with the stored record and the rules run on the result (a type change needs its fields). */
  async update(ctx: AuthContext, id: number, dto: UpdateQueueIntegrationDto): Promise<QueueIntegrationResponse> {
    const record = await this.load(id);
    const merged = Object.fromEntries(SETTING_KEYS.map((key) => [key, dto[key] === undefined ? record[key] : dto[key]])) as unknown as IntegrationSettings;
    Object.assign(record, resolveIntegration(merged));
    if (dto.typebotDelayMessage != null) record.typebotDelayMessage = dto.typebotDelayMessage;
    if (dto.typebotExpires != null) record.typebotExpires = dto.typebotExpires;
    return this.save(ctx, record, 'update');
  }

  /** Queues using it are left without integration (the foreign key is ON DELETE SET NULL). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const record = await this.load(id);
    const linked = (await this.em.find(Queue, { integration: id })).map((q) => q.id);
    await this.em.remove(record).flush();
    this.events.emit(ctx.companyId, { action: 'delete', integrationId: id });
    await announceQueues(this.em, this.realtime, ctx.companyId, linked);
  }

  private async load(id: number): Promise<QueueIntegration> {
    const record = await this.em.findOne(QueueIntegration, { id });
    if (!record) throw integrationNotFound();
    return record;
  }

  /** Names are unique per company; the unique key decides, also between concurrent requests. */
  private async save(ctx: AuthContext, record: QueueIntegration, action: 'create' | 'update'): Promise<QueueIntegrationResponse> {
    try {
      await this.em.flush();
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? integrationNameTaken() : error;
    }
    const response = toQueueIntegrationResponse(record, isAdmin(ctx));
    this.events.emit(ctx.companyId, { action, queueIntegration: response });
    return response;
  }
}
