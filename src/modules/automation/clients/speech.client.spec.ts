import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../../config/app-config.js';
import { SpeechClient } from './speech.client.js';

const client = new SpeechClient({ automation: { speechApiUrl: 'http://127.0.0.1:9/{region}' } } as AppConfig);

describe('SpeechClient', () => {
  it('refuses voices and regions that could change the SSML or the host', async () => {
    const base = { key: 'k', region: 'brazilsouth', voice: 'pt-BR-FranciscaNeural', text: 'oi' };
    await expect(client.synthesize({ ...base, voice: 'pt-BR-Francisca"><evil/>Neural' })).rejects.toThrow('unknown voice');
    await expect(client.synthesize({ ...base, voice: 'texto' })).rejects.toThrow('unknown voice');
    await expect(client.synthesize({ ...base, region: 'evil.example.com/x' })).rejects.toThrow('invalid region');
  });

  it('reports an unreachable service without the key', async () => {
    const failure = client.synthesize({ key: 'secret-key', region: 'brazilsouth', voice: 'pt-BR-AntonioNeural', text: 'oi' });
    await expect(failure).rejects.toThrow(/^Text-to-speech unreachable/);
    await expect(failure).rejects.not.toThrow(/secret-key/);
  });
});
