import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { StreamedUpload } from '../../infra/storage/uploads/streamed-upload.interceptor.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import type { ListBody } from '../../shared/api-types.js';
import type { ContactListImportResponse, ContactListResponse } from './contact-list.mapper.js';
import { ContactListsService } from './contact-lists.service.js';
import { CreateContactListDto } from './dto/create-contact-list.dto.js';
import { UpdateContactListDto } from './dto/update-contact-list.dto.js';
import { ContactListImportsService } from './import/contact-list-imports.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const CONTACT_LIST_LIST: ListAllowlist = {
  filters: { id: 'id' },
  sort: { id: 'id', name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['name', 'ASC'],
};

/** A spreadsheet is small next to media: 20 MB holds far more than the row limit. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Contact lists of the campaigns area (campaigns §7): admins, plan module useCampaigns with campaigns enabled. */
@ApiTags('contact-lists')
@ApiBearerAuth()
@RequiresPlan('useCampaigns')
@Controller('contact-lists')
export class ContactListsController {
  constructor(
    private readonly lists: ContactListsService,
    private readonly imports: ContactListImportsService,
  ) {}

  @Get()
  @Policy('read', 'ContactList')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(CONTACT_LIST_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'records', ContactListResponse>> {
    return listResponse(res, 'records', query, await this.lists.list(ctx, query));
  }

  /** Every list, for the campaign form's select. Declared before `:id`. */
  @Get('list')
  @Policy('read', 'ContactList')
  listAll(@Auth() ctx: AuthContext): Promise<ContactListResponse[]> {
    return this.lists.listAll(ctx);
  }

  @Get(':id')
  @Policy('read', 'ContactList')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ContactListResponse> {
    return this.lists.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'ContactList')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateContactListDto): Promise<ContactListResponse> {
    return this.lists.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'ContactList')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateContactListDto): Promise<ContactListResponse> {
    return this.lists.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'ContactList')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.lists.remove(ctx, id);
  }

  /** Multipart `file` (.xls or .xlsx, first sheet, columns nome/numero/email); 202 with the queued import. */
  @Post(':id/upload')
  @HttpCode(202)
  @Policy('update', 'ContactList')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(StreamedUpload({ field: 'file', maxFiles: 1, maxBytes: MAX_IMPORT_BYTES }))
  upload(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<ContactListImportResponse> {
    return this.imports.upload(ctx, id, file);
  }

  /** The list's last import (null when none), so a reloaded page shows a running import's progress. */
  @Get(':id/imports/latest')
  @Policy('read', 'ContactList')
  latestImport(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<{ import: ContactListImportResponse | null }> {
    return this.imports.latest(ctx, id);
  }
}
