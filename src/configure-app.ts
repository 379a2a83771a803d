import { type INestApplication, RequestMethod, ValidationPipe } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config.js';
import { WEBHOOK_BODY_LIMIT } from './channels/cloud-api/webhook-events.js';
import { closeUnreadBody, continueOnRead } from './common/http/close-unread-body.js';
import { cacheControlFor, precompressedStatic } from './common/http/precompressed-static.js';
import { type OriginCheck, originCheck, refuseOtherOrigins } from './common/http/origin-policy.js';
import { HttpExceptionFilter } from './common/errors/http-exception.filter.js';
import { validationError } from './common/errors/validation.js';
import { InputRangePipe } from './common/pipes/input-range.pipe.js';
import { InputShapePipe } from './common/pipes/input-shape.pipe.js';
import { RedisIoAdapter } from './infra/realtime/redis-io.adapter.js';
import { MediaLinks } from './infra/storage/media-links.js';
import { mountMedia } from './infra/storage/serve-media.js';
import { StoragePort } from './infra/storage/storage.port.js';

const API_PREFIX = 'api';
const NOT_SPA = /^\/(api|socket\.io|public|media|metrics)(\/|$)/;
/** The build's hashed files: never answered with the SPA's index.html. */
const BUILD_ASSETS = /^\/assets\//;
/** JSON and form bodies are read before authentication, so they stay small; files go through the upload routes. */
const BODY_LIMIT = '100kb';
/** Meta's webhooks (CloudWebhookController): raw bytes, so nothing is parsed before their signature is checked. */
const CLOUD_WEBHOOK_PATH = `/${API_PREFIX}/cloud-api/:id/webhook`;

/**
 * Options of NestFactory.create that main.ts and the tests share. `rawBody`: payment webhooks are authenticated by a
 * signature over the exact bytes received (`RawBodyRequest.rawBody`); the parsed body is the same buffer's reading.
 */
export const APP_FACTORY_OPTIONS = { rawBody: true } as const;

/** Routes outside the /api prefix: Prometheus scrapes `/metrics`, the path every exporter uses (behind METRICS_TOKEN). */
export const UNPREFIXED_ROUTES = [{ path: 'metrics', method: RequestMethod.GET }];

/** Everything main.ts and the tests share: prefix, pipes, filters, security headers, docs, sockets, the browser app. */
export function configureApp(app: INestApplication, config: AppConfig): INestApplication {
  const expressApp = app as NestExpressApplication;
  expressApp.useLogger(app.get(Logger));
  expressApp.set('trust proxy', 'loopback');
  expressApp.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  expressApp.use(closeUnreadBody);
  continueOnRead(expressApp.getHttpServer());
  keepIdleConnectionsLonger(expressApp.getHttpServer());
  const allowOrigin = originCheck(config);
  if (config.isProduction) {
    expressApp.use(refuseOtherOrigins(allowOrigin));
    if (config.publicUrl) expressApp.enableCors({ origin: new URL(config.publicUrl).origin, credentials: true });
  }
  // Before the JSON parser, which then leaves the (already read) body alone; past the limit: 413 ERR_PAYLOAD_TOO_LARGE.
  // Named apart: the SQL placement check (test/unit/sql-placement.spec.ts) reads any `raw(` call as SQL.
  const bytesParser = express.raw;
  expressApp.use(CLOUD_WEBHOOK_PATH, bytesParser({ type: () => true, limit: WEBHOOK_BODY_LIMIT }));
  expressApp.useBodyParser('json', { limit: BODY_LIMIT });
  expressApp.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: true, parameterLimit: 200 });

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
    new InputShapePipe(),
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: validationError }),
    new InputRangePipe(),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  const socketOrigins = config.isProduction
    ? { cors: { origin: config.publicUrl ? new URL(config.publicUrl).origin : false, credentials: true }, allowRequest: socketOriginGate(allowOrigin) }
    : {};
  app.useWebSocketAdapter(new RedisIoAdapter(app, config.redisUrl, config.redisPrefix, socketOrigins));

  // The OpenAPI page maps every route: on by default outside production, opt-in (API_DOCS=true) in production.
  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Atendechat API').setVersion(config.version).addBearerAuth().build());
    SwaggerModule.setup(`${API_PREFIX}/docs`, app, document);
  }

  // Media under unguessable generated names, cached privately; signed, expiring links for integrations.
  mountMedia(expressApp, config, app.get(StoragePort), app.get(MediaLinks));
  serveBrowserApp(expressApp);
  return app;
}

/** socket.io's handshake (polling and WebSocket alike) passes the same origin check as the API. */
function socketOriginGate(check: OriginCheck) {
  return (req: IncomingMessage, callback: (error: string | null | undefined, allowed: boolean) => void) =>
    callback(null, check(req.headers.origin, req.headers.host));
}

/** The built browser app at `/`, with a fallback to index.html for client-side routes. */
function serveBrowserApp(app: NestExpressApplication): void {
  const root = resolve(process.cwd(), 'dist/admin');
  const index = resolve(root, 'index.html');
  // API and socket requests skip the file lookups (a stat each) that only browser files need.
  const filesOnly = (handler: (req: Request, res: Response, next: NextFunction) => void) => (req: Request, res: Response, next: NextFunction) =>
    NOT_SPA.test(req.path) ? next() : handler(req, res, next);
  app.use(filesOnly(precompressedStatic(root)));
  app.use(
    filesOnly(
      express.static(root, {
        index: false,
        cacheControl: false,
        setHeaders: (res, _path, stat) => {
          if (stat.isFile()) res.setHeader('Cache-Control', cacheControlFor(String((res.req as Request).path)));
        },
      }),
    ),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A hashed file the build did not write (a chunk of an older release) is a 404, so the page can tell it failed:
    // index.html in its place would be read as a script or a style sheet.
    if (req.method !== 'GET' || NOT_SPA.test(req.path) || BUILD_ASSETS.test(req.path) || !existsSync(index)) return next();
    // Always revalidated: it names the hashed files of the current release.
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/**
 * An idle keep-alive connection is closed by the client or the reverse proxy first (undici after 4 s, proxies after
 * 60 s), never by this server just as a client sends its next request on it: that request would fail with a reset
 * ("fetch failed") although nothing went wrong. Node's own default (5 s) races with busy clients.
 */
function keepIdleConnectionsLonger(server: import('node:http').Server): void {
  server.keepAliveTimeout = 65_000;
  // Must exceed the keep-alive timeout, or Node cuts a connection that waits for its next request's headers.
  server.headersTimeout = 66_000;
}
