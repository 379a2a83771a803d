import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig, redisPrefixFor } from '../config/app-config.js';
import { closeRedis, createRedis } from '../infra/redis/redis.module.js';
import { unlockLogin } from '../modules/auth/login-throttle.js';
import { ensureDatabase } from '../infra/database/ensure-database.js';
import { initOrm, migrateUp } from '../orm.js';
import { MIGRATE_USAGE, migrateStorageCommand } from '../infra/storage/migrate-command.js';
import { resolveDatabase } from '../infra/database/resolve-database.js';
import { createSuperUser } from '../modules/companies/super-user.seed.js';
import { seedDemoData } from '../modules/companies/demo-data.seed.js';

const USAGE = `Usage: npm run cli -- <command>
  migrate                      run pending migrations
  migration:create [name]      write a migration for the entity changes
  seed-demo                    seed demo data into an empty database
  create-super-user --email E --password P [--name N] [--company C]
  unlock-login --email E       clear the failed-login locks of an account (every address)
  ${MIGRATE_USAGE}`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  // Files only: no database.
  if (command === 'storage:migrate') {
    process.exitCode = await migrateStorageCommand(config, rest);
    return;
  }
  const db = await resolveDatabase(process.env.DATABASE_URL, config.dataDir, console.log);
  await ensureDatabase(db.url);
  const orm = await initOrm(db.url);
  try {
    switch (command) {
      case 'migrate':
        console.log('Applied:', (await migrateUp(orm)).join(', ') || 'nothing pending');
        break;
      case 'migration:create': {
        const result = await orm.migrator.create('migrations', false, false, rest[0]);
        console.log(result.fileName ? `Created migrations/${result.fileName}; add it to migrations/index.ts` : 'No changes');
        break;
      }
      case 'seed-demo':
        console.log((await seedDemoData(orm.em.fork())) ? 'Demo data seeded' : 'Database not empty: nothing seeded');
        break;
      case 'create-super-user': {
        const { values } = parseArgs({
          args: rest,
          options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, company: { type: 'string' } },
        });
        if (!values.email || !values.password) throw new Error('--email and --password are required');
        const user = await createSuperUser(orm.em.fork(), {
          email: values.email,
          password: values.password,
          name: values.name ?? 'Super',
          companyName: values.company ?? 'Plataforma',
        });
        console.log(`Super user ${user.email} (id ${user.id}) ready`);
        break;
      }
      case 'unlock-login': {
        const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } } });
        if (!values.email) throw new Error('--email is required');
        // The server's Redis and key prefix: REDIS_PREFIX, or the one derived from the database it uses.
        const redis = createRedis({ ...config, redisPrefix: process.env.REDIS_PREFIX ? config.redisPrefix : redisPrefixFor(db.url) });
        try {
          const cleared = await unlockLogin(redis, values.email);
          console.log(cleared ? `Login of ${values.email} unlocked (${cleared} counter(s) cleared)` : `No login lock for ${values.email}`);
        } finally {
          await closeRedis(redis);
        }
        break;
      }
      default:
        console.log(USAGE);
        process.exitCode = 1;
    }
  } finally {
    await orm.close();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
