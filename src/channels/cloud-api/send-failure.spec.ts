import { describe, expect, it } from '@jest/globals';
import { sendFailureOf } from './send-failure.js';

describe('sendFailureOf', () => {
  it("keeps Meta's code, title and details beside the catalogued code", () => {
    expect(sendFailureOf({ error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed.' } })).toEqual({
      code: 'ERR_CLOUD_WINDOW_CLOSED',
      detail: '131047 Re-engagement message: More than 24 hours have passed.',
    });
    expect(sendFailureOf({ error: { code: 131026, title: 'Message undeliverable', details: null } })).toEqual({
      code: 'ERR_CLOUD_UNDELIVERABLE',
      detail: '131026 Message undeliverable',
    });
  });

  it('is a generic failure for an unknown code or a status without errors', () => {
    expect(sendFailureOf({ error: { code: 131000, title: 'Something went wrong', details: null } }).code).toBe('ERR_CLOUD_SEND_FAILED');
    expect(sendFailureOf({})).toEqual({ code: 'ERR_CLOUD_SEND_FAILED', detail: 'failed' });
  });
});
