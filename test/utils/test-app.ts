import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EntityManager } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type AppConfig, type AutomationConfig, loadConfig } from '../../src/config/app-config.js';
import { APP_FACTORY_OPTIONS, configureApp } from '../../src/configure-app.js';
import { cloneTemplate, dropDatabase, uniqueName } from './test-database.js';
import { ownBucket, storageEnv } from './test-buckets.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  /** supertest bound to the running server */
  http: () => ReturnType<typeof request>;
  /** an entity manager outside any tenant scope, for factories */
  em: () => EntityManager;
  close: () => Promise<void>;
  /** Stops the server and starts a new one on the same database, Redis prefix and data dir (a process restart). */
  restart: () => Promise<TestApp>;
  /** A second app on the same database, Redis prefix and data dir, beside this one (another API process); close it first. */
  sibling: (overrides?: Partial<AppConfig>) => Promise<TestApp>;
}

const OFFLINE_WHATSAPP = 'ws://127.0.0.1:1/ws/chat';
const OFFLINE_GRAPH_API = 'http://127.0.0.1:1';

/** Config overrides; `automation` may name only the fields a test points at its fakes. */
export type TestAppOverrides = Partial<Omit<AppConfig, 'automation'>> & { automation?: Partial<AutomationConfig> };

/** The real app (same configureApp as main.ts) on a cloned database, its own Redis prefix and data dir. */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const db = await cloneTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'app-test-'));
  const { automation, ...rest } = overrides;
  const config = loadConfig(
    // STORAGE=s3 and its S3_* settings (the e2e global setup's S3 server) pass through: media goes to a bucket.
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL, ...storageEnv() },
    // WhatsApp sessions connect to a closed local port: tests never reach WhatsApp's servers, and a session the test
    // ends leaves no socket waiting on the network behind it.
    {
      databaseUrl: db.url,
      redisPrefix: uniqueName('test'),
      port: 0,
      demoData: false,
      whatsappWebSocketUrl: OFFLINE_WHATSAPP,
      // Tests change rows behind the app's back (a plan's flag, a due date); the suites of the cache turn it on.
      authContextCacheMs: 0,
      ...rest,
    },
  );
  config.automation = { ...config.automation, ...automation };
  // Cloud API connections call a closed local port unless a test points them at its Graph API fake.
  config.channels.cloudApi ??= { graphBaseUrl: OFFLINE_GRAPH_API, graphVersion: DEFAULT_GRAPH_VERSION };
  if (config.channels.cloudApi.graphBaseUrl.startsWith('https://graph.facebook.com'))
    config.channels.cloudApi = { ...config.channels.cloudApi, graphBaseUrl: OFFLINE_GRAPH_API };
  // A bucket of its own, as it has a data dir of its own: the media sweep of one app never sees another's files.
  if (config.storage.driver === 's3') config.storage = { ...config.storage, s3: await ownBucket(config.storage.s3!) };
  return startApp(config, db.name, dataDir);
}

async function startApp(config: AppConfig, dbName: string, dataDir: string): Promise<TestApp> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { ...APP_FACTORY_OPTIONS, logger: false, bufferLogs: false });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const rootEm = app.get(EntityManager);
  return {
    app,
    config,
    baseUrl,
    http: () => request(baseUrl),
    em: () => rootEm.fork({ clear: true }),
    close: async () => {
      await app.close();
      await dropDatabase(dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async () => {
      await app.close();
      return startApp(config, dbName, dataDir);
    },
    sibling: async (overrides = {}) => {
      const other = await startApp({ ...config, ...overrides }, dbName, dataDir);
      return { ...other, close: () => other.app.close() };
    },
  };
}
