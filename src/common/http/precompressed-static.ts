import type { NextFunction, Request, Response } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

/** Hashed build output: the name changes with the content, so a year of caching is safe. */
const IMMUTABLE = /^\/assets\//;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
] as const;

const accepts = (header: string | undefined, token: string) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === token && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });

/** The cache policy of a built file: a year, immutable, for hashed assets; pages revalidated; an hour for the rest. */
export function cacheControlFor(path: string): string {
  if (IMMUTABLE.test(path)) return 'public, max-age=31536000, immutable';
  return path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600';
}

/**
 * Serves the brotli or gzip copy the build wrote beside a text asset when the browser accepts it (see
 * admin/compress-plugin.ts); anything else falls through to the plain static handler. The request path is resolved
 * inside `root` and only files the build wrote are sent.
 */
export function precompressedStatic(root: string) {
  const base = resolve(root);
  /** The compressed copy to send for this request, or null to let the plain static handler answer. */
  const pick = (req: Request): { file: string; type: string; encoding: (typeof ENCODINGS)[number] } | null => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const type = TYPES[extname(req.path)];
    if (!type) return null;
    let file: string;
    try {
      file = resolve(base, `.${decodeURIComponent(req.path)}`);
    } catch {
      return null;
    }
    if (!file.startsWith(base + sep)) return null;
    const encoding = ENCODINGS.find(
      (e) => accepts(req.headers['accept-encoding'], e.token) && existsSync(file + e.suffix) && statSync(file + e.suffix).isFile(),
    );
    return encoding ? { file, type, encoding } : null;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const chosen = pick(req);
    if (!chosen) {
      next();
      return;
    }
    const { file, type, encoding } = chosen;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding.token);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControlFor(req.path));
    res.sendFile(file + encoding.suffix, { dotfiles: 'deny', lastModified: true, cacheControl: false }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
