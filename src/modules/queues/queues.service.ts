import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, QueryOrder } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, forbidden, notFound } from '../../common/errors/app-error.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { defaultSchedules } from '../../shared/schedules.js';
import { Company } from '../companies/company.entity.js';
import { toWeekSchedule } from '../companies/week-schedule.js';
import type { CreateQueueDto } from './dto/create-queue.dto.js';
import type { UpdateQueueDto } from './dto/update-queue.dto.js';
import { ref, type Ref } from '@mikro-orm/core';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { Prompt } from '../prompts/prompt.entity.js';
import { QueueIntegration } from '../queue-integrations/queue-integration.entity.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import { fileRequired } from '../queue-options/queue-option-errors.js';
import { Queue } from './queue.entity.js';
import { type QueueResponse, toQueueResponse } from './queue.mapper.js';

/** Queues are tenant rows: the tenant filter keeps every query inside the caller's company. */
@Injectable()
export class QueuesService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly storage: StoragePort,
  ) {}

  /**
   * In the order the bot menu offers them: orderQueue (unset last), then name. A super user may name another
   * company (the user dialog of Settings → Empresas); that read runs in a fork scoped to it.
   */
  async list(ctx: AuthContext, companyId?: number): Promise<QueueResponse[]> {
    const other = ctx.super && companyId !== undefined && companyId !== ctx.companyId;
    const em = other ? forkForCompany(this.em, companyId) : this.em;
    const queues = await em.find(Queue, {}, { orderBy: { orderQueue: QueryOrder.ASC_NULLS_LAST, name: QueryOrder.ASC, id: QueryOrder.ASC } });
    return queues.map(toQueueResponse);
  }

  async findOne(_ctx: AuthContext, id: number): Promise<QueueResponse> {
    return toQueueResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateQueueDto): Promise<QueueResponse> {
    const queue = await this.em.transactional(async (tx) => {
      // Lock the company row so two concurrent creations cannot both pass the plan limit (or the uniqueness checks).
      const company = await tx.findOne(Company, ctx.companyId, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['plan'] });
      if (!company) throw notFound('ERR_NO_COMPANY_FOUND');
      const limit = company.plan?.getEntity().queues;
      if (limit !== undefined && (await tx.count(Queue, {})) >= limit) throw forbidden('ERR_PLAN_QUEUE_LIMIT');
      await this.assertUnique(tx, dto.name, dto.color);
      const links = await this.links(tx, dto);
      assertGreeting(await tx.count(Queue, {}), dto.greetingMessage);
      return tx.create(Queue, {
        integration: links.integration ?? null,
        prompt: links.prompt ?? null,
        company,
        name: dto.name,
        color: dto.color,
        orderQueue: dto.orderQueue ?? null,
        greetingMessage: dto.greetingMessage ?? null,
        outOfHoursMessage: dto.outOfHoursMessage ?? null,
        schedules: dto.schedules ? toWeekSchedule(dto.schedules) : defaultSchedules(),
      });
    });
    const response = toQueueResponse(queue);
    this.realtime.toCompany(ctx.companyId, 'queue', { action: 'create', queue: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateQueueDto): Promise<QueueResponse> {
    const queue = await this.load(id);
    const name = dto.name !== undefined && dto.name !== queue.name ? dto.name : undefined;
    const color = dto.color !== undefined && dto.color !== queue.color ? dto.color : undefined;
    await this.assertUnique(this.em, name, color);
    if (name !== undefined) queue.name = name;
    if (color !== undefined) queue.color = color;
    if (dto.orderQueue !== undefined) queue.orderQueue = dto.orderQueue;
    if (dto.greetingMessage !== undefined) {
      assertGreeting((await this.em.count(Queue, {})) - 1, dto.greetingMessage);
      queue.greetingMessage = dto.greetingMessage;
    }
    if (dto.outOfHoursMessage !== undefined) queue.outOfHoursMessage = dto.outOfHoursMessage;
    if (dto.schedules != null) queue.schedules = toWeekSchedule(dto.schedules);
    const links = await this.links(this.em, dto);
    if (links.integration !== undefined) queue.integration = links.integration;
    if (links.prompt !== undefined) queue.prompt = links.prompt;
    await this.em.flush();
    const response = toQueueResponse(queue);
    this.realtime.toCompany(ctx.companyId, 'queue', { action: 'update', queue: response });
    return response;
  }

  async uploadMedia(ctx: AuthContext, id: number, file: UploadedMedia | undefined): Promise<QueueResponse> {
    const queue = await this.load(id);
    if (!file?.size) throw fileRequired();
    return this.replaceMedia(ctx, queue, file.path, file.originalName.slice(0, 255) || null);
  }

  async removeMedia(ctx: AuthContext, id: number): Promise<QueueResponse> {
    return this.replaceMedia(ctx, await this.load(id), null, null);
  }

  /** The previous file is deleted only once the queue no longer points to it. */
  private async replaceMedia(ctx: AuthContext, queue: Queue, mediaPath: string | null, mediaName: string | null): Promise<QueueResponse> {
    const previous = queue.mediaPath;
    queue.mediaPath = mediaPath;
    queue.mediaName = mediaName;
    await this.em.flush();
    if (previous && previous !== mediaPath) await this.storage.remove(previous);
    const response = toQueueResponse(queue);
    this.realtime.toCompany(ctx.companyId, 'queue', { action: 'update', queue: response });
    return response;
  }

  /** Integration and prompt ids must be rows of the caller's company (the tenant filter hides the others). */
  private async links(em: EntityManager, dto: { integrationId?: number | null; promptId?: number | null }) {
    const result: { integration?: Ref<QueueIntegration> | null; prompt?: Ref<Prompt> | null } = {};
    if (dto.integrationId !== undefined) {
      const integration = dto.integrationId === null ? null : await em.findOne(QueueIntegration, { id: dto.integrationId });
      if (dto.integrationId !== null && !integration) throw notFound('ERR_NO_INTEGRATION_FOUND');
      result.integration = integration ? ref(integration) : null;
    }
    if (dto.promptId !== undefined) {
      const prompt = dto.promptId === null ? null : await em.findOne(Prompt, { id: dto.promptId });
      if (dto.promptId !== null && !prompt) throw notFound('ERR_NO_PROMPT_FOUND');
      result.prompt = prompt ? ref(prompt) : null;
    }
    return result;
  }

  /** Users lose the queue with it (the pivot rows cascade). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const queue = await this.load(id);
    await this.em.remove(queue).flush();
    if (queue.mediaPath) await this.storage.remove(queue.mediaPath);
    this.realtime.toCompany(ctx.companyId, 'queue', { action: 'delete', queueId: id });
  }

  private async load(id: number): Promise<Queue> {
    const queue = await this.em.findOne(Queue, { id });
    if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
    return queue;
  }

  /** Checks only the values being set; both are unique per company, and the spec gives each its own code. */
  private async assertUnique(em: EntityManager, name: string | undefined, color: string | undefined): Promise<void> {
    const wanted = [...(name !== undefined ? [{ name }] : []), ...(color !== undefined ? [{ color }] : [])];
    if (!wanted.length) return;
    const clashes = await em.find(Queue, { $or: wanted });
    if (clashes.some((q) => q.color === color)) {
      throw appError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'Another queue of this company already uses this colour');
    }
    if (clashes.some((q) => q.name === name)) throw appError('ERR_QUEUE_NAME_EXISTS', 'A queue with this name already exists');
  }
}

/**
 * Administration §121: with more than one queue in the company the bot shows a menu, which opens with the greeting,
 * so a queue saved (with its greeting sent) next to `others` other queues needs one.
 */
function assertGreeting(others: number, greeting: string | null | undefined): void {
  if (others >= 1 && !greeting?.trim()) {
    throw appError('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is required when the company has more than one queue');
  }
}
