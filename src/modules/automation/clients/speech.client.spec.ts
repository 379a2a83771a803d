import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/app-config.js';
import { TIME_FACTOR } from '../../../../test/utils/time.js';
import { SpeechClient } from './speech.client.js';

const client = new SpeechClient({ automation: { speechApiUrl: 'http://127.0.0.1:9/{region}', speechTimeoutMs: 15_000 } } as AppConfig);
const VOICE = { key: 'secret-key', region: 'brazilsouth', voice: 'pt-BR-AntonioNeural', text: 'oi' };

describe('SpeechClient', () => {
  it('refuses voices and regions that could change the SSML or the host', async () => {
    const base = { key: 'k', region: 'brazilsouth', voice: 'pt-BR-FranciscaNeural', text: 'oi' };
    await expect(client.synthesize({ ...base, voice: 'pt-BR-Francisca"><evil/>Neural' })).rejects.toThrow('unknown voice');
    await expect(client.synthesize({ ...base, voice: 'texto' })).rejects.toThrow('unknown voice');
    await expect(client.synthesize({ ...base, region: 'evil.example.com/x' })).rejects.toThrow('invalid region');
  });

  it('reports an unreachable service without the key', async () => {
    const failure = client.synthesize(VOICE);
    await expect(failure).rejects.toThrow(/^Text-to-speech unreachable/);
    await expect(failure).rejects.not.toThrow(/secret-key/);
  });

  describe('against a local service', () => {
    let server: Server;
    let local: SpeechClient;
    let written = 0;

    beforeAll(async () => {
      const chunk = Buffer.alloc(64 * 1024, 0x4f);
      server = createServer((req, res) => {
        if (req.url === '/brazilsouth/cognitiveservices/v1') {
          res.writeHead(200, { 'content-type': 'audio/ogg' }).end('OggS voice');
        } else if (req.url === '/refused/cognitiveservices/v1') {
          res.writeHead(401).end('{"error":"bad key secret-key"}');
        } else {
          // An endless audio stream.
          res.writeHead(200, { 'content-type': 'audio/ogg' });
          const pump = () => {
            while (!res.destroyed) {
              written += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
          };
          pump();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      local = new SpeechClient({ automation: { speechApiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/{region}`, speechTimeoutMs: 60_000 * TIME_FACTOR } } as AppConfig);
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('returns the audio, and reports a refusal without the key', async () => {
      expect((await local.synthesize(VOICE)).toString()).toBe('OggS voice');
      await expect(local.synthesize({ ...VOICE, region: 'refused' })).rejects.toThrow('Text-to-speech answered 401: {"error":"bad key ***"}');
    });

    it('cuts an audio answer over 16 MB', async () => {
      await expect(local.synthesize({ ...VOICE, region: 'endless' })).rejects.toThrow('Text-to-speech answered more than 16 MB');
      expect(written).toBeLessThan(48 * 1024 * 1024);
    });
  });
});
