import 'reflect-metadata';
import { Redis } from 'ioredis';
import { bootstrap } from '../bootstrap.js';
import { describeDatabase, loadConfig, redisPrefixFor } from '../config/app-config.js';
import { EnvValidationError } from '../config/env.schema.js';
import { ensureDatabase } from '../infra/database/ensure-database.js';
import { initOrm, migrateUp } from '../orm.js';
import { resolveDatabase } from '../infra/database/resolve-database.js';
import { randomBytes } from 'node:crypto';
import { CLOUD_SECRETS_CONTEXT } from '../channels/cloud-api/cloud-credentials.repository.js';
import { startDemoGraphApi, wantsDemoGraphApi } from '../channels/cloud-api/demo-graph-api.js';
import type { FakeGraphApi } from '../channels/cloud-api/fake-graph-api.js';
import { SecretBox } from '../common/crypto/secret-box.js';
import {
  DEMO_ACCOUNTS,
  DEMO_CLOUD_CONNECTION,
  demoAccountsPresent,
  demoCloudConnectionId,
  hasNoUsers,
  seedDemoData,
} from '../modules/companies/demo-data.seed.js';
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
  // The demo's second connection is a Cloud API one on a local fake of Meta's Graph API, run in this process.
  const demoCloud = wantsDemoGraphApi(config, process.env);
  const box = new SecretBox(config.secretsKey, CLOUD_SECRETS_CONTEXT);
  const cloudSeed = demoCloud ? { seal: (secret: string) => box.seal(secret), verifyToken: randomBytes(24).toString('base64url') } : undefined;
  if (config.demoData && (await seedDemoData(orm.em.fork(), { cloud: cloudSeed }))) {
    log('demo data seeded');
  } else if (await hasNoUsers(orm.em.fork())) {
    log('no users yet: create the super user with `npm run cli -- create-super-user --email you@example.com --password ...`');
  }
  const demoAccounts = config.demoData ? await demoAccountsPresent(orm.em.fork()) : [];
  const demoCloudId = demoCloud ? await demoCloudConnectionId(orm.em.fork()) : null;
  await orm.close();

  if (!(await redisAnswers(config.redisUrl))) {
    console.error(
      `Redis is not reachable at ${config.redisUrl}.\n` +
        'Start one with `redis-server --daemonize yes` (or `docker compose up -d redis`), or point REDIS_URL at a running Redis.',
    );
    await db.stop();
    process.exit(1);
  }
  let fake: FakeGraphApi | null = null;
  let served = config;
  if (demoCloudId !== null) {
    fake = await startDemoGraphApi(config, demoCloudId);
    served = { ...config, channels: { ...config.channels, cloudApi: { graphBaseUrl: fake.baseUrl, graphVersion: fake.version } } };
    log(`"${DEMO_CLOUD_CONNECTION}" talks to a local fake of the WhatsApp Cloud API at ${fake.baseUrl} (npm run simulate -- --cloud ...)`);
  }
  const app = await bootstrap(served);
  if (db.embedded) app.getHttpServer().on('close', () => void db.stop());
  if (fake) app.getHttpServer().on('close', () => void fake.close());
  log(`listening on http://localhost:${config.port}/ (API under /api, docs at /api/docs)`);
  // Last, so that they are what a newcomer sees: nothing logs after the start but requests.
  for (const account of demoAccounts) log(`demo ${DEMO_ROLE_NAMES[account.role]}: ${account.email} / ${account.password}`);
}

start().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : error);
  process.exit(1);
});
