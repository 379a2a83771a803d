import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'app-secret-1';
const body = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [] }));

describe('webhook signature', () => {
  it('signs as Meta does: sha256= and the hex HMAC-SHA256 of the raw body', () => {
    expect(signWebhook(body, SECRET)).toBe(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`);
  });

  it('accepts the signature of the exact bytes, in either hex case', () => {
    const header = signWebhook(body, SECRET);
    expect(verifyWebhookSignature(body, header, SECRET)).toBe(true);
    expect(verifyWebhookSignature(body, `sha256=${header.slice(7).toUpperCase()}`, SECRET)).toBe(true);
  });

  it('refuses a missing, empty or malformed header', () => {
    const hex = signWebhook(body, SECRET).slice(7);
    for (const header of [undefined, '', 'sha256=', hex, `sha1=${hex}`, `sha256=${hex.slice(2)}`, `sha256=${hex}00`, `sha256=${'z'.repeat(64)}`]) {
      expect(verifyWebhookSignature(body, header, SECRET)).toBe(false);
    }
  });

  it('refuses a wrong signature, another secret, and an altered body', () => {
    const header = signWebhook(body, SECRET);
    expect(verifyWebhookSignature(body, `sha256=${'0'.repeat(64)}`, SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signWebhook(body, 'another-secret'), SECRET)).toBe(false);
    const altered = Buffer.from(body.toString().replace('[]', '[{}]'));
    expect(verifyWebhookSignature(altered, header, SECRET)).toBe(false);
    // The same JSON serialised again with other spacing is other bytes: only the raw body verifies.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(verifyWebhookSignature(reserialised, header, SECRET)).toBe(false);
  });

  it('refuses everything when the connection has no app secret', () => {
    expect(verifyWebhookSignature(body, signWebhook(body, ''), '')).toBe(false);
  });
});
