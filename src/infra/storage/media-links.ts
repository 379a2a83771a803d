import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PATH_PATTERN, publicRoot } from './local-storage.adapter.js';

/** Signed links are served here, outside /public, so they never reveal a file's permanent path. */
export const SIGNED_MEDIA_PREFIX = '/media';

/** A link that opened: the storage path it names and that file's absolute path, inside the media root. */
export type OpenedLink = { path: string; absolute: string } | { error: 'ERR_MEDIA_LINK_INVALID' | 'ERR_MEDIA_LINK_EXPIRED' };

/**
 * The absolute path of a stored file, or null when `path` is not one: it must have the shape storage gives its files
 * (`company{id}/{hex}.{ext}`: no `..`, no absolute path, no other folder) and resolve inside `root`.
 */
export function confinedPath(root: string, path: string): string | null {
  if (!PATH_PATTERN.test(path) || isAbsolute(path)) return null;
  const base = resolve(root);
  const absolute = resolve(base, path);
  return absolute.startsWith(base + sep) ? absolute : null;
}

/** Whether the file, with every symbolic link on the way resolved, still lies inside `root` (false when missing). */
export async function staysInside(root: string, absolute: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(absolute)]);
    return realFile.startsWith(realRoot + sep);
  } catch {
    return false;
  }
}

/**
 * Links to stored media for integrations (webhook, n8n, Typebot): the storage path and an expiry sealed with
 * AES-256-GCM under the install's key. The tag signs both, so a link cannot be altered or extended, and the path
 * stays hidden, so the holder of an expired link cannot derive the file's permanent /public address from it.
 */
@Injectable()
export class MediaLinks {
  private readonly key: Buffer;
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = createHash('sha256').update(config.media.linkSecret).digest();
    this.root = publicRoot(config);
  }

  /** An absolute URL when the public address is configured; a root-relative one otherwise. */
  url(path: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.config.media.linkTtlSeconds;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(`${expires}:${path}`, 'utf8'), cipher.final()]);
    const token = Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    const relative = `${SIGNED_MEDIA_PREFIX}/${token}`;
    return this.config.publicUrl ? new URL(relative, this.config.publicUrl).toString() : relative;
  }

  open(token: string, now = Date.now()): OpenedLink {
    const raw = /^[A-Za-z0-9_-]{40,400}$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
    if (raw.length < 12 + 16 + 1) return { error: 'ERR_MEDIA_LINK_INVALID' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
      const [expires, ...rest] = plain.split(':');
      if (Number(expires) * 1000 < now) return { error: 'ERR_MEDIA_LINK_EXPIRED' };
      // Sealed by this server, so never hostile today; confined anyway, should a bug or a leaked key ever forge one.
      const path = rest.join(':');
      const absolute = confinedPath(this.root, path);
      return absolute ? { path, absolute } : { error: 'ERR_MEDIA_LINK_INVALID' };
    } catch {
      return { error: 'ERR_MEDIA_LINK_INVALID' };
    }
  }
}
