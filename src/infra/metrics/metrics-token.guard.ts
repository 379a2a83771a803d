import { type CanActivate, type ExecutionContext, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/metrics` on the main port answers only `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the
 * route does not exist there (metrics are then served on METRICS_PORT only, or not at all).
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.metrics.token;
    if (!expected) throw new NotFoundException('Cannot GET /metrics');
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || !sameSecret(token, expected)) throw new UnauthorizedException('A valid metrics token is required');
    return true;
  }
}
