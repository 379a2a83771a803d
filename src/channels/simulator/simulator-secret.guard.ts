import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appError } from '../../common/errors/app-error.js';

export const SIMULATOR_SECRET_HEADER = 'x-simulator-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The fake phone's own credential: the development secret in the data directory. A script that plays the
 * customer then needs no user login, which would end the browser session of that user (one session per user).
 */
@Injectable()
export class SimulatorSecretGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const presented = context.switchToHttp().getRequest<Request>().header(SIMULATOR_SECRET_HEADER);
    const secret = this.config.simulatorSecret;
    if (!secret || !presented || !timingSafeEqual(digest(presented), digest(secret))) {
      throw appError('ERR_SIMULATOR_SECRET', `The ${SIMULATOR_SECRET_HEADER} header must carry the secret in the data directory (simulator-secret)`);
    }
    return true;
  }
}
