import { Injectable } from '@nestjs/common';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import { SettingsRepository } from './settings.repository.js';

const TTL_MS = 5000;

/** Settings read on hot paths (every inbound message), kept for a few seconds per company. */
@Injectable()
export class CompanySettingsCache {
  private readonly entries = new Map<number, { at: number; values: Map<string, string> }>();

  constructor(private readonly repository: SettingsRepository) {}

  async get(companyId: number, key: string): Promise<string | null> {
    let entry = this.entries.get(companyId);
    if (!entry || Date.now() - entry.at > TTL_MS) {
      const rows = await this.repository.companyValues(companyId);
      entry = { at: Date.now(), values: new Map(rows.map((r) => [r.key, r.value])) };
      this.entries.set(companyId, entry);
    }
    return entry.values.get(key) ?? DEFAULT_SETTINGS[key] ?? null;
  }

  /** Called after a write in this process so the change applies at once here. */
  forget(companyId: number): void {
    this.entries.delete(companyId);
  }
}
