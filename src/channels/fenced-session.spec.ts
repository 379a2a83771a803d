import { describe, expect, it } from '@jest/globals';
import type { ChannelSession } from './channel-provider.js';
import { FencedSession } from './fenced-session.js';

describe('FencedSession reactions', () => {
  const target = { providerId: 'IN1', remoteJid: '5511@s.whatsapp.net', fromMe: false, participant: null };

  it('forwards a reaction while the process holds the lease, and refuses it once it does not', async () => {
    const calls: unknown[][] = [];
    const inner = {
      sendReaction: async (...args: unknown[]) => {
        calls.push(args);
        return { providerId: 'R1', remoteJid: '5511@s.whatsapp.net', timestamp: new Date(0) };
      },
    } as unknown as ChannelSession;
    let holds = true;
    const session = new FencedSession(inner, () => holds, 'simulator');
    await expect(session.sendReaction('5511@s.whatsapp.net', target, '👍', { id: 'R1' })).resolves.toMatchObject({ providerId: 'R1' });
    holds = false;
    await expect(session.sendReaction('5511@s.whatsapp.net', target, '', { id: 'R2' })).rejects.toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE' });
    expect(calls).toEqual([['5511@s.whatsapp.net', target, '👍', { id: 'R1' }]]);
  });
});
