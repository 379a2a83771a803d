import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config.js';
import { confinedPath, staysInside } from './confined-path.js';
import { MediaLinks } from './media-links.js';

const SECRET = 'media-link-secret-for-tests';

/** A link sealed with the install's key around any payload: what a leaked key or a bug could produce. */
function forge(payload: string): string {
  const key = createHash('sha256').update(SECRET).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

describe('media links', () => {
  let dataDir: string;
  let links: MediaLinks;
  const later = () => Math.floor(Date.now() / 1000) + 600;
  const stored = `company1/${'a'.repeat(32)}.png`;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'media-links-'));
    links = new MediaLinks({ dataDir, publicUrl: null, media: { linkSecret: SECRET, linkTtlSeconds: 600, maxUploadBytes: 1 } } as unknown as AppConfig);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens its own links to the stored path they name', () => {
    const token = links.url(stored).split('/').pop()!;
    expect(links.open(token)).toEqual({ path: stored });
  });

  it.each([
    ['a parent folder', '../../etc/passwd'],
    ['a parent folder inside a company path', `company1/../../${'a'.repeat(32)}.png`],
    ['an absolute path', '/etc/passwd'],
    ['a Windows-style path', `company1\\..\\${'a'.repeat(32)}.png`],
    ['another folder', `secrets/${'a'.repeat(32)}.png`],
    ['a dot file', 'company1/.env'],
    ['an empty path', ''],
  ])('refuses a validly sealed link whose path is %s', (_name, path) => {
    expect(links.open(forge(`${later()}:${path}`))).toEqual({ error: 'ERR_MEDIA_LINK_INVALID' });
  });

  it('confines local paths to the root, and follows symbolic links only while they stay inside it', async () => {
    const root = join(dataDir, 'public');
    expect(confinedPath(root, stored)).toBe(join(root, stored));
    expect(confinedPath(root, '../public/x')).toBeNull();

    const outside = join(dataDir, 'outside.png');
    writeFileSync(outside, 'secret');
    mkdirSync(join(root, 'company1'), { recursive: true });
    writeFileSync(join(root, stored), 'image');
    const escaping = `company1/${'b'.repeat(32)}.png`;
    symlinkSync(outside, join(root, escaping));
    expect(await staysInside(root, join(root, stored))).toBe(true);
    expect(await staysInside(root, join(root, escaping))).toBe(false);
    expect(await staysInside(root, join(root, `company1/${'c'.repeat(32)}.png`))).toBe(false);
  });
});
