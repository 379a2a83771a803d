import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { listResponse, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ContactWhatsappCheckResponse, ListBody } from '../../shared/api-types.js';
import { CONTACT_LIST, type CreatedRange, CreatedRangeQuery } from './contact-list-query.js';
import type { ContactResponse } from './contact.mapper.js';
import { ContactWhatsappCheck } from './contact-whatsapp-check.js';
import { ContactsService } from './contacts.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';
import { UpdateContactDto } from './dto/update-contact.dto.js';
import { WhatsappCheckDto } from './dto/whatsapp-check.dto.js';
import { ExportContactsQuery } from './dto/export-contacts.query.js';
import { StreamedUpload } from '../../infra/storage/uploads/streamed-upload.interceptor.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import { MAX_IMPORT_BYTES } from '../contact-lists/contact-lists.controller.js';
import type { ContactImportResult } from './contact-import-file.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

@ApiTags('contacts')
@ApiBearerAuth()
@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly whatsappCheck: ContactWhatsappCheck,
  ) {}

  @Get()
  @Policy('read', 'Contact')
  @ApiListQuery()
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD: created that day (company time zone)' })
  @ApiQuery({ name: 'dateStart', required: false, description: 'YYYY-MM-DD: created on or after that day' })
  @ApiQuery({ name: 'dateEnd', required: false, description: 'YYYY-MM-DD: created on or before that day' })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(CONTACT_LIST) query: ListParams,
    @CreatedRangeQuery() created: CreatedRange,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'contacts', ContactResponse>> {
    return listResponse(res, 'contacts', query, await this.contacts.list(ctx, query, created));
  }

  /** The file's contacts (nome/numero/email columns) join the company's; known numbers stay as they are. */
  @Post('import')
  @HttpCode(200)
  @Policy('manage', 'Contact')
  @UseInterceptors(StreamedUpload({ field: 'file', maxFiles: 1, maxBytes: MAX_IMPORT_BYTES }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: '.csv, .xls or .xlsx' } } } })
  @ApiOperation({ summary: 'Imports contacts from a .csv, .xls or .xlsx file (at most 10,000 rows)' })
  import(@Auth() ctx: AuthContext, @UploadedFile() file: UploadedMedia | undefined): Promise<ContactImportResult> {
    return this.contacts.importFile(ctx, file);
  }

  /** Declared before `:id`. Every contact of the company in one file: the admins' (like deleting, a bulk power). */
  @Get('export')
  @Policy('manage', 'Contact')
  @ApiOperation({ summary: 'Every contact as a .csv or .xlsx file (nome, numero, email); formula-looking cells are made text' })
  @ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  async export(@Auth() ctx: AuthContext, @Query() query: ExportContactsQuery, @Res() res: Response): Promise<void> {
    const file = await this.contacts.exportFile(ctx, query.format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.body);
  }

  @Get(':id')
  @Policy('read', 'Contact')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<ContactResponse> {
    return this.contacts.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'Contact')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateContactDto): Promise<ContactResponse> {
    return this.contacts.create(ctx, dto);
  }

  /** A shared contact card asks once it is on screen; reading contacts is enough (nothing is created). */
  @Post('whatsapp-check')
  @HttpCode(200)
  @Policy('read', 'Contact')
  @ApiOperation({ summary: 'Whether a number is on WhatsApp; a contact with the number answers from what it keeps, or keeps the new answer' })
  @ApiOkResponse({ description: '{ number, exists (null when no connection could tell), contact (the company’s contact with the number, or null) }' })
  checkWhatsapp(@Auth() ctx: AuthContext, @Body() dto: WhatsappCheckDto): Promise<ContactWhatsappCheckResponse> {
    return this.whatsappCheck.check(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Contact')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateContactDto): Promise<ContactResponse> {
    return this.contacts.update(ctx, id, dto);
  }

  /** Admin only (named rule 'contacts-page:deleteContact'). */
  @Delete(':id')
  @HttpCode(204)
  @Policy('deleteContact', 'contacts-page')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.contacts.remove(ctx, id);
  }
}
