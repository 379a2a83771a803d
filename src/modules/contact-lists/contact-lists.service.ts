import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { Company } from '../companies/company.entity.js';
import type { CreateContactListDto } from './dto/create-contact-list.dto.js';
import type { UpdateContactListDto } from './dto/update-contact-list.dto.js';
import { contactListNotFound } from './contact-list-errors.js';
import { ContactList } from './contact-list.entity.js';
import { type ContactListResponse, NO_ITEMS, toContactListResponse } from './contact-list.mapper.js';
import { ContactListEvents } from './contact-lists.events.js';
import { ContactListsRepository } from './contact-lists.repository.js';

/** The company's contact lists (admins only, route policy), each with its item and valid counts. */
@Injectable()
export class ContactListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: ContactListsRepository,
    private readonly events: ContactListEvents,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<ContactListResponse>> {
    const where: FilterQuery<ContactList> = { ...(query.filters as FilterQuery<ContactList> & object) };
    if (query.search) Object.assign(where, { name: { $ilike: likePattern(query.search) } });
    const [lists, count] = await this.em.findAndCount(ContactList, where, {
      orderBy: { ...query.orderBy, id: 'ASC' },
      limit: query.limit,
      offset: query.offset,
    });
    return { records: await this.withCounts(ctx, lists), count };
  }

  /** GET /contact-lists/list: every list by name, for the campaign form's select. */
  async listAll(ctx: AuthContext): Promise<ContactListResponse[]> {
    return this.withCounts(ctx, await this.em.find(ContactList, {}, { orderBy: { name: 'ASC', id: 'ASC' } }));
  }

  async findOne(ctx: AuthContext, id: number): Promise<ContactListResponse> {
    return (await this.withCounts(ctx, [await this.load(id)]))[0]!;
  }

  async create(ctx: AuthContext, dto: CreateContactListDto): Promise<ContactListResponse> {
    const list = this.em.create(ContactList, { company: this.em.getReference(Company, ctx.companyId), name: dto.name });
    await this.em.flush();
    const response = toContactListResponse(list, NO_ITEMS);
    this.events.list(ctx.companyId, { action: 'create', record: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateContactListDto): Promise<ContactListResponse> {
    const list = await this.load(id);
    if (dto.name !== undefined) list.name = dto.name;
    await this.em.flush();
    const response = await this.findOne(ctx, id);
    this.events.list(ctx.companyId, { action: 'update', record: response });
    return response;
  }

  /** Its items and imports go with it (foreign keys cascade); campaigns that used it keep running without a list. */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const list = await this.load(id);
    await this.em.remove(list).flush();
    this.events.list(ctx.companyId, { action: 'delete', id });
  }

  /** The list with its counts, as the events and the API answer it. */
  async response(ctx: AuthContext, id: number): Promise<ContactListResponse | null> {
    const list = await this.em.findOne(ContactList, { id });
    return list ? (await this.withCounts(ctx, [list]))[0]! : null;
  }

  async load(id: number): Promise<ContactList> {
    const list = await this.em.findOne(ContactList, { id });
    if (!list) throw contactListNotFound();
    return list;
  }

  private async withCounts(ctx: AuthContext, lists: ContactList[]): Promise<ContactListResponse[]> {
    const counts = await this.repository.counts(
      ctx.companyId,
      lists.map((list) => list.id),
    );
    return lists.map((list) => toContactListResponse(list, counts.get(list.id) ?? NO_ITEMS));
  }
}
