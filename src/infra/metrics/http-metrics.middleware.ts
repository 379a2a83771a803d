import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { httpMetrics } from './instruments.js';

/** Requests no route matched (404s, the browser app's files): one series, never the raw path. */
const UNMATCHED = 'unmatched';

/**
 * Times every request and counts those in flight. The route label is Express's route template
 * (`/api/tickets/:ticketId`), known once the router matched it, read when the response ends.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    httpMetrics.inFlight.inc();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      httpMetrics.inFlight.dec();
      const path = (req.route as { path?: unknown } | undefined)?.path;
      // Nest's own catch-all (`*path`) answers the 404 of every unknown address.
      const route = typeof path === 'string' && !path.includes('*') ? path : UNMATCHED;
      httpMetrics.duration.observe({ method: req.method, route, status: res.statusCode }, (performance.now() - started) / 1000);
    };
    res.once('finish', end);
    res.once('close', end);
    next();
  }
}
