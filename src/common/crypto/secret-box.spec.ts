import { describe, expect, it } from '@jest/globals';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('install-secret', 'cloud-api');

  it('opens what it sealed, and seals the same value differently each time', () => {
    const token = 'EAAG…a-long-meta-token';
    const first = box.seal(token);
    const second = box.seal(token);
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(box.open(first)).toBe(token);
    expect(box.open(second)).toBe(token);
  });

  it('refuses an altered value, another install, another purpose and junk', () => {
    const sealed = box.seal('segredo');
    // One bit of the ciphertext flipped (editing the last base64 character may only touch its padding bits).
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(box.open(`v1.${raw.toString('base64url')}`)).toBeNull();
    expect(new SecretBox('other-install', 'cloud-api').open(sealed)).toBeNull();
    expect(new SecretBox('install-secret', 'prompts').open(sealed)).toBeNull();
    for (const junk of ['', 'v1.', 'v2.abc', 'plain text', 'v1.AAAA']) expect(box.open(junk)).toBeNull();
  });
});
