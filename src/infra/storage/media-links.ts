import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PATH_PATTERN } from './stored-path.js';

/** Signed links are served here, outside /public, so they never reveal a file's permanent path. */
export const SIGNED_MEDIA_PREFIX = '/media';

/** A link that opened: the storage path it names (a generated one, whatever storage keeps it). */
export type OpenedLink = { path: string } | { error: 'ERR_MEDIA_LINK_INVALID' | 'ERR_MEDIA_LINK_EXPIRED' };

/**
 * Links to stored media for integrations (webhook, n8n, Typebot): the storage path and an expiry sealed with
 * AES-256-GCM under the install's key. The tag signs both, so a link cannot be altered or extended, and the path
 * stays hidden, so the holder of an expired link cannot derive the file's permanent /public address from it.
 */
@Injectable()
export class MediaLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = createHash('sha256').update(config.media.linkSecret).digest();
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
      // Sealed by this server, so never hostile today; checked anyway, should a bug or a leaked key ever forge one.
      // The local disk also confines it to the media folder (serve-media.ts).
      const path = rest.join(':');
      return PATH_PATTERN.test(path) ? { path } : { error: 'ERR_MEDIA_LINK_INVALID' };
    } catch {
      return { error: 'ERR_MEDIA_LINK_INVALID' };
    }
  }
}
