import { describe, expect, it } from '@jest/globals';
import { OutboundUrlRefused } from '../../common/http/private-network.js';
import { integrationFailureReason } from './integration-failure-reason.js';

describe('integration failure reasons', () => {
  it('names each kind of client failure', () => {
    expect(integrationFailureReason(new Error('Webhook unreachable: bad port'))).toBe('unreachable');
    expect(integrationFailureReason(new Error('Webhook did not answer within 10 s'))).toBe('timeout');
    expect(integrationFailureReason(new OutboundUrlRefused('10.0.0.1 is a private network address, which this server does not call'))).toBe('refused');
    expect(integrationFailureReason(new Error('Typebot answered 500: oops'))).toBe('status');
    expect(integrationFailureReason(new Error('Typebot answered without a sessionId'))).toBe('badAnswer');
    expect(integrationFailureReason(new Error('Typebot answered 200 with a body that is not a JSON object'))).toBe('badAnswer');
    expect(integrationFailureReason(new Error('No Dialogflow project: set the project name'))).toBe('config');
    expect(integrationFailureReason('strange')).toBe('other');
  });
});
