import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import type { CreateQuickMessageDto } from './dto/create-quick-message.dto.js';
import type { UpdateQuickMessageDto } from './dto/update-quick-message.dto.js';
import { assertCanEdit, assertCanRead, audienceOf, visibleTo } from './quick-message-access.js';
import { quickMessageNotFound, shortcodeTaken } from './quick-message-errors.js';
import { QuickMessage } from './quick-message.entity.js';
import { type QuickMessageResponse, toQuickMessageResponse } from './quick-message.mapper.js';
import { QuickMessageEvents } from './quick-messages.events.js';

@Injectable()
export class QuickMessagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StoragePort,
    private readonly events: QuickMessageEvents,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<QuickMessageResponse>> {
    const conditions: FilterQuery<QuickMessage>[] = [query.filters as FilterQuery<QuickMessage>, visibleTo(ctx)];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push({ $or: [{ shortcode: { $ilike: pattern } }, { message: { $ilike: pattern } }] });
    }
    const [records, count] = await this.em.findAndCount(
      QuickMessage,
      { $and: conditions },
      { orderBy: { ...query.orderBy, id: 'ASC' }, limit: query.limit, offset: query.offset },
    );
    return { records: records.map(toQuickMessageResponse), count };
  }

  /** The slash suggestions: the caller's own and the shared replies that are active, admins included. */
  async listActive(ctx: AuthContext): Promise<QuickMessageResponse[]> {
    const records = await this.em.find(
      QuickMessage,
      { status: true, $or: [{ user: ctx.userId }, { geral: true }] },
      { orderBy: { shortcode: 'ASC', id: 'ASC' } },
    );
    return records.map(toQuickMessageResponse);
  }

  async findOne(ctx: AuthContext, id: number): Promise<QuickMessageResponse> {
    const record = await this.load(id);
    assertCanRead(ctx, record);
    return toQuickMessageResponse(record);
  }

  async create(ctx: AuthContext, dto: CreateQuickMessageDto): Promise<QuickMessageResponse> {
    const record = this.em.create(QuickMessage, {
      company: this.em.getReference(Company, ctx.companyId),
      user: this.em.getReference(User, ctx.userId),
      shortcode: dto.shortcode,
      message: dto.message ?? '',
      geral: dto.geral ?? false,
      status: dto.status ?? true,
    });
    await this.flushShortcode();
    const response = toQuickMessageResponse(record);
    this.events.emit(ctx.companyId, audienceOf(ctx, record), { action: 'create', record: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateQuickMessageDto): Promise<QuickMessageResponse> {
    const record = await this.load(id);
    assertCanEdit(ctx, record);
    const wasShared = record.geral;
    if (dto.shortcode !== undefined) record.shortcode = dto.shortcode;
    if (dto.message !== undefined) record.message = dto.message;
    if (dto.geral !== undefined) record.geral = dto.geral;
    if (dto.status !== undefined) record.status = dto.status;
    await this.flushShortcode();
    const response = toQuickMessageResponse(record);
    // No longer shared: the others drop it; the owner's socket gets the update right after, in order.
    if (wasShared && !record.geral) this.events.emit(ctx.companyId, { ...audienceOf(ctx, record), geral: true }, { action: 'delete', id });
    this.events.emit(ctx.companyId, audienceOf(ctx, record), { action: 'update', record: response });
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const record = await this.load(id);
    assertCanEdit(ctx, record);
    const { mediaPath } = record;
    await this.em.remove(record).flush();
    this.events.emit(ctx.companyId, audienceOf(ctx, record), { action: 'delete', id });
    if (mediaPath) await this.storage.remove(mediaPath);
  }

  async load(id: number): Promise<QuickMessage> {
    const record = await this.em.findOne(QuickMessage, { id });
    if (!record) throw quickMessageNotFound();
    return record;
  }

  /** Shortcodes are unique per owner; the unique key decides, also between concurrent requests. */
  private async flushShortcode(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? shortcodeTaken() : error;
    }
  }
}
