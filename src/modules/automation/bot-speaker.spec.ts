import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../config/app-config.js';
import type { StoragePort } from '../../infra/storage/storage.port.js';
import type { OutboundMessages, OutgoingFile } from '../messages/outbound-messages.js';
import { BotSpeaker, type Conversation } from './bot-speaker.js';
import { OutboundUrlPolicy } from './clients/outbound-url-policy.js';

const conversation: Conversation = {
  companyId: 1,
  whatsappId: 2,
  ticketId: 3,
  contactName: 'Maria',
  contactNumber: '5511999999999',
  remoteJid: null,
  protocol: '20260101-3',
  timeZone: 'America/Sao_Paulo',
};

describe('BotSpeaker.remote', () => {
  let server: Server;
  let base = '';
  let written = 0;
  const sent: OutgoingFile[] = [];
  const outbound = {
    sendToTicket: async (_company: number, _target: unknown, _body: string, options: { file?: OutgoingFile }) => {
      if (options.file) sent.push(options.file);
    },
  } as unknown as OutboundMessages;
  const speaker = (allowPrivateNetworks: boolean) =>
    new BotSpeaker(outbound, {} as StoragePort, new OutboundUrlPolicy({ automation: { allowPrivateNetworks } } as AppConfig));

  beforeAll(async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x25);
    server = createServer((req, res) => {
      if (req.url === '/menu.pdf') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 menu');
      if (req.url === '/moved.pdf') return void res.writeHead(302, { location: '/menu.pdf' }).end();
      // A file without end.
      res.writeHead(200, { 'content-type': 'video/mp4' });
      const pump = () => {
        while (!res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a linked file, following a redirect', async () => {
    sent.length = 0;
    await speaker(true).remote(conversation, `${base}/moved.pdf`);
    expect(sent).toEqual([expect.objectContaining({ mimetype: 'application/pdf', originalName: 'moved.pdf' })]);
    expect(sent[0]!.buffer?.toString()).toBe('%PDF-1.4 menu');
  });

  it('skips a file past the media cap, and one on a private address when the install keeps them off', async () => {
    sent.length = 0;
    await speaker(true).remote(conversation, `${base}/endless.mp4`);
    expect(written).toBeLessThan(64 * 1024 * 1024);
    await speaker(false).remote(conversation, `${base}/menu.pdf`);
    expect(sent).toEqual([]);
  });
});
