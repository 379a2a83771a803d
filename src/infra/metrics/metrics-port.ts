import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MetricsCollectors } from './metrics-collectors.js';

/**
 * METRICS_PORT: a second listener that serves `GET /metrics` only, without a token, for a scraper on a private
 * network (the compose file's Prometheus). Nothing else of the app is reachable through it.
 */
@Injectable()
export class MetricsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    private readonly collectors: MetricsCollectors,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The port it listens on (tests ask for port 0), or null without METRICS_PORT. */
  port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === null) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.collectors.exposition().then(
        (body) => res.writeHead(200, { 'Content-Type': this.collectors.contentType, 'Cache-Control': 'no-store' }).end(body),
        (error: unknown) => {
          this.logger.warn(`scrape failed: ${String(error)}`);
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on port ${this.port()}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  }
}
