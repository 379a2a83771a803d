import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/app-config.js';
import { type FakeOpenAi, startFakeOpenAi, unreachableUrl } from '../../../../test/utils/fake-services.js';
import { AiChatClient } from './ai-chat.client.js';

const API_KEY = 'sk-test-secret-key-1234';

describe('AiChatClient', () => {
  let fake: FakeOpenAi;
  let client: AiChatClient;
  const chat = (overrides: Partial<Parameters<AiChatClient['complete']>[0]> = {}) =>
    client.complete({
      apiKey: API_KEY,
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Você é um atendente.' },
        { role: 'user', content: 'Oi' },
        { role: 'assistant', content: 'Olá!' },
        { role: 'user', content: 'Qual o horário?' },
      ],
      maxTokens: 100,
      temperature: 0.5,
      ...overrides,
    });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    client = new AiChatClient({ automation: { openAiBaseUrl: fake.url, dialogflowApiUrl: fake.url, minuteMs: 60000 } } as AppConfig);
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('sends the conversation to chat completions with the key, model and limits', async () => {
    fake.reply('  Das 8h às 18h.  ');
    expect(await chat()).toBe('Das 8h às 18h.');
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 100,
      temperature: 0.5,
      messages: [
        { role: 'system', content: 'Você é um atendente.' },
        { role: 'user', content: 'Oi' },
        { role: 'assistant', content: 'Olá!' },
        { role: 'user', content: 'Qual o horário?' },
      ],
    });
  });

  it('echoes the last user message when nothing is scripted', async () => {
    expect(await chat()).toBe('Echo: Qual o horário?');
  });

  it('reports the status and body of a refusal without the key', async () => {
    fake.fail(401, { error: { message: `Incorrect API key provided: ${API_KEY}. You can find your API key at ...`, type: 'invalid_request_error' } });
    const error = await chat().then(
      () => new Error('no failure'),
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/^AI provider answered 401: /);
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain('secret-key');
    expect(error.message).not.toContain(API_KEY);
  });

  it('reports an unreachable provider', async () => {
    const offline = new AiChatClient({ automation: { openAiBaseUrl: `${await unreachableUrl()}/v1`, dialogflowApiUrl: '', minuteMs: 60000 } } as AppConfig);
    await expect(offline.complete({ apiKey: API_KEY, model: 'm', messages: [], maxTokens: 10, temperature: 1 })).rejects.toThrow(/^AI provider unreachable/);
  });

  it('refuses an answer over 2 MB, announced or streamed', async () => {
    fake.reply('x'.repeat(2 * 1024 * 1024));
    await expect(chat()).rejects.toThrow(/^AI provider answered more than 2 MB$/);

    // No Content-Length, a body without end: cut once past the cap, whatever the SDK's own timeout does.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[{"message":{"content":"');
      const pump = () => {
        while (!res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`;
      const streamed = new AiChatClient({ automation: { openAiBaseUrl: baseUrl, dialogflowApiUrl: '', minuteMs: 60000 } } as AppConfig);
      await expect(streamed.complete({ apiKey: API_KEY, model: 'm', messages: [], maxTokens: 10, temperature: 1 })).rejects.toThrow(
        /^AI provider answered more than 2 MB$/,
      );
      expect(written).toBeLessThan(32 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('transcribes audio as a multipart upload', async () => {
    fake.transcription('quero marcar um horário');
    const text = await client.transcribe({ apiKey: API_KEY, audio: Buffer.from('OggS fake audio'), fileName: 'audio.ogg', mimeType: 'audio/ogg' });
    expect(text).toBe('quero marcar um horário');
    const [request] = fake.requests;
    expect(request!.path).toBe('/audio/transcriptions');
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(request!.raw).toContain('filename="audio.ogg"');
    expect(request!.raw).toContain('whisper-1');
  });

  it.each([404, 405, 501])('answers null when the provider has no transcription endpoint (%i)', async (status) => {
    fake.failTranscription(status);
    expect(await client.transcribe({ apiKey: API_KEY, audio: Buffer.from('x'), fileName: 'a.ogg', mimeType: 'audio/ogg' })).toBeNull();
  });

  it('throws on other transcription failures', async () => {
    fake.failTranscription(400, { error: { message: 'Invalid file format.' } });
    await expect(client.transcribe({ apiKey: API_KEY, audio: Buffer.from('x'), fileName: 'a.ogg', mimeType: 'audio/ogg' })).rejects.toThrow(
      'AI provider answered 400: {"message":"Invalid file format."}',
    );
  });
});
