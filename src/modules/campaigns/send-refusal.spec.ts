import { describe, expect, it } from '@jest/globals';
import { appError } from '../../common/errors/app-error.js';
import { sendRefusedForNow } from './send-refusal.js';

const named = (message: string, name: string): Error => Object.assign(new Error(message), { name });

describe('sendRefusedForNow', () => {
  it('tries again when the connection is away or its worker does not answer', () => {
    expect(sendRefusedForNow(appError('ERR_SERVICE_UNAVAILABLE', 'no answer'), true)).toBe(true);
    expect(sendRefusedForNow(appError('ERR_WAPP_NOT_INITIALIZED', 'nobody runs it'), true)).toBe(true);
    expect(sendRefusedForNow(new Error('socket closed'), false)).toBe(true);
  });

  it('tries again when Redis or the database could not carry the send, even with the connection up', () => {
    expect(sendRefusedForNow(named('Reached the max retries per request limit (which is 3).', 'MaxRetriesPerRequestError'), true)).toBe(true);
    expect(sendRefusedForNow(new Error('Connection is closed.'), true)).toBe(true);
    expect(sendRefusedForNow(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }), true)).toBe(true);
  });

  it('counts a refusal about the recipient or the message as a failure', () => {
    expect(sendRefusedForNow(new Error('recipient refuses messages'), true)).toBe(false);
    expect(sendRefusedForNow(appError('ERR_SENDING_WAPP_MSG', 'refused'), true)).toBe(false);
  });
});
