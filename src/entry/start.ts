import 'reflect-metadata';
import { Redis } from 'ioredis';
import { bootstrap } from '../bootstrap.js';
import { describeDatabase, loadConfig, redisPrefixFor } from '../config/app-config.js';
import { EnvValidationError } from '../config/env.schema.js';
import { ensureDatabase } from '../infra/database/ensure-database.js';
import { initOrm, migrateUp } from '../orm.js';
import { resolveDatabase } from '../infra/database/resolve-database.js';
import { DEMO_ACCOUNTS, demoAccountsPresent, hasNoUsers, seedDemoData } from '../modules/companies/demo-data.seed.js';
import { REDIS_CLIENT_OPTIONS } from '../infra/redis/redis-client-options.js';

const log = (msg: string) => console.log(`[start] ${msg}`);

const DEMO_ROLE_NAMES: Record<keyof typeof DEMO_ACCOUNTS, string> = {
  super: 'super user',
  admin: 'company admin',
  attendant: 'attendant',
};

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { ...REDIS_CLIENT_OPTIONS, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** `npm start`: find or start Postgres, create the database, migrate, seed the demo, check Redis, serve. */
async function start(): Promise<void> {
  const base = loadConfig(process.env);
  const db = await resolveDatabase(process.env.DATABASE_URL, base.dataDir, log);
  const config = { ...base, databaseUrl: db.url, redisPrefix: process.env.REDIS_PREFIX ? base.redisPrefix : redisPrefixFor(db.url) };
  log(
    `database: ${describeDatabase(db.url)} (${db.embedded ? `embedded PostgreSQL under ${config.dataDir}` : process.env.DATABASE_URL ? 'DATABASE_URL' : 'local PostgreSQL on 127.0.0.1:5432'})`,
  );
  log(`redis: ${config.redisUrl}, key prefix "${config.redisPrefix}"; role: ${config.role}`);
  await ensureDatabase(db.url);
  const orm = await initOrm(db.url);
  const applied = await migrateUp(orm);
  log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database schema up to date');
  if (config.demoData && (await seedDemoData(orm.em.fork()))) {
    log('demo data seeded');
  } else if (await hasNoUsers(orm.em.fork())) {
    log('no users yet: create the super user with `npm run cli -- create-super-user --email you@example.com --password ...`');
  }
  const demoAccounts = config.demoData ? await demoAccountsPresent(orm.em.fork()) : [];
  await orm.close();

  if (!(await redisAnswers(config.redisUrl))) {
    console.error(
      `Redis is not reachable at ${config.redisUrl}.\n` +
        'Start one with `redis-server --daemonize yes` (or `docker compose up -d redis`), or point REDIS_URL at a running Redis.',
    );
    await db.stop();
    process.exit(1);
  }
  const app = await bootstrap(config);
  if (db.embedded) app.getHttpServer().on('close', () => void db.stop());
  log(`listening on http://localhost:${config.port}/ (API under /api, docs at /api/docs)`);
  // Last, so that they are what a newcomer sees: nothing logs after the start but requests.
  for (const account of demoAccounts) log(`demo ${DEMO_ROLE_NAMES[account.role]}: ${account.email} / ${account.password}`);
}

start().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : error);
  process.exit(1);
});
