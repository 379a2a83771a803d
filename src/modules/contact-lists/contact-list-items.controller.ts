import { Body, Controller, createParamDecorator, Delete, type ExecutionContext, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { fieldError } from '../../common/errors/app-error.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import type { ContactListItemResponse } from './contact-list.mapper.js';
import { CreateContactListItemDto } from './dto/create-contact-list-item.dto.js';
import { UpdateContactListItemDto } from './dto/update-contact-list-item.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const ITEM_LIST: ListAllowlist = {
  filters: { id: 'id', contactListId: 'contactList', isWhatsappValid: 'isWhatsappValid' },
  filterTypes: { isWhatsappValid: 'boolean' },
  sort: { id: 'id', name: 'name', number: 'number', email: 'email', isWhatsappValid: 'isWhatsappValid', createdAt: 'createdAt' },
  defaultSort: ['name', 'ASC'],
};

/**
 * `?contactListId=` of the spec's dialect: a positive integer, or absent. A param decorator, so the global
 * ValidationPipe does not coerce the raw text first.
 */
const ContactListIdQuery = createParamDecorator((_data: unknown, context: ExecutionContext): number | undefined => {
  const value = context.switchToHttp().getRequest<Request>().query.contactListId;
  if (value === undefined || value === '') return undefined;
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw fieldError('contactListId', 'contactListId must be a positive integer');
  return id;
});

/**
 * Items of the contact lists (campaigns §7). Admins only, like the lists; deleting also needs the named rule
 * 'contacts-page:deleteContact' (campaigns §6), which only admins hold.
 */
@ApiTags('contact-list-items')
@ApiBearerAuth()
@RequiresPlan('useCampaigns')
@Controller('contact-list-items')
export class ContactListItemsController {
  constructor(private readonly items: ContactListItemsService) {}

  @Get()
  @Policy('read', 'ContactList')
  @ApiListQuery()
  @ApiQuery({ name: 'contactListId', required: false, type: Number })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(ITEM_LIST) query: ListParams,
    @ContactListIdQuery() contactListId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'contacts', ContactListItemResponse>> {
    return listResponse(res, 'contacts', query, await this.items.list(ctx, query, contactListId));
  }

  @Get(':id')
  @Policy('read', 'ContactList')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ContactListItemResponse> {
    return this.items.findOne(ctx, id);
  }

  @Post()
  @Policy('update', 'ContactList')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateContactListItemDto): Promise<ContactListItemResponse> {
    return this.items.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'ContactList')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateContactListItemDto): Promise<ContactListItemResponse> {
    return this.items.update(ctx, id, dto);
  }

  /** Also needs the named rule 'contacts-page:deleteContact' (checked in the service). */
  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'ContactList')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.items.remove(ctx, id);
  }
}
