import { describe, expect, it } from '@jest/globals';
import { parseControlReply } from './integration-control.js';

describe('parseControlReply', () => {
  it('reads queue, agent and stop controls with numbers or numeric strings', () => {
    expect(parseControlReply('#{"queueId":2}')).toEqual({ queueId: 2, userId: null, stopBot: false });
    expect(parseControlReply(' #{"queueId":"3","userId":"7"} ')).toEqual({ queueId: 3, userId: 7, stopBot: false });
    expect(parseControlReply('#{"stopBot":true}')).toEqual({ queueId: null, userId: null, stopBot: true });
  });

  it('leaves ordinary text, broken JSON and empty controls alone', () => {
    for (const text of ['Olá!', '#1', '#{queueId:2}', '#{"queueId":0}', '#{"queueId":-4}', '#[1,2]', '#{"other":1}'])
      expect(parseControlReply(text)).toBeNull();
  });
});
