import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { migrationsList } from '../migrations/index.js';
import { ENTITIES } from './entities.js';

/** One ORM configuration for the app, the CLI and the tests. */
export function createOrmConfig(databaseUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    forceUtcTimezone: true,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: 'migrations',
      pathTs: 'migrations',
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: true,
      snapshotOnMigrate: false,
      snapshotName: '.snapshot',
      emit: 'ts',
    },
    pool: { min: 0, max: Number(process.env.DB_POOL_MAX ?? 10) },
    debug: false,
    ...overrides,
  });
}
