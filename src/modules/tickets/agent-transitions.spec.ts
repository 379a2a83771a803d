import { describe, expect, it } from '@jest/globals';
import { agentTransitions } from './ticket-lifecycle.js';

const at = (status: string, queueId: number | null, userId: number | null) => ({ status, queueId, userId });

describe('agentTransitions', () => {
  it('names accept, return, finish and reopen', () => {
    expect(agentTransitions(at('pending', 1, null), at('open', 1, 7))).toEqual(['accepted']);
    expect(agentTransitions(at('open', 1, 7), at('pending', 1, null))).toEqual(['returned']);
    expect(agentTransitions(at('open', 1, 7), at('closed', 1, 7))).toEqual(['finished']);
    expect(agentTransitions(at('closed', 1, 7), at('open', 1, 7))).toEqual(['reopened']);
  });

  it('names a transfer to another queue or another person, alone or with an accept', () => {
    expect(agentTransitions(at('open', 1, 7), at('open', 2, 7))).toEqual(['transferred']);
    expect(agentTransitions(at('open', 1, 7), at('open', 1, 8))).toEqual(['transferred']);
    expect(agentTransitions(at('pending', 1, null), at('open', 2, 7))).toEqual(['accepted', 'transferred']);
  });

  it('does not call a first assignment, a queue removal or a reopen elsewhere a transfer', () => {
    expect(agentTransitions(at('pending', null, null), at('pending', null, 7))).toEqual([]);
    expect(agentTransitions(at('open', 1, 7), at('open', null, 7))).toEqual([]);
    expect(agentTransitions(at('closed', 1, 7), at('open', 2, 8))).toEqual(['reopened']);
  });
});
