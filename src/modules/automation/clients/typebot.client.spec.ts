import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type FakeTypebot, startFakeTypebot, typebotMedia, typebotRichText, typebotText, unreachableUrl } from '../../../../test/utils/fake-services.js';
import { TypebotClient } from './typebot.client.js';

describe('TypebotClient', () => {
  let fake: FakeTypebot;
  const client = new TypebotClient();

  beforeAll(async () => {
    fake = await startFakeTypebot();
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('starts a session with the prefilled variables and renders the bubbles', async () => {
    fake.reply({
      bubbles: [
        typebotRichText([{ type: 'p', children: [{ text: 'Bem-vindo, ' }, { text: 'Maria', bold: true }] }]),
        typebotMedia('image', 'https://cdn.example/menu.png'),
        typebotMedia('video', 'https://cdn.example/tour.mp4'),
        { type: 'video', content: { type: 'youtube', id: 'abc', url: 'https://www.youtube.com/watch?v=abc' } },
        typebotMedia('audio', 'https://cdn.example/oi.mp3'),
        typebotMedia('embed', 'https://cdn.example/tabela.pdf'),
        { type: 'custom-embed', content: { initFunction: { args: {}, content: '' } } },
      ],
    });
    const reply = await client.startChat({
      baseUrl: `${fake.url}/`,
      slug: 'atendimento',
      message: 'Oi',
      variables: { number: '5511999999999', pushName: 'Maria' },
    });
    expect(reply).toEqual({
      sessionId: 'session-1',
      ended: false,
      messages: [
        { kind: 'text', text: 'Bem-vindo, *Maria*' },
        { kind: 'media', url: 'https://cdn.example/menu.png', mediaType: 'image' },
        { kind: 'media', url: 'https://cdn.example/tour.mp4', mediaType: 'video' },
        { kind: 'text', text: 'https://www.youtube.com/watch?v=abc' },
        { kind: 'media', url: 'https://cdn.example/oi.mp3', mediaType: 'audio' },
        { kind: 'media', url: 'https://cdn.example/tabela.pdf', mediaType: 'document' },
      ],
    });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/typebots/atendimento/startChat',
      body: { message: 'Oi', prefilledVariables: { number: '5511999999999', pushName: 'Maria' }, isStreamEnabled: false, textBubbleContentFormat: 'richText' },
    });
  });

  it('starts without a message and continues the session until the flow ends', async () => {
    const started = await client.startChat({ baseUrl: fake.url, slug: 'vendas', variables: {} });
    expect(started.messages).toEqual([{ kind: 'text', text: 'Typebot started' }]);
    expect(fake.requests[0]!.body).not.toHaveProperty('message');

    fake.reply({ bubbles: [typebotText('Obrigado!', 'Até logo.')], input: false });
    const done = await client.continueChat({ baseUrl: fake.url, sessionId: started.sessionId, message: '2' });
    expect(done).toEqual({ sessionId: started.sessionId, ended: true, messages: [{ kind: 'text', text: 'Obrigado!\nAté logo.' }] });
    expect(fake.requests[1]).toMatchObject({ path: `/api/v1/sessions/${started.sessionId}/continueChat`, body: { message: '2' } });
  });

  it('throws with the status and a body excerpt when the session is unknown', async () => {
    await expect(client.continueChat({ baseUrl: fake.url, sessionId: 'expired', message: 'oi' })).rejects.toThrow(
      'Typebot answered 404: {"message":"Session not found.","code":"NOT_FOUND"}',
    );
  });

  it('throws when the answer is not a chat reply', async () => {
    fake.reply({ bubbles: [] });
    fake.fail(200, 'maintenance page');
    await client.startChat({ baseUrl: fake.url, slug: 'x', variables: {} });
    await expect(client.startChat({ baseUrl: fake.url, slug: 'x', variables: {} })).rejects.toThrow(
      'Typebot answered 200 with a body that is not a JSON object',
    );
    await expect(client.startChat({ baseUrl: await unreachableUrl(), slug: 'x', variables: {} })).rejects.toThrow('Typebot unreachable: ECONNREFUSED');
  });

  it('refuses an answer over 2 MB', async () => {
    fake.fail(200, 'x'.repeat(2 * 1024 * 1024 + 1));
    await expect(client.startChat({ baseUrl: fake.url, slug: 'x', variables: {} })).rejects.toThrow('Typebot answered more than 2 MB');
  });
});
