// The in-process app the channel benchmarks drive: a seeded scratch database, simulated connections up, admin sockets.
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { io } from 'socket.io-client';
import { AppModule } from '../../dist/src/app.module.js';
import { ChannelManager } from '../../dist/src/channels/channel-manager.js';
import { SimulatorProviderFactory } from '../../dist/src/channels/simulator/simulator-provider.factory.js';
import { loadConfig } from '../../dist/src/config/app-config.js';
import { APP_FACTORY_OPTIONS, configureApp } from '../../dist/src/configure-app.js';
import { dropScratch, scratch, sql } from './lib.mjs';

/**
 * Starts the app (`env` added to its environment, config `overrides` on top) on a scratch database filled by
 * `seed(dbUrl)` and waits until every seeded connection is up.
 */
export async function startBenchApp(prefix, seed, overrides = {}, env = {}) {
  const { dbName, dbUrl, dataDir } = await scratch(prefix);
  await seed(dbUrl);
  const config = loadConfig(
    // METRICS_PORT / METRICS_TOKEN: curl the app's /metrics while a benchmark runs.
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REDIS_URL: process.env.REDIS_URL,
      METRICS_PORT: process.env.METRICS_PORT,
      METRICS_TOKEN: process.env.METRICS_TOKEN,
      ...env,
    },
    { databaseUrl: dbUrl, redisPrefix: dbName, port: 0, demoData: false, ...overrides },
  );
  const app = await NestFactory.create(AppModule.forRoot(config), { ...APP_FACTORY_OPTIONS, logger: false });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const sockets = [];
  const close = async () => {
    for (const socket of sockets) socket.close();
    await app.close();
    await dropScratch(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const manager = app.get(ChannelManager);
    const { rows: connections } = await sql(dbUrl, 'select id, company_id from whatsapps order by id');
    const deadline = Date.now() + 20000;
    while (!connections.every((c) => manager.isConnected(c.id))) {
      if (Date.now() > deadline) throw new Error('connections did not come up');
      await new Promise((r) => setTimeout(r, 50));
    }
    /** Logs in as `email` and returns a socket that joined the company's notification rooms. */
    const adminSocket = async (email, password) => {
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = await res.json();
      const socket = io(baseUrl, { path: '/socket.io', query: { token }, transports: ['websocket'], forceNew: true });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      socket.emit('joinNotification');
      sockets.push(socket);
      return socket;
    };
    return { app, baseUrl, dbUrl, dataDir, connections, simulator: app.get(SimulatorProviderFactory), adminSocket, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs a benchmark body and exits with its outcome, always closing the app. */
export function runBench(body) {
  body().then(
    () => process.exit(0),
    (error) => {
      console.error('benchmark failed:', error);
      process.exit(1);
    },
  );
}
