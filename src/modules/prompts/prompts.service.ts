import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { announceQueues } from '../queues/queue-announcements.js';
import { Injectable } from '@nestjs/common';
import { ref, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';
import type { CreatePromptDto, PromptFieldsDto } from './dto/create-prompt.dto.js';
import type { UpdatePromptDto } from './dto/update-prompt.dto.js';
import { promptNameTaken, promptNotFound, promptQueueRequired, queueNotFound } from './prompt-errors.js';
import { Prompt } from './prompt.entity.js';
import { type PromptResponse, toPromptResponse } from './prompt.mapper.js';
import { PromptEvents } from './prompts.events.js';

/** Defaults of campaigns §9; a null sent for one of these fields puts the default back. */
export const PROMPT_DEFAULTS = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, model: 'gpt-4o-mini' } as const;

/** AI prompts. Tenant rows: the tenant filter keeps every query, the queue lookup included, inside the company. */
@Injectable()
export class PromptsService {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly events: PromptEvents,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<PromptResponse>> {
    const conditions: FilterQuery<Prompt>[] = [query.filters as FilterQuery<Prompt>];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push({ $or: [{ name: { $ilike: pattern } }, { prompt: { $ilike: pattern } }] });
    }
    const [records, count] = await this.em.findAndCount(
      Prompt,
      { $and: conditions },
      { populate: ['queue'], orderBy: { ...query.orderBy, id: 'ASC' }, limit: query.limit, offset: query.offset },
    );
    return { records: records.map(toPromptResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<PromptResponse> {
    return toPromptResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreatePromptDto): Promise<PromptResponse> {
    const queue = await this.queue(dto.queueId);
    const record = this.em.create(Prompt, {
      company: this.em.getReference(Company, ctx.companyId),
      name: dto.name,
      prompt: dto.prompt,
      apiKey: dto.apiKey,
      queue,
      voiceKey: dto.voiceKey || null,
      voiceRegion: dto.voiceRegion ?? null,
      ...settings(dto),
    });
    await this.flushName();
    const response = toPromptResponse(record);
    this.events.emit(ctx.companyId, { action: 'create', prompt: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdatePromptDto): Promise<PromptResponse> {
    const record = await this.load(id);
    if (dto.queueId !== undefined) record.queue = ref(await this.queue(dto.queueId));
    if (dto.name !== undefined) record.name = dto.name;
    if (dto.prompt !== undefined) record.prompt = dto.prompt;
    if (dto.apiKey) record.apiKey = dto.apiKey;
    // The form never shows the voice key: empty keeps it, null clears it.
    if (dto.voiceKey === null) record.voiceKey = null;
    else if (dto.voiceKey) record.voiceKey = dto.voiceKey;
    if (dto.voiceRegion !== undefined) record.voiceRegion = dto.voiceRegion;
    Object.assign(record, settings(dto, true));
    await this.flushName();
    const response = toPromptResponse(record);
    this.events.emit(ctx.companyId, { action: 'update', prompt: response });
    return response;
  }

  /** Queues and connections using it lose the prompt (their foreign keys are ON DELETE SET NULL). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const record = await this.load(id);
    const linked = (await this.em.find(Queue, { prompt: id })).map((q) => q.id);
    await this.em.remove(record).flush();
    this.events.emit(ctx.companyId, { action: 'delete', promptId: id });
    await announceQueues(this.em, this.realtime, ctx.companyId, linked);
  }

  private async load(id: number): Promise<Prompt> {
    const record = await this.em.findOne(Prompt, { id }, { populate: ['queue'] });
    if (!record) throw promptNotFound();
    return record;
  }

  private async queue(queueId: number | null | undefined): Promise<Queue> {
    if (queueId === undefined || queueId === null) throw promptQueueRequired();
    const queue = await this.em.findOne(Queue, { id: queueId });
    if (!queue) throw queueNotFound();
    return queue;
  }

  /** Names are unique per company; the unique key decides, also between concurrent requests. */
  private async flushName(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? promptNameTaken() : error;
    }
  }
}

/** The model settings present in the body (all of them on create, defaults filling the gaps). */
function settings(dto: Partial<PromptFieldsDto>, onlyGiven = false): Partial<Pick<Prompt, keyof typeof PROMPT_DEFAULTS>> {
  const out: Partial<Pick<Prompt, keyof typeof PROMPT_DEFAULTS>> = {};
  for (const key of Object.keys(PROMPT_DEFAULTS) as Array<keyof typeof PROMPT_DEFAULTS>) {
    const value = dto[key];
    if (onlyGiven && value === undefined) continue;
    (out as Record<string, unknown>)[key] = value ?? PROMPT_DEFAULTS[key];
  }
  return out;
}
