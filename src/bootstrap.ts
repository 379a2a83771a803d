import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig, servesSockets } from './config/app-config.js';
import { AppModule } from './app.module.js';
import { recordServerAddress } from './config/server-address.js';
import { APP_FACTORY_OPTIONS, configureApp } from './configure-app.js';
import { useWorkersOf } from './infra/jobs/bull.js';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter.js';
import { workerRoutesOnly } from './infra/roles/worker-routes.js';

/** Creates, configures and starts the HTTP server (with ROLE=worker: only its health and the simulated phones). */
export async function bootstrap(config: AppConfig): Promise<NestExpressApplication> {
  useWorkersOf(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { ...APP_FACTORY_OPTIONS, bufferLogs: true });
  if (config.role === 'worker') app.use(workerRoutesOnly);
  configureApp(app, config);
  // Behind the compose file's reverse proxy the client address comes from X-Forwarded-For (login throttling uses it).
  if (config.trustProxy !== 'loopback')
    app.set(
      'trust proxy',
      config.trustProxy.split(',').map((part) => part.trim()),
    );
  // A worker's events reach the API processes' sockets through the Redis adapter; it accepts none itself.
  if (!servesSockets(config)) app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl, config.redisPrefix, {}, true));
  await app.listen(config.port, '0.0.0.0');
  if (!config.isProduction) {
    const server = app.getHttpServer();
    const { port } = server.address() as AddressInfo;
    // `npm run simulate` and `npm run pay` read it: PORT may have been given to this command only.
    recordServerAddress(config.dataDir, port, (listener) => server.once('close', listener));
  }
  return app;
}
