import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './mikro-orm.config.js';

export async function initOrm(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init(createOrmConfig(databaseUrl));
}

/** Runs pending migrations; returns the names applied. */
export async function migrateUp(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
