import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets a tenant hands us (a Meta access token, an app secret) stored encrypted at rest: AES-256-GCM under a key
 * derived from the install's secret and the purpose, so a database dump alone reveals nothing and a value sealed for
 * one purpose does not open under another. The sealed form is `v1.` + base64url(iv | tag | ciphertext).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(installSecret: string, purpose: string) {
    this.key = createHmac('sha256', installSecret).update(`secret-box:${purpose}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain value, or null when the sealed form is not one of ours (altered, another key, another purpose). */
  open(sealed: string): string | null {
    const [version, data] = sealed.split('.', 2);
    if (version !== VERSION || !data) return null;
    const raw = Buffer.from(data, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
