import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Post, Put, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { MAX_MEDIA_BYTES } from '../../infra/storage/media-types.js';
import { StreamedUpload } from '../../infra/storage/uploads/streamed-upload.interceptor.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import type { ListBody } from '../../shared/api-types.js';
import { CreateFileListDto, MAX_FILE_LIST_OPTIONS } from './dto/create-file-list.dto.js';
import { UpdateFileListDto } from './dto/update-file-list.dto.js';
import { UploadFileListDto } from './dto/upload-file-list.dto.js';
import { FileListMediaService } from './file-list-media.service.js';
import type { FileListResponse } from './file-list.mapper.js';
import { FileListsService } from './files.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const FILE_LIST: ListAllowlist = {
  filters: { id: 'id', userId: 'user' },
  sort: { id: 'id', name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['name', 'ASC'],
  // The campaign form reads GET /files without pageNumber: every list of the company for its select.
  unpagedLimit: 1000,
};

/** `POST /files/uploadList/{id}`: up to one file per option in `files`, matched to options by `optionIds`. */
const FileListUpload = () =>
  applyDecorators(
    HttpCode(200),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['files', 'optionIds'],
        properties: {
          files: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_FILE_LIST_OPTIONS },
          optionIds: { type: 'string', example: '12,13', description: 'the option of each `files` part, in order (comma separated ids)' },
        },
      },
    }),
    UseInterceptors(StreamedUpload({ field: 'files', maxFiles: MAX_FILE_LIST_OPTIONS, maxBytes: MAX_MEDIA_BYTES })),
  );

/** File lists (campaigns §2, §7): every profile reads them (the chat and the campaign form use them); admins change them. */
@ApiTags('files')
@ApiBearerAuth()
@Controller('files')
export class FilesController {
  constructor(
    private readonly fileLists: FileListsService,
    private readonly media: FileListMediaService,
  ) {}

  /** `companyId` sent by the browser is ignored: the session decides the company. */
  @Get()
  @Policy('read', 'FileList')
  @ApiListQuery()
  @ApiQuery({ name: 'companyId', required: false, description: 'ignored: the session decides the company' })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(FILE_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'files', FileListResponse>> {
    return listResponse(res, 'files', query, await this.fileLists.list(ctx, query));
  }

  @Get(':id')
  @Policy('read', 'FileList')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<FileListResponse> {
    return this.fileLists.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'FileList')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateFileListDto): Promise<FileListResponse> {
    return this.fileLists.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'FileList')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateFileListDto): Promise<FileListResponse> {
    return this.fileLists.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'FileList')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.fileLists.remove(ctx, id);
  }

  @Post('uploadList/:id')
  @Policy('update', 'FileList')
  @FileListUpload()
  @ApiOperation({
    summary: "Stores the options' files",
    description:
      'Multipart: each `files` part is the file of the option named at the same position in `optionIds`. A file replaces ' +
      "the option's previous one. Types outside the media allowlist are refused (415).",
  })
  upload(
    @Auth() ctx: AuthContext,
    @IdParam('id') id: number,
    @Body() dto: UploadFileListDto,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<FileListResponse> {
    return this.media.upload(ctx, id, dto.optionIds, files ?? []);
  }
}
