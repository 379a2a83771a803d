import { describe, expect, it } from '@jest/globals';
import { ERROR_STATUS } from '../../shared/error-codes.js';
import { cloudErrorCode, graphError, readGraphError, redactSecrets } from './cloud-api-errors.js';

const TOKEN = 'EAAJBsecretTOKEN123';

describe('Graph errors', () => {
  it.each([
    [131047, 'ERR_CLOUD_WINDOW_CLOSED'],
    [132000, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132001, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132005, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132007, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132012, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132015, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [132016, 'ERR_CLOUD_TEMPLATE_NOT_APPROVED'],
    [130429, 'ERR_CLOUD_RATE_LIMITED'],
    [131056, 'ERR_CLOUD_RATE_LIMITED'],
    [80007, 'ERR_CLOUD_RATE_LIMITED'],
    [190, 'ERR_CLOUD_TOKEN_EXPIRED'],
    [0, 'ERR_CLOUD_TOKEN_EXPIRED'],
    [200, 'ERR_CLOUD_TOKEN_EXPIRED'],
    [131026, 'ERR_CLOUD_UNDELIVERABLE'],
    [131051, 'ERR_CLOUD_BAD_PAYLOAD'],
    [100, 'ERR_CLOUD_BAD_PAYLOAD'],
    [131000, 'ERR_CLOUD_SEND_FAILED'],
  ])('maps Graph code %i to %s', (code, expected) => {
    expect(cloudErrorCode(code, 400)).toBe(expected);
  });

  it('falls back on the HTTP status when the body names no code', () => {
    expect(cloudErrorCode(null, 401)).toBe('ERR_CLOUD_TOKEN_EXPIRED');
    expect(cloudErrorCode(null, 429)).toBe('ERR_CLOUD_RATE_LIMITED');
    expect(cloudErrorCode(null, 500)).toBe('ERR_CLOUD_SEND_FAILED');
  });

  it('uses statuses that neither sign the user out nor read as an outage for the token', () => {
    expect(ERROR_STATUS.ERR_CLOUD_TOKEN_EXPIRED).toBe(424);
  });

  it('reads any body defensively', () => {
    expect(readGraphError(null)).toBeNull();
    expect(readGraphError({ error: 'x' })).toBeNull();
    expect(readGraphError({ error: { code: '190', message: 5 } })).toEqual({
      code: null,
      subcode: null,
      type: null,
      message: 'no message',
      details: null,
      fbtraceId: null,
    });
  });

  it('builds an AppError with Meta’s code and trace id, never the token', () => {
    const body = {
      error: {
        message: `(#190) Error validating access token ${TOKEN}`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: 'AbC123',
        error_data: { messaging_product: 'whatsapp', details: `token ${TOKEN} expired` },
      },
    };
    const error = graphError('Graph POST messages', 401, body, [TOKEN]);
    expect(error).toMatchObject({ code: 'ERR_CLOUD_TOKEN_EXPIRED', status: 424, extra: { graphCode: 190, fbtraceId: 'AbC123' } });
    expect(error.message).toContain('Graph POST messages answered 401');
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error.extra)).not.toContain(TOKEN);
  });

  it('redacts every occurrence of every secret', () => {
    expect(redactSecrets(`a ${TOKEN} b ${TOKEN} c s3cr3t`, [TOKEN, 's3cr3t'])).toBe('a [redacted] b [redacted] c [redacted]');
  });
});
