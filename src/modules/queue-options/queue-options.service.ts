import { Injectable } from '@nestjs/common';
import { EntityManager, QueryOrder } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { Company } from '../companies/company.entity.js';
import { Queue } from '../queues/queue.entity.js';
import type { CreateQueueOptionDto } from './dto/create-queue-option.dto.js';
import type { ListQueueOptionsQueryDto } from './dto/list-queue-options-query.dto.js';
import type { UpdateQueueOptionDto } from './dto/update-queue-option.dto.js';
import { fileRequired, queueNotFound, queueOptionNotFound } from './queue-option-errors.js';
import { QueueOption } from './queue-option.entity.js';
import { type QueueOptionResponse, toQueueOptionResponse } from './queue-option.mapper.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';

/** -1, null and absent all mean the top level. */
const parentKey = (parentId: number | null | undefined): number | null => (parentId == null || parentId === -1 ? null : parentId);

/** The chatbot menu tree of a queue. Tenant rows: the tenant filter keeps every query inside the caller's company. */
@Injectable()
export class QueueOptionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StoragePort,
  ) {}

  /** One level, in menu order. */
  async list(_ctx: AuthContext, query: ListQueueOptionsQueryDto): Promise<QueueOptionResponse[]> {
    const queue = await this.loadQueue(this.em, query.queueId);
    const parent = await this.loadParent(this.em, queue, parentKey(query.parentId));
    const options = await this.em.find(QueueOption, { queue, parent }, { orderBy: { option: QueryOrder.ASC, id: QueryOrder.ASC } });
    return options.map(toQueueOptionResponse);
  }

  async create(ctx: AuthContext, dto: CreateQueueOptionDto): Promise<QueueOptionResponse> {
    const created = await this.em.transactional(async (tx) => {
      const queue = await this.loadQueue(tx, dto.queueId);
      const parent = await this.loadParent(tx, queue, parentKey(dto.parentId));
      let option = dto.option ?? null;
      if (option === null) {
        const [last] = await tx.find(QueueOption, { queue, parent }, { orderBy: { option: QueryOrder.DESC }, limit: 1 });
        option = (last?.option ?? 0) + 1;
      }
      return tx.create(QueueOption, {
        company: tx.getReference(Company, ctx.companyId),
        queue,
        parent,
        title: dto.title,
        message: dto.message ?? '',
        option,
      });
    });
    return toQueueOptionResponse(created);
  }

  async update(_ctx: AuthContext, id: number, dto: UpdateQueueOptionDto): Promise<QueueOptionResponse> {
    const record = await this.load(this.em, id);
    if (dto.title != null) record.title = dto.title;
    if (dto.message != null) record.message = dto.message;
    if (dto.option != null) record.option = dto.option;
    await this.em.flush();
    return toQueueOptionResponse(record);
  }

  /** Removes the option with its whole subtree and renumbers the remaining siblings 1..n, in one transaction. */
  async remove(_ctx: AuthContext, id: number): Promise<void> {
    const media = await this.em.transactional(async (tx) => {
      const record = await this.load(tx, id);
      const subtree: QueueOption[] = [record];
      for (let level = [record]; level.length; ) {
        level = await tx.find(QueueOption, { parent: { $in: level.map((o) => o.id) } });
        subtree.push(...level);
      }
      const paths = subtree.map((o) => o.mediaPath).filter((p): p is string => !!p);
      await tx.nativeDelete(QueueOption, { id: { $in: subtree.map((o) => o.id) } });
      const siblings = await tx.find(
        QueueOption,
        { queue: record.queue, parent: record.parent, id: { $ne: record.id } },
        { orderBy: { option: QueryOrder.ASC, id: QueryOrder.ASC } },
      );
      siblings.forEach((sibling, index) => {
        sibling.option = index + 1;
      });
      tx.getUnitOfWork().unsetIdentity(record);
      return paths;
    });
    for (const path of media) await this.storage.remove(path);
  }

  async uploadMedia(_ctx: AuthContext, id: number, file: UploadedMedia | undefined): Promise<QueueOptionResponse> {
    const record = await this.load(this.em, id);
    if (!file?.size) throw fileRequired();
    return this.replaceMedia(record, file.path, file.originalName.slice(0, 255) || null);
  }

  async removeMedia(_ctx: AuthContext, id: number): Promise<QueueOptionResponse> {
    return this.replaceMedia(await this.load(this.em, id), null, null);
  }

  /** The previous file is deleted only once the record no longer points to it. */
  private async replaceMedia(record: QueueOption, mediaPath: string | null, mediaName: string | null): Promise<QueueOptionResponse> {
    const previous = record.mediaPath;
    record.mediaPath = mediaPath;
    record.mediaName = mediaName;
    await this.em.flush();
    if (previous && previous !== mediaPath) await this.storage.remove(previous);
    return toQueueOptionResponse(record);
  }

  private async load(em: EntityManager, id: number): Promise<QueueOption> {
    const record = await em.findOne(QueueOption, { id });
    if (!record) throw queueOptionNotFound();
    return record;
  }

  private async loadQueue(em: EntityManager, id: number): Promise<Queue> {
    const queue = await em.findOne(Queue, { id });
    if (!queue) throw queueNotFound();
    return queue;
  }

  /** A parent must be an option of the same queue (and so of the same company). */
  private async loadParent(em: EntityManager, queue: Queue, parentId: number | null): Promise<QueueOption | null> {
    if (parentId === null) return null;
    const parent = await em.findOne(QueueOption, { id: parentId, queue });
    if (!parent) throw queueOptionNotFound();
    return parent;
  }
}
