import type { CookieOptions, Request, Response } from 'express';

export const REFRESH_COOKIE = 'jrt';

function options(req: Request, maxAgeMs: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/api/auth', maxAge: maxAgeMs };
}

export function setRefreshCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.cookie(REFRESH_COOKIE, token, options(req, maxAgeSeconds * 1000));
}

export function clearRefreshCookie(req: Request, res: Response): void {
  res.clearCookie(REFRESH_COOKIE, { ...options(req, 0), maxAge: undefined });
}

export function readRefreshCookie(req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value ? value : null;
}
