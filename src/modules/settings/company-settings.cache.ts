import { Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import { SettingsRepository } from './settings.repository.js';

const TTL_MS = 5000;

/**
 * Settings read on hot paths (every inbound message), kept for a few seconds per company. Concurrent readers of a
 * missing or expired entry share one read, so a burst over many conversations costs one query, not one per message.
 */
@Injectable()
export class CompanySettingsCache {
  private readonly entries = new Map<number, { at: number; values: Promise<Map<string, string>> }>();

  constructor(private readonly repository: SettingsRepository) {}

  async get(companyId: number, key: string): Promise<string | null> {
    let entry = this.entries.get(companyId);
    if (!entry || Date.now() - entry.at > TTL_MS) {
      const read = { at: Date.now(), values: this.repository.companyValues(companyId).then((rows) => new Map(rows.map((r) => [r.key, r.value]))) };
      entry = read;
      this.entries.set(companyId, read);
      // A failed read is not kept: the next reader tries again.
      read.values.catch(() => {
        if (this.entries.get(companyId) === read) this.entries.delete(companyId);
      });
    }
    return (await entry.values).get(key) ?? DEFAULT_SETTINGS[key] ?? null;
  }

  /** Called after a write in this process so the change applies at once here. */
  forget(companyId: number): void {
    this.entries.delete(companyId);
  }
}
