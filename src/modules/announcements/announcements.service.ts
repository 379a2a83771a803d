import { Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery, QueryOrder } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { likePattern, type ListParams, type ListResult } from '../../common/list-query/list-query.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { ANNOUNCEMENT_FEED_SIZE, type AnnouncementFeedResponse, DEFAULT_ANNOUNCEMENT_PRIORITY } from '../../shared/announcement-api-types.js';
import { canRead, visibleTo } from './announcement-access.js';
import { announcementNotFound } from './announcement-errors.js';
import { AnnouncementReadsRepository } from './announcement-reads.repository.js';
import { Announcement } from './announcement.entity.js';
import { type AnnouncementResponse, toAnnouncementResponse } from './announcement.mapper.js';
import { AnnouncementEvents } from './announcements.events.js';
import type { CreateAnnouncementDto } from './dto/create-announcement.dto.js';
import type { UpdateAnnouncementDto } from './dto/update-announcement.dto.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { changesBetween, snapshot, type AuditEntry } from '../../infra/audit/audit-entry.js';

const AUDITED_FIELDS = ['title', 'text', 'priority', 'status', 'mediaName'] as const;

const announcementEntry = (action: string, record: Announcement, before: Record<string, unknown>, after: Record<string, unknown>): AuditEntry | null => {
  const changes = changesBetween(before, after);
  return action === 'announcement.update' && !Object.keys(changes).length ? null : { action, subjectType: 'Announcement', subjectId: record.id, changes };
};

/** The bell's order: most important first, then newest. */
const FEED_ORDER = [{ priority: QueryOrder.ASC }, { createdAt: QueryOrder.DESC }, { id: QueryOrder.DESC }];

/**
 * Announcements are global rows (no tenant, like helps): super users write them for every company; everyone reads
 * the active ones, with read markers per user in the reader's company.
 */
@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StoragePort,
    private readonly reads: AnnouncementReadsRepository,
    private readonly events: AnnouncementEvents,
    private readonly audit: AuditTrail,
  ) {}

  async list(ctx: AuthContext, query: ListParams): Promise<ListResult<AnnouncementResponse>> {
    const conditions: FilterQuery<Announcement>[] = [query.filters as FilterQuery<Announcement>, visibleTo(ctx)];
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push({ $or: [{ title: { $ilike: pattern } }, { text: { $ilike: pattern } }] });
    }
    const [records, count] = await this.em.findAndCount(
      Announcement,
      { $and: conditions },
      { orderBy: [query.orderBy, { createdAt: QueryOrder.DESC }, { id: QueryOrder.DESC }], limit: query.limit, offset: query.offset },
    );
    return { records: records.map(toAnnouncementResponse), count };
  }

  /** The top-bar bell: the active announcements, each marked read or not for the caller, and the unread count. */
  async feed(ctx: AuthContext): Promise<AnnouncementFeedResponse> {
    const records = await this.em.find(Announcement, { status: true }, { orderBy: FEED_ORDER, limit: ANNOUNCEMENT_FEED_SIZE });
    const [read, unreadCount] = await Promise.all([
      this.reads.readAmong(
        ctx.companyId,
        ctx.userId,
        records.map((record) => record.id),
      ),
      this.reads.unreadCount(ctx.companyId, ctx.userId),
    ]);
    return { records: records.map((record) => ({ ...toAnnouncementResponse(record), read: read.has(record.id) })), unreadCount };
  }

  unreadCount(ctx: AuthContext): Promise<number> {
    return this.reads.unreadCount(ctx.companyId, ctx.userId);
  }

  /** Marks one announcement read; one the caller cannot see is 404. Answers the caller's unread count. */
  async markRead(ctx: AuthContext, id: number): Promise<number> {
    await this.loadVisible(ctx, id);
    await this.reads.markRead(ctx.companyId, ctx.userId, [id]);
    return this.reads.unreadCount(ctx.companyId, ctx.userId);
  }

  /** Marks those of `ids` that are active read (the ones the bell showed). Answers the caller's unread count. */
  async markManyRead(ctx: AuthContext, ids: number[]): Promise<number> {
    await this.reads.markRead(ctx.companyId, ctx.userId, [...new Set(ids)]);
    return this.reads.unreadCount(ctx.companyId, ctx.userId);
  }

  async findOne(ctx: AuthContext, id: number): Promise<AnnouncementResponse> {
    return toAnnouncementResponse(await this.loadVisible(ctx, id));
  }

  async create(ctx: AuthContext, dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    const record = this.em.create(Announcement, {
      title: dto.title,
      text: dto.text,
      priority: dto.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY,
      status: dto.status ?? true,
    });
    await this.audit.flush(this.em, ctx, () => announcementEntry('announcement.create', record, {}, snapshot(record, AUDITED_FIELDS)));
    this.events.changed('create', record);
    return toAnnouncementResponse(record);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateAnnouncementDto): Promise<AnnouncementResponse> {
    const record = await this.load(id);
    const before = snapshot(record, AUDITED_FIELDS);
    if (dto.title !== undefined) record.title = dto.title;
    if (dto.text !== undefined) record.text = dto.text;
    if (dto.priority !== undefined) record.priority = dto.priority;
    if (dto.status !== undefined) record.status = dto.status;
    await this.audit.flush(this.em, ctx, () => announcementEntry('announcement.update', record, before, snapshot(record, AUDITED_FIELDS)));
    this.events.changed('update', record);
    return toAnnouncementResponse(record);
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const record = await this.load(id);
    const { mediaPath } = record;
    const before = snapshot(record, AUDITED_FIELDS);
    await this.audit.flush(this.em, ctx, () => announcementEntry('announcement.delete', record, before, {}), { remove: [record] });
    this.events.deleted(id);
    if (mediaPath) await this.storage.remove(mediaPath);
  }

  /** Any announcement, active or not: for the writes, which only super users reach. */
  async load(id: number): Promise<Announcement> {
    const record = await this.em.findOne(Announcement, { id });
    if (!record) throw announcementNotFound();
    return record;
  }

  /** An inactive announcement does not exist for those who may not read it. */
  private async loadVisible(ctx: AuthContext, id: number): Promise<Announcement> {
    const record = await this.load(id);
    if (!canRead(ctx, record)) throw announcementNotFound();
    return record;
  }
}
