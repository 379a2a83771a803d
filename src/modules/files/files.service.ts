import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { Company } from '../companies/company.entity.js';
import { MediaSweep } from '../media/media-sweep.js';
import { User } from '../users/user.entity.js';
import type { CreateFileListDto, FileListOptionDto } from './dto/create-file-list.dto.js';
import type { UpdateFileListDto } from './dto/update-file-list.dto.js';
import { fileListNotFound, unknownOption } from './file-list-errors.js';
import { FileListOption } from './file-list-option.entity.js';
import { FileList } from './file-list.entity.js';
import { type FileListResponse, toFileListResponse } from './file-list.mapper.js';
import { FileListEvents } from './files.events.js';

/** File lists (campaigns §2, §3): everyone of the company reads them; admins change them (route policies). */
@Injectable()
export class FileListsService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: FileListEvents,
    private readonly media: MediaSweep,
  ) {}

  async list(_ctx: AuthContext, query: ListParams): Promise<ListResult<FileListResponse>> {
    const conditions: FilterQuery<FileList>[] = [query.filters as FilterQuery<FileList>];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push({ $or: [{ name: { $ilike: pattern } }, { message: { $ilike: pattern } }] });
    }
    // The options come in one more query (select-in), whatever the page size.
    const [records, count] = await this.em.findAndCount(
      FileList,
      { $and: conditions },
      { populate: ['options'], strategy: 'select-in', orderBy: { ...query.orderBy, id: 'ASC' }, limit: query.limit, offset: query.offset },
    );
    return { records: records.map(toFileListResponse), count };
  }

  async findOne(_ctx: AuthContext, id: number): Promise<FileListResponse> {
    return toFileListResponse(await this.load(id));
  }

  async create(ctx: AuthContext, dto: CreateFileListDto): Promise<FileListResponse> {
    const company = this.em.getReference(Company, ctx.companyId);
    const record = this.em.create(FileList, { company, user: this.em.getReference(User, ctx.userId), name: dto.name, message: dto.message });
    for (const option of dto.options ?? []) {
      if (option.id !== undefined) throw unknownOption(option.id);
      record.options.add(this.em.create(FileListOption, { company, fileList: record, name: option.name }));
    }
    await this.em.flush();
    const response = toFileListResponse(record);
    this.events.emit(ctx.companyId, { action: 'create', record: response });
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateFileListDto): Promise<FileListResponse> {
    const record = await this.load(id);
    if (dto.name !== undefined) record.name = dto.name;
    if (dto.message !== undefined) record.message = dto.message;
    const released = dto.options ? this.replaceOptions(ctx, record, dto.options) : [];
    await this.em.flush();
    const response = toFileListResponse(record);
    this.events.emit(ctx.companyId, { action: 'update', record: response });
    await this.media.release(ctx.companyId, released);
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const record = await this.load(id);
    const paths = record.options.getItems().flatMap((option) => (option.path ? [option.path] : []));
    await this.em.remove(record).flush();
    this.events.emit(ctx.companyId, { action: 'delete', id });
    await this.media.release(ctx.companyId, paths);
  }

  /**
   * The list as it is sent (into a ticket, or as a campaign's attachments), or null when the company has no such list.
   * It opens its own company-scoped context, so a job (the campaign dispatcher) may call it as a request does.
   */
  async forSending(companyId: number, id: number): Promise<FileListResponse | null> {
    const record = await forkForCompany(this.em, companyId).findOne(FileList, { id }, { populate: ['options'], strategy: 'select-in' });
    return record ? toFileListResponse(record) : null;
  }

  /** The list with its options, in the caller's company (the tenant filter), or 404. */
  async load(id: number): Promise<FileList> {
    const record = await this.em.findOne(FileList, { id }, { populate: ['options'], strategy: 'select-in' });
    if (!record) throw fileListNotFound();
    return record;
  }

  /** The new set of options; answers the files of the options that go. */
  private replaceOptions(ctx: AuthContext, record: FileList, wanted: FileListOptionDto[]): string[] {
    const current = new Map(record.options.getItems().map((option) => [option.id, option]));
    const kept = new Set<number>();
    const company = this.em.getReference(Company, ctx.companyId);
    for (const option of wanted) {
      if (option.id === undefined) {
        record.options.add(this.em.create(FileListOption, { company, fileList: record, name: option.name }));
        continue;
      }
      const existing = current.get(option.id);
      if (!existing || kept.has(option.id)) throw unknownOption(option.id);
      existing.name = option.name;
      kept.add(option.id);
    }
    const dropped = [...current.values()].filter((option) => !kept.has(option.id));
    for (const option of dropped) record.options.remove(option);
    return dropped.flatMap((option) => (option.path ? [option.path] : []));
  }
}
