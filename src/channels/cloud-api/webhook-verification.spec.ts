import { describe, expect, it } from '@jest/globals';
import { answerVerification } from './webhook-verification.js';

const TOKEN = 'verify-me-123';
const query = (overrides: Record<string, unknown> = {}) => ({
  'hub.mode': 'subscribe',
  'hub.verify_token': TOKEN,
  'hub.challenge': '1158201444',
  ...overrides,
});

describe('webhook verification', () => {
  it('echoes the challenge when the mode is subscribe and the token matches', () => {
    expect(answerVerification(query(), TOKEN)).toBe('1158201444');
  });

  it('refuses a wrong, missing or repeated token', () => {
    expect(answerVerification(query({ 'hub.verify_token': 'verify-me-124' }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.verify_token': undefined }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.verify_token': [TOKEN, TOKEN] }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.verify_token': `${TOKEN}x` }), TOKEN)).toBeNull();
  });

  it('refuses another mode, and any token when the connection has none', () => {
    expect(answerVerification(query({ 'hub.mode': 'unsubscribe' }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.verify_token': '' }), '')).toBeNull();
  });

  it('echoes only a short plain challenge', () => {
    expect(answerVerification(query({ 'hub.challenge': undefined }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.challenge': '<script>alert(1)</script>' }), TOKEN)).toBeNull();
    expect(answerVerification(query({ 'hub.challenge': '9'.repeat(257) }), TOKEN)).toBeNull();
  });
});
