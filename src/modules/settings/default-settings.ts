import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SETTINGS } from '../../shared/settings.js';
import type { Company } from '../companies/company.entity.js';
import { Setting } from './setting.entity.js';

/** Persists (without flushing) the default settings of a new company. */
export function createDefaultSettings(em: EntityManager, company: Company): Setting[] {
  return Object.entries(DEFAULT_SETTINGS).map(([key, value]) => em.create(Setting, { company, key, value }));
}
