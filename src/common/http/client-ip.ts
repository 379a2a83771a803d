import type { Request } from 'express';

/** The caller's address as Express resolves it (behind the configured proxies), for throttles and the audit trail. */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
