import { describe, expect, it } from '@jest/globals';
import { repliesOf } from './testReplies';

describe('repliesOf', () => {
  it('reads texts, lists and nested Dialogflow messages', () => {
    expect(repliesOf('Olá')).toEqual(['Olá']);
    expect(repliesOf({ replies: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(repliesOf({ fulfillmentMessages: [{ text: { text: ['Oi!'] } }] })).toEqual(['Oi!']);
    expect(repliesOf({ fulfillmentText: 'Tudo bem?' })).toEqual(['Tudo bem?']);
  });

  it('answers nothing for answers without text', () => {
    expect(repliesOf(undefined)).toEqual([]);
    expect(repliesOf({ ok: true })).toEqual([]);
    expect(repliesOf(['', '  '])).toEqual([]);
  });
});
