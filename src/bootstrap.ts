import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from './config/app-config.js';
import { AppModule } from './app.module.js';
import { APP_FACTORY_OPTIONS, configureApp } from './configure-app.js';

/** Creates, configures and starts the HTTP server. */
export async function bootstrap(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { ...APP_FACTORY_OPTIONS, bufferLogs: true });
  configureApp(app, config);
  await app.listen(config.port, '0.0.0.0');
  return app;
}
