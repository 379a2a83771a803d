import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config.js';
import { HttpExceptionFilter } from './common/errors/http-exception.filter.js';
import { validationError } from './common/errors/validation.js';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter.js';
import { publicRoot } from './infra/storage/local-storage.adapter.js';

const API_PREFIX = 'api';
const NOT_SPA = /^\/(api|socket\.io|public)(\/|$)/;

/** Everything main.ts and the tests share: prefix, pipes, filters, security headers, docs, sockets, the browser app. */
export function configureApp(app: INestApplication, config: AppConfig): INestApplication {
  const expressApp = app as NestExpressApplication;
  expressApp.useLogger(app.get(Logger));
  expressApp.set('trust proxy', 'loopback');
  expressApp.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX);

  // Help videos (YouTube players and thumbnails) and contact photos (WhatsApp's CDN) are the only outside content.
  const strictHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https://img.youtube.com', 'https://i.ytimg.com', 'https://*.whatsapp.net'],
        'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
      },
    },
  });
  const docsHelmet = helmet({ contentSecurityPolicy: false });
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/api/docs') ? docsHelmet : strictHelmet)(req, res, next));
  app.use(cookieParser());
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: validationError }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl, config.redisPrefix));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Atendechat API').setVersion(config.version).addBearerAuth().build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document);

  // Media under unguessable generated names; never an index, never a dotfile.
  expressApp.use('/public', express.static(publicRoot(config), { index: false, dotfiles: 'deny', fallthrough: false, maxAge: '7d' }));
  serveBrowserApp(expressApp);
  return app;
}

/** The built browser app at `/`, with a fallback to index.html for client-side routes. */
function serveBrowserApp(app: NestExpressApplication): void {
  const root = resolve(process.cwd(), 'dist/admin');
  const index = resolve(root, 'index.html');
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || NOT_SPA.test(req.path) || !existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
