import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { forbidden } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { canNamed } from '../../shared/permissions.js';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import type { CreateTagDto } from './dto/create-tag.dto.js';
import type { UpdateTagDto } from './dto/update-tag.dto.js';
import { tagNameTaken, tagNotFound } from './tag-errors.js';
import { Tag } from './tag.entity.js';
import { type TagListItem, type TagResponse, toTagListItem, toTagResponse } from './tag.mapper.js';
import { TagsRepository } from './tags.repository.js';
import { TagEvents } from './tags.events.js';

/** Every profile manages tags (the menu shows them to all); only the kanban flag is restricted. */
@Injectable()
export class TagsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TagsRepository,
    private readonly events: TagEvents,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<TagResponse>> {
    const where: FilterQuery<Tag> = { ...(query.filters as FilterQuery<Tag> & object) };
    if (query.search) Object.assign(where, { name: { $ilike: likePattern(query.search) } });
    const [tags, count] = await this.em.findAndCount(Tag, where, {
      orderBy: { ...query.orderBy, id: 'ASC' },
      limit: query.limit,
      offset: query.offset,
    });
    const counts = await this.repository.ticketCounts(
      ctx.companyId,
      tags.map((tag) => tag.id),
    );
    return { records: tags.map((tag) => toTagResponse(tag, counts.get(tag.id) ?? 0)), count };
  }

  /** Every tag of the company by name, for selects and the kanban lanes. */
  async listAll(_ctx: AuthContext, kanban?: boolean): Promise<TagListItem[]> {
    const tags = await this.em.find(Tag, kanban === undefined ? {} : { kanban }, { orderBy: { name: 'ASC', id: 'ASC' } });
    return tags.map(toTagListItem);
  }

  async findOne(ctx: AuthContext, id: number): Promise<TagResponse> {
    return this.withCount(ctx, await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateTagDto): Promise<TagResponse> {
    const kanban = dto.kanban ?? false;
    if (kanban) this.assertCanEditKanban(ctx);
    const tag = this.em.create(Tag, {
      company: this.em.getReference(Company, ctx.companyId),
      name: dto.name,
      color: dto.color,
      kanban,
      user: this.em.getReference(User, ctx.userId),
    });
    await this.flushName();
    const response = toTagResponse(tag, 0);
    this.events.emit(ctx.companyId, { action: 'create', tag: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateTagDto): Promise<TagResponse> {
    const tag = await this.load(id);
    if (dto.kanban !== undefined && dto.kanban !== tag.kanban) this.assertCanEditKanban(ctx);
    if (dto.name !== undefined) tag.name = dto.name;
    if (dto.color !== undefined) tag.color = dto.color;
    if (dto.kanban !== undefined) tag.kanban = dto.kanban;
    await this.flushName();
    const response = await this.withCount(ctx, tag);
    this.events.emit(ctx.companyId, { action: 'update', tag: response });
    return response;
  }

  /** The tag leaves every ticket with it (the pivot rows cascade). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    await this.em.remove(await this.load(id)).flush();
    this.events.emit(ctx.companyId, { action: 'delete', tagId: id });
  }

  private async load(id: number): Promise<Tag> {
    const tag = await this.em.findOne(Tag, { id });
    if (!tag) throw tagNotFound();
    return tag;
  }

  private async withCount(ctx: AuthContext, tag: Tag): Promise<TagResponse> {
    const counts = await this.repository.ticketCounts(ctx.companyId, [tag.id]);
    return toTagResponse(tag, counts.get(tag.id) ?? 0);
  }

  private assertCanEditKanban(ctx: AuthContext): void {
    if (!canNamed(ctx.ability, 'tag-modal:editKanban')) throw forbidden();
  }

  /** Names are unique per company; the unique key decides, also between concurrent requests. */
  private async flushName(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? tagNameTaken() : error;
    }
  }
}
