import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { forbidden } from '../../common/errors/app-error.js';
import { canNamed } from '../../shared/permissions.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { Company } from '../companies/company.entity.js';
import type { CreateContactListItemDto } from './dto/create-contact-list-item.dto.js';
import type { UpdateContactListItemDto } from './dto/update-contact-list-item.dto.js';
import { contactListItemNotFound, itemNumberTaken } from './contact-list-errors.js';
import { ContactListItem } from './contact-list-item.entity.js';
import { type ContactListItemResponse, toContactListItemResponse } from './contact-list.mapper.js';
import { ContactListNumberChecker } from './contact-list-number-checker.js';
import { ContactListEvents } from './contact-lists.events.js';
import { ContactListsService } from './contact-lists.service.js';

/** The items of a list: typed in one by one here, or imported from a spreadsheet (ContactListImportProcessor). */
@Injectable()
export class ContactListItemsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: ContactListsService,
    private readonly checker: ContactListNumberChecker,
    private readonly events: ContactListEvents,
  ) {}

  /** The spec's dialect names the list as `contactListId`; react-admin's puts it in the filter. */
  async list(_ctx: AuthContext, query: ListParams, contactListId?: number): Promise<ListResult<ContactListItemResponse>> {
    const where: FilterQuery<ContactListItem>[] = [query.filters as FilterQuery<ContactListItem>];
    if (contactListId !== undefined) where.push({ contactList: contactListId });
    if (query.search) {
      const pattern = likePattern(query.search);
      where.push({ $or: [{ name: { $ilike: pattern } }, { number: { $ilike: pattern } }, { email: { $ilike: pattern } }] });
    }
    const [items, count] = await this.em.findAndCount(
      ContactListItem,
      { $and: where },
      {
        orderBy: { ...query.orderBy, id: 'ASC' },
        limit: query.limit,
        offset: query.offset,
      },
    );
    return { records: items.map(toContactListItemResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<ContactListItemResponse> {
    return toContactListItemResponse(await this.load(id));
  }

  /** The number is checked on WhatsApp when a connection is connected; the stored number is the one WhatsApp knows. */
  async create(ctx: AuthContext, dto: CreateContactListItemDto): Promise<ContactListItemResponse> {
    const list = await this.lists.load(dto.contactListId);
    const { number, isWhatsappValid } = await this.check(ctx, dto.number);
    const item = this.em.create(ContactListItem, {
      company: this.em.getReference(Company, ctx.companyId),
      contactList: list,
      name: dto.name,
      number,
      email: dto.email ?? null,
      isWhatsappValid,
    });
    await this.flushNumber();
    const response = toContactListItemResponse(item);
    this.events.item(ctx.companyId, { action: 'create', record: response });
    await this.listChanged(ctx, list.id);
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateContactListItemDto): Promise<ContactListItemResponse> {
    const item = await this.load(id);
    if (dto.name !== undefined) item.name = dto.name;
    if (dto.email !== undefined) item.email = dto.email;
    if (dto.number !== undefined && dto.number !== item.number) Object.assign(item, await this.check(ctx, dto.number));
    await this.flushNumber();
    const response = toContactListItemResponse(item);
    this.events.item(ctx.companyId, { action: 'update', record: response });
    await this.listChanged(ctx, item.contactList.id);
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    if (!canNamed(ctx.ability, 'contacts-page:deleteContact')) throw forbidden();
    const item = await this.load(id);
    const contactListId = item.contactList.id;
    await this.em.remove(item).flush();
    this.events.item(ctx.companyId, { action: 'delete', id, contactListId });
    await this.listChanged(ctx, contactListId);
  }

  private async check(ctx: AuthContext, digits: string): Promise<{ number: string; isWhatsappValid: boolean | null }> {
    const check = await (await this.checker.forCompany(this.em, ctx.companyId))?.(digits);
    return check ? { number: check.number, isWhatsappValid: check.exists } : { number: digits, isWhatsappValid: null };
  }

  /** The lists table shows counts: it hears about every item change of a list. */
  private async listChanged(ctx: AuthContext, contactListId: number): Promise<void> {
    const record = await this.lists.response(ctx, contactListId);
    if (record) this.events.list(ctx.companyId, { action: 'update', record });
  }

  private async load(id: number): Promise<ContactListItem> {
    const item = await this.em.findOne(ContactListItem, { id });
    if (!item) throw contactListItemNotFound();
    return item;
  }

  /** A number appears once per list; the unique key decides, also between concurrent requests. */
  private async flushNumber(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      throw error instanceof UniqueConstraintViolationException ? itemNumberTaken() : error;
    }
  }
}
