import { describe, expect, it } from '@jest/globals';
import { AppError } from '../common/errors/app-error.js';
import type { ChannelSession } from './channel-provider.js';
import { type CommandHost, performSessionCommand } from './session-command-executor.js';

/** A host that records what it was asked and answers sends from a session stand-in. */
function recordingHost() {
  const calls: unknown[][] = [];
  const session = {
    sendText: async (...args: unknown[]) => {
      calls.push(['sendText', ...args]);
      return { providerId: 'ID-1' };
    },
    sendMedia: async (to: string, media: { buffer: Buffer; fileName: string }) => {
      calls.push(['sendMedia', to, media.fileName, media.buffer.toString()]);
      return { providerId: 'ID-2' };
    },
    sendReaction: async (...args: unknown[]) => {
      calls.push(['sendReaction', ...args]);
      return { providerId: 'ID-3' };
    },
  } as unknown as ChannelSession;
  const host: CommandHost = {
    startHere: async (...args) => void calls.push(['start', ...args]),
    logout: async (...args) => void calls.push(['logout', ...args]),
    newQrCode: async (...args) => void calls.push(['newQrCode', ...args]),
    forget: async (...args) => void calls.push(['forget', ...args]),
    connectedHere: async () => session,
    take: async (blob) => Buffer.from(`bytes of ${blob}`),
  };
  return { host, calls };
}

describe('performSessionCommand', () => {
  it('runs lifecycle commands and session calls another process asked for, media bytes taken from their stash', async () => {
    const { host, calls } = recordingHost();
    await performSessionCommand({ op: 'start', companyId: 1, connectionId: 2, args: [null] }, host);
    await performSessionCommand({ op: 'logout', companyId: 1, connectionId: 2, args: ['Desconectado'] }, host);
    const text = await performSessionCommand({ op: 'sendText', companyId: 1, connectionId: 2, args: ['5511@s.whatsapp.net', 'oi', { id: 'X' }] }, host);
    const media = await performSessionCommand(
      {
        op: 'sendMedia',
        companyId: 1,
        connectionId: 2,
        args: ['5511@s.whatsapp.net', { blob: 'b1', fileName: 'a.pdf', mimetype: 'application/pdf' }, { id: 'Y' }],
      },
      host,
    );
    expect(text).toEqual({ providerId: 'ID-1' });
    expect(media).toEqual({ providerId: 'ID-2' });
    expect(calls).toEqual([
      ['start', 1, 2, null],
      ['logout', 1, 2, 'Desconectado'],
      ['sendText', '5511@s.whatsapp.net', 'oi', { id: 'X' }],
      ['sendMedia', '5511@s.whatsapp.net', 'a.pdf', 'bytes of b1'],
    ]);
  });

  it('runs a reaction another process asked for, with its target key', async () => {
    const { host, calls } = recordingHost();
    const target = { providerId: 'IN1', remoteJid: '5511@s.whatsapp.net', fromMe: false, participant: null };
    const args = ['5511@s.whatsapp.net', target, '👍', { id: 'Z' }];
    expect(await performSessionCommand({ op: 'sendReaction', companyId: 1, connectionId: 2, args }, host)).toEqual({ providerId: 'ID-3' });
    expect(calls).toEqual([['sendReaction', ...args]]);
  });

  it('refuses an operation that is not a session call', async () => {
    const { host, calls } = recordingHost();
    const refused = performSessionCommand({ op: 'constructor', companyId: 1, connectionId: 2, args: [] }, host);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'ERR_BAD_REQUEST' });
    expect(calls).toEqual([]);
  });
});
