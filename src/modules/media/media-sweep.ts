import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ExclusiveRunner } from '../../infra/scheduling/exclusive-runner.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { MediaReferencesRepository } from './media-references.repository.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A file younger than this may belong to an upload whose row is not committed yet. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  /** Files of deleted messages removed. */
  released: number;
  /** Files no row references (deleted tickets, contacts, messages; failed sends) removed. */
  orphans: number;
}

/**
 * Removes media nothing needs any more, as periodic work rather than inline in the request that deleted the rows:
 * deleting a ticket or a contact cascades to thousands of messages in one statement, and a file removal must never
 * fail or slow that request. One process runs each tick.
 */
@Injectable()
export class MediaSweep {
  private readonly logger = new Logger('MediaSweep');

  constructor(
    private readonly references: MediaReferencesRepository,
    private readonly storage: StoragePort,
    private readonly exclusive: ExclusiveRunner,
  ) {}

  // Unnamed: the scheduler registry is shared by every app of the process (tests run several).
  @Interval(SWEEP_EVERY_MS)
  async tick(): Promise<void> {
    await this.exclusive.run('media-sweep', SWEEP_EVERY_MS, async () => {
      const result = await this.sweep();
      if (result.released || result.orphans) this.logger.log(`removed ${result.released} deleted-message files and ${result.orphans} unreferenced files`);
    });
  }

  async sweep(graceMs = SWEEP_GRACE_MS): Promise<SweepResult> {
    let released = 0;
    for (;;) {
      const detached = await this.references.releaseDeletedMessageMedia(BATCH);
      const byCompany = new Map<number, string[]>();
      for (const { companyId, path } of detached) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), path]);
      for (const [companyId, paths] of byCompany) released += await this.release(companyId, paths);
      if (detached.length < BATCH) break;
    }
    return { released, orphans: await this.removeOrphans(Date.now() - graceMs) };
  }

  private async removeOrphans(olderThan: number): Promise<number> {
    let removed = 0;
    let companyId = -1;
    let paths: string[] = [];
    for await (const entry of this.storage.list()) {
      if (entry.modifiedAt.getTime() > olderThan) continue;
      const owner = Number(/^company(\d+)\//.exec(entry.path)?.[1]);
      if (owner !== companyId || paths.length >= BATCH) {
        removed += await this.removeUnreferenced(companyId, paths);
        [companyId, paths] = [owner, []];
      }
      paths.push(entry.path);
    }
    return removed + (await this.removeUnreferenced(companyId, paths));
  }

  /**
   * Removes those of a company's files that no row references any more, right after the rows that held them went
   * (a deleted file list, a replaced upload): a file sent into a conversation stays with its message. Answers how
   * many were removed; a failed removal is left to the next sweep.
   */
  async release(companyId: number, paths: string[]): Promise<number> {
    const unique = [...new Set(paths.filter((path) => path.startsWith(`company${companyId}/`)))];
    if (!unique.length) return 0;
    const kept = await this.references.referenced(companyId, unique);
    const orphans = unique.filter((path) => !kept.has(path));
    await Promise.all(orphans.map((path) => this.storage.remove(path).catch(() => undefined)));
    return orphans.length;
  }

  /** `paths` all lie in one company's folder. */
  private async removeUnreferenced(companyId: number, paths: string[]): Promise<number> {
    if (!paths.length) return 0;
    const kept = await this.references.referenced(companyId, paths);
    const orphans = paths.filter((path) => !kept.has(path));
    await Promise.all(orphans.map((path) => this.storage.remove(path)));
    return orphans.length;
  }
}
