import { describe, expect, it } from '@jest/globals';
import { classifyClose } from './close-classifier.js';

/** Baileys closes with a Boom; only `output.statusCode` and the message are read. */
function closedWith(statusCode: number, message = 'closed') {
  return { error: Object.assign(new Error(message), { output: { statusCode } }), date: new Date() };
}

describe('classifyClose', () => {
  it.each([401, 403, 406, 411])('treats %i as logged out', (code) => {
    const info = classifyClose(closedWith(code));
    expect(info).toMatchObject({ loggedOut: true, statusCode: code });
    expect(info.reason).toContain(String(code));
  });

  it.each([515, 428, 408, 440, 500, 503, 502])('treats %i as transient', (code) => {
    expect(classifyClose(closedWith(code))).toMatchObject({ loggedOut: false, statusCode: code });
  });

  it('gives readable reasons', () => {
    expect(classifyClose(closedWith(401)).reason).toBe('logged out from the phone (401)');
    expect(classifyClose(closedWith(515)).reason).toBe('restart required (515)');
  });

  it('treats a close without a status code as transient', () => {
    expect(classifyClose(undefined)).toEqual({ loggedOut: false, reason: 'connection closed' });
    expect(classifyClose({ error: new Error('socket hang up'), date: new Date() })).toEqual({ loggedOut: false, reason: 'socket hang up' });
  });
});
