import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';

/** Answers whether a request with this Origin (and Host) may be served. */
export type OriginCheck = (origin: string | undefined, host: string | undefined) => boolean;

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/**
 * In production only the configured public origin (PUBLIC_URL), or the server's own host when none is configured,
 * may call the API or open a socket from a browser. A request without Origin is not a cross-site browser request
 * (API clients, same-origin navigations) and passes. Outside production everything passes, for dev servers.
 */
export function originCheck(config: AppConfig): OriginCheck {
  if (!config.isProduction) return () => true;
  const allowed = config.publicUrl ? new URL(config.publicUrl).origin : null;
  return (origin, host) => !origin || (allowed ? origin === allowed : hostOf(origin) === host);
}

/** Refuses API calls from other origins with 403, before anything else runs. */
export function refuseOtherOrigins(check: OriginCheck) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (check(req.headers.origin, req.headers.host)) {
      next();
      return;
    }
    res.status(403).json({ error: 'ERR_ORIGIN_NOT_ALLOWED', message: 'Requests from this origin are not accepted' });
  };
}
