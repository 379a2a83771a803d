import { Injectable } from '@nestjs/common';
import { EntityManager, QueryOrder, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { notFound } from '../../common/errors/app-error.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import type { CreateHelpDto } from './dto/create-help.dto.js';
import type { UpdateHelpDto } from './dto/update-help.dto.js';
import { Help } from './help.entity.js';
import { type HelpResponse, toHelpResponse } from './help.mapper.js';

/** Help videos are global rows (no tenant): every company reads them, only super users write them. */
@Injectable()
export class HelpsService {
  constructor(private readonly em: EntityManager) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<HelpResponse>> {
    const where: FilterQuery<Help> = { ...(query.filters as FilterQuery<Help> & object) };
    if (query.search) {
      const pattern = likePattern(query.search);
      Object.assign(where, { $or: [{ title: { $ilike: pattern } }, { description: { $ilike: pattern } }] });
    }
    const [helps, count] = await this.em.findAndCount(Help, where, {
      orderBy: [query.orderBy, { id: QueryOrder.ASC }],
      limit: query.limit,
      offset: query.offset,
    });
    return { records: helps.map(toHelpResponse), count };
  }

  async listAll(_ctx: AuthContext): Promise<HelpResponse[]> {
    const helps = await this.em.find(Help, {}, { orderBy: { title: QueryOrder.ASC, id: QueryOrder.ASC } });
    return helps.map(toHelpResponse);
  }

  async findOne(_ctx: AuthContext, id: number): Promise<HelpResponse> {
    return toHelpResponse(await this.load(id));
  }

  async create(_ctx: AuthContext, dto: CreateHelpDto): Promise<HelpResponse> {
    const help = this.em.create(Help, { title: dto.title, description: dto.description ?? null, video: dto.video ?? null });
    await this.em.flush();
    return toHelpResponse(help);
  }

  async update(_ctx: AuthContext, id: number, dto: UpdateHelpDto): Promise<HelpResponse> {
    const help = await this.load(id);
    if (dto.title !== undefined) help.title = dto.title;
    if (dto.description !== undefined) help.description = dto.description;
    if (dto.video !== undefined) help.video = dto.video;
    await this.em.flush();
    return toHelpResponse(help);
  }

  async remove(_ctx: AuthContext, id: number): Promise<void> {
    await this.em.remove(await this.load(id)).flush();
  }

  private async load(id: number): Promise<Help> {
    const help = await this.em.findOne(Help, { id });
    if (!help) throw notFound('ERR_NO_HELP_FOUND');
    return help;
  }
}
