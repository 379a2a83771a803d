import { type EntityMetadata, ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../database/tenant-scope.js';

/** A column that holds a storage path: text named `path` or `..._path` (media_path, stored_path). */
const PATH_COLUMN = /(^|_)path$/;

export interface PathColumns {
  entity: EntityMetadata;
  properties: string[];
}

/**
 * Every entity property that may point at a stored file, found in the ORM's metadata, so a new table that keeps an
 * upload is covered without being listed here.
 */
export function pathColumns(em: EntityManager): PathColumns[] {
  const found: PathColumns[] = [];
  for (const entity of em.getMetadata().getAll().values()) {
    if (entity.abstract || entity.embeddable || entity.virtual || !entity.class) continue;
    const properties = Object.values(entity.properties)
      .filter((prop) => prop.kind === ReferenceKind.SCALAR && prop.runtimeType === 'string' && prop.fieldNames?.length === 1)
      .filter((prop) => PATH_COLUMN.test(prop.fieldNames[0]!))
      .map((prop) => prop.name);
    if (properties.length) found.push({ entity, properties });
  }
  return found;
}

/**
 * The subset of `paths` (a request's uploads, in company `companyId`'s folder) that some committed row of that
 * company (or a global row) refers to: those were taken by the handler before it failed, and stay.
 */
export async function referencedUploads(em: EntityManager, companyId: number, paths: string[]): Promise<Set<string>> {
  const kept = new Set<string>();
  if (!paths.length) return kept;
  const scoped = forkForCompany(em, companyId);
  for (const { entity, properties } of pathColumns(em)) {
    const where = { $or: properties.map((name) => ({ [name]: { $in: paths } })) };
    const rows = await scoped.find(entity.class, where as never, { fields: properties as never[] });
    for (const row of rows as Record<string, unknown>[]) {
      for (const name of properties) if (typeof row[name] === 'string') kept.add(row[name]);
    }
  }
  return kept;
}
