import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { REDIS } from '../../src/infra/redis/redis.tokens.js';
import { InboundPipeline } from '../../src/modules/messages/inbound-pipeline.js';
import { BotTimers } from '../../src/modules/automation/timers/bot-timers.js';
import { TRANSFER_PHRASE } from '../../src/modules/automation/runners/ai-prompt.runner.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { UserRating } from '../../src/modules/tickets/user-rating.entity.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import {
  type FakeDialogflow,
  FAKE_VOICE_NOTE,
  type FakeOpenAi,
  type FakeService,
  type FakeTypebot,
  type FakeWebhook,
  startFakeDialogflow,
  startFakeOpenAi,
  startFakeSpeech,
  startFakeTypebot,
  startFakeWebhook,
  typebotText,
} from '../utils/fake-services.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

/** One bot-timer "minute" in these tests. */
const MINUTE_MS = 400;

describe('the bot: ratings, timers, AI prompts and integrations', () => {
  let t: TestApp;
  let openAi: FakeOpenAi;
  let typebot: FakeTypebot;
  let webhook: FakeWebhook;
  let dialogflow: FakeDialogflow;
  let speech: FakeService;
  let phone = 0;

  const nextPhone = () => `55119888${String(++phone).padStart(5, '0')}`;
  const botSaid = async (ticketId: number) =>
    (await t.em().find(Message, { ticket: ticketId, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).map((m) => m.body);
  const ticketOf = (id: number) => t.em().findOneOrFail(Ticket, id, { filters: false });

  interface Setup {
    tenant: TenantFixture;
    admin: Session;
    connectionId: number;
  }

  /** A company whose connection offers `queueCount` queues, with the given connection fields. */
  async function setup(queueCount: number, connection: Record<string, unknown> = {}): Promise<Setup> {
    const tenant = await createTenant(t);
    const admin = await login(t, tenant.admin.email);
    const connectionId = (await connectedSimulator(t, tenant.company.id, 'Bot')).id;
    await t
      .http()
      .put(`/api/whatsapp/${connectionId}`)
      .set(admin.auth)
      .send({ greetingMessage: 'Escolha um setor:', queueIds: tenant.queues.slice(0, queueCount).map((q) => q.id), ...connection })
      .expect(200);
    return { tenant, admin, connectionId };
  }

  async function createIntegration(admin: Session, body: Record<string, unknown>): Promise<number> {
    const res = await t.http().post('/api/queueIntegration').set(admin.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  async function createPrompt(admin: Session, body: Record<string, unknown>): Promise<number> {
    const res = await t
      .http()
      .post('/api/prompt')
      .set(admin.auth)
      .send({ name: `Assistente ${phone}`, apiKey: 'sk-teste-123', ...body });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  beforeAll(async () => {
    [openAi, typebot, webhook, dialogflow, speech] = await Promise.all([
      startFakeOpenAi(),
      startFakeTypebot(),
      startFakeWebhook(),
      startFakeDialogflow(),
      startFakeSpeech(),
    ]);
    t = await createTestApp({ automation: { openAiBaseUrl: openAi.url, dialogflowApiUrl: dialogflow.url, speechApiUrl: speech.url, minuteMs: MINUTE_MS } });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([openAi.close(), typebot.close(), webhook.close(), dialogflow.close(), speech.close()]);
  });

  describe('rating on close', () => {
    async function attendedTicket(s: Setup, from: string) {
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi', 'Rita Souza');
      await t.http().put(`/api/tickets/${ticket.id}`).set(s.admin.auth).send({ status: 'open', userId: s.tenant.admin.id }).expect(200);
      const closing = await t.http().put(`/api/tickets/${ticket.id}`).set(s.admin.auth).send({ status: 'closed', userId: s.tenant.admin.id });
      expect(closing.status).toBe(200);
      return { ticket, closing };
    }

    it('asks 1–3, saves the answer with the agent, sends the completion and closes', async () => {
      const s = await setup(1, { ratingMessage: 'Como foi, {{firstName}}?', complationMessage: 'Obrigado! Protocolo {{protocol}}.' });
      await t.http().put('/api/settings/userRating').set(s.admin.auth).send({ value: 'enabled' }).expect(200);
      const from = nextPhone();
      const { ticket, closing } = await attendedTicket(s, from);
      // The ticket waits for the answer in status open.
      expect(closing.body).toMatchObject({ status: 'open', ratingPending: true });
      expect((await ticketOf(ticket.id)).ratingRequestedAt).not.toBeNull();
      const listed = await t.http().get('/api/tickets').query({ status: 'open' }).set(s.admin.auth);
      expect(listed.body.tickets.find((x: { id: number }) => x.id === ticket.id)).toMatchObject({ ratingPending: true });
      expect((await botSaid(ticket.id)).at(-1)).toMatch(/^Como foi, Rita\?\n\n\*Digite de 1 à 3/);
      expect(await t.app.get(BotTimers).pending(ticket.id)).toContain('rating');

      const answered = await customerWrites(t, s.admin, s.connectionId, from, ' 2 ');
      expect(answered.id).toBe(ticket.id);
      const after = await ticketOf(ticket.id);
      expect(after.status).toBe('closed');
      expect(after.ratingRequestedAt).toBeNull();
      expect((await botSaid(ticket.id)).at(-1)).toBe(`Obrigado! Protocolo ${after.protocol}.`);
      const ratings = await t.em().find(UserRating, { ticket: ticket.id }, { filters: false });
      expect(ratings.map((r) => ({ rate: r.rate, user: r.user?.id }))).toEqual([{ rate: 2, user: s.tenant.admin.id }]);
      expect(await t.app.get(BotTimers).pending(ticket.id)).not.toContain('rating');
    });

    it('reminds once on a non-number, then drops the rating and starts a new conversation', async () => {
      const s = await setup(2, { ratingMessage: 'Avalie-nos', complationMessage: 'Até logo' });
      await t.http().put('/api/settings/userRating').set(s.admin.auth).send({ value: 'enabled' }).expect(200);
      const from = nextPhone();
      const { ticket } = await attendedTicket(s, from);
      const asked = (await botSaid(ticket.id)).length;

      await customerWrites(t, s.admin, s.connectionId, from, 'foi ótimo');
      expect(await botSaid(ticket.id)).toHaveLength(asked + 1);
      expect((await botSaid(ticket.id)).at(-1)).toMatch(/^Por favor, responda apenas com o número/);

      const next = await customerWrites(t, s.admin, s.connectionId, from, 'preciso de outra coisa');
      expect(next.id).not.toBe(ticket.id);
      expect(next.status).toBe('pending');
      const old = await ticketOf(ticket.id);
      expect(old.status).toBe('closed');
      expect(await botSaid(ticket.id)).toHaveLength(asked + 1); // no completion text: the rating was dropped
      expect(await t.em().count(UserRating, { ticket: ticket.id }, { filters: false })).toBe(0);
      // The new conversation gets the bot from the start: the queue menu.
      expect(await botSaid(next.id)).toEqual([expect.stringContaining('*[ 1 ]*')]);
    });

    it('closes straight away with the completion text when ratings are off', async () => {
      const s = await setup(1, { ratingMessage: 'Avalie-nos', complationMessage: 'Até logo' });
      const { ticket, closing } = await attendedTicket(s, nextPhone());
      expect(closing.body.status).toBe('closed');
      expect(await botSaid(ticket.id)).toEqual(['Até logo']);
    });
  });

  describe('menu limits', () => {
    it('stops offering the menu after maxUseBotQueues and offers it again after timeUseBotQueues minutes', async () => {
      const s = await setup(2, { maxUseBotQueues: 2, timeUseBotQueues: 3 });
      const redis = t.app.get<Redis>(REDIS);
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi');
      // The same menu is repeated at most once a minute; clearing that key stands for a minute passing.
      const aMinuteLater = () => redis.del(`bot:menu:${ticket.id}`);
      await aMinuteLater();
      await customerWrites(t, s.admin, s.connectionId, from, 'hã?');
      expect(await botSaid(ticket.id)).toHaveLength(2);
      await aMinuteLater();
      await customerWrites(t, s.admin, s.connectionId, from, 'não entendi');
      expect(await botSaid(ticket.id)).toHaveLength(2); // two menus: a person takes it from here
      await new Promise((resolve) => setTimeout(resolve, 3 * MINUTE_MS + 100));
      await aMinuteLater();
      await customerWrites(t, s.admin, s.connectionId, from, 'olá?');
      expect(await botSaid(ticket.id)).toHaveLength(3);
      expect((await botSaid(ticket.id)).at(-1)).toContain('*[ 2 ]*');
    });
  });

  describe('timers', () => {
    it('timeToTransfer moves a waiting ticket without queue to the transfer queue', async () => {
      const tenantQueues = await setup(2);
      const target = tenantQueues.tenant.queues[1]!.id;
      await t
        .http()
        .put(`/api/whatsapp/${tenantQueues.connectionId}`)
        .set(tenantQueues.admin.auth)
        .send({ timeToTransfer: 2, transferQueueId: target })
        .expect(200);
      const ticket = await customerWrites(t, tenantQueues.admin, tenantQueues.connectionId, nextPhone(), 'oi');
      expect((await ticketOf(ticket.id)).queue).toBeNull();
      const moved = await waitFor(async () => ((await ticketOf(ticket.id)).queue?.id === target ? ticketOf(ticket.id) : null), 8000 * TIME_FACTOR);
      expect(moved).toMatchObject({ status: 'pending', chatbot: false });
    });

    it('expiresTicket closes an idle ticket with the inactivity text, even across a server restart', async () => {
      const s = await setup(1, { expiresTicket: 5, expiresInactiveMessage: 'Encerramos por falta de resposta, {{firstName}}.' });
      const idle = nextPhone();
      const answered = nextPhone();
      const idleTicket = await customerWrites(t, s.admin, s.connectionId, idle, 'oi', 'Otávio Reis');
      const answeredTicket = await customerWrites(t, s.admin, s.connectionId, answered, 'oi', 'Lia');
      for (const id of [idleTicket.id, answeredTicket.id]) {
        await t.http().put(`/api/tickets/${id}`).set(s.admin.auth).send({ status: 'open', userId: s.tenant.admin.id }).expect(200);
        expect((await t.http().post(`/api/messages/${id}`).set(s.admin.auth).send({ body: 'Posso ajudar?' })).status).toBe(201);
      }
      // The customer of the second ticket answers: its last message is not ours any more.
      await customerWrites(t, s.admin, s.connectionId, answered, 'sim, um momento');
      expect(await t.app.get(BotTimers).pending(idleTicket.id)).toContain('expire');
      expect((await ticketOf(idleTicket.id)).status).toBe('open');

      t = await t.restart();

      const closed = await waitFor(async () => ((await ticketOf(idleTicket.id)).status === 'closed' ? true : null), 10000 * TIME_FACTOR);
      expect(closed).toBe(true);
      expect(await waitFor(async () => ((await botSaid(idleTicket.id)).at(-1)?.startsWith('Encerramos') ? botSaid(idleTicket.id) : null))).toContain(
        'Encerramos por falta de resposta, Otávio.',
      );
      expect((await ticketOf(answeredTicket.id)).status).toBe('open');
      // The automatic close ends the attendance cycle the accept started.
      const [cycle] = await t
        .em()
        .getConnection()
        .execute<Array<{ started_at: Date | null; finished_at: Date | null }>>('select started_at, finished_at from ticket_cycles where ticket_id = ?', [
          idleTicket.id,
        ]);
      expect(cycle!.started_at).not.toBeNull();
      expect(cycle!.finished_at).not.toBeNull();
    });
  });

  describe('AI prompts', () => {
    it('answers with the prompt and the conversation in order, then hands over on the transfer phrase', async () => {
      const s = await setup(1);
      const [first, second] = s.tenant.queues;
      const promptId = await createPrompt(s.admin, {
        prompt: 'Você é a assistente da loja.',
        queueId: second!.id,
        maxTokens: 120,
        temperature: 0.5,
        maxMessages: 5,
      });
      await t.http().put(`/api/queue/${first!.id}`).set(s.admin.auth).send({ promptId }).expect(200);
      const from = nextPhone();
      openAi.reset();
      openAi.reply('Abrimos às 8h.');
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'Qual o horário?');
      expect(await botSaid(ticket.id)).toEqual(['Abrimos às 8h.']);
      const request = openAi.requests.at(-1)!;
      expect(request.headers.authorization).toBe('Bearer sk-teste-123');
      expect(request.body).toMatchObject({ max_tokens: 120, temperature: 0.5 });
      const messages = (request.body as { messages: Array<{ role: string; content: string }> }).messages;
      expect(messages[0]!.role).toBe('system');
      expect(messages[0]!.content).toContain('Você é a assistente da loja.');
      expect(messages.slice(1)).toEqual([{ role: 'user', content: 'Qual o horário?' }]);

      openAi.reply(`${TRANSFER_PHRASE}.`);
      await customerWrites(t, s.admin, s.connectionId, from, 'Quero falar com uma pessoa');
      const history = (openAi.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> }).messages.slice(1);
      expect(history).toEqual([
        { role: 'user', content: 'Qual o horário?' },
        { role: 'assistant', content: 'Abrimos às 8h.' },
        { role: 'user', content: 'Quero falar com uma pessoa' },
      ]);
      const moved = await ticketOf(ticket.id);
      expect(moved.queue?.id).toBe(second!.id);
      expect(moved).toMatchObject({ status: 'pending', chatbot: false, useIntegration: false, promptId: null });
      expect(await botSaid(ticket.id)).toEqual(['Abrimos às 8h.']);

      const calls = openAi.requests.length;
      await customerWrites(t, s.admin, s.connectionId, from, 'alô?');
      expect(openAi.requests).toHaveLength(calls);
    });

    it('transcribes customer audio for the model when the provider can', async () => {
      const s = await setup(1);
      const promptId = await createPrompt(s.admin, { prompt: 'Atenda por voz também.', queueId: s.tenant.queues[1]!.id });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ promptId }).expect(200);
      openAi.reset();
      openAi.transcription('Quero saber o preço do plano anual');
      openAi.reply('O plano anual custa R$ 100.');
      const from = nextPhone();
      const res = await t
        .http()
        .post(`/api/dev/simulator/${s.connectionId}/inbound`)
        .set(s.admin.auth)
        .send({
          type: 'media',
          from,
          name: 'Davi',
          mediaBase64: Buffer.from('OggS fake voice note').toString('base64'),
          mimetype: 'audio/ogg',
          fileName: 'audio.ogg',
        });
      expect(res.status).toBe(202);
      await t.app.get(InboundPipeline).drain();
      expect(openAi.requests.map((r) => r.path)).toEqual(['/audio/transcriptions', '/chat/completions']);
      const messages = (openAi.requests[1]!.body as { messages: Array<{ role: string; content: string }> }).messages;
      expect(messages.at(-1)).toEqual({ role: 'user', content: 'Quero saber o preço do plano anual' });
      const [ticket] = await t.em().find(Ticket, { contact: { number: from } }, { filters: false });
      expect(await botSaid(ticket!.id)).toEqual(['O plano anual custa R$ 100.']);
    });

    it('answers with a voice note when the prompt has a neural voice, and in text when speech fails', async () => {
      const s = await setup(1);
      const promptId = await createPrompt(s.admin, {
        prompt: 'Fale com o cliente.',
        queueId: s.tenant.queues[1]!.id,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: 'speech-key-123',
        voiceRegion: 'brazilsouth',
      });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ promptId }).expect(200);
      openAi.reset();
      speech.reset();
      openAi.reply('Claro! Abrimos às 8h & fechamos às 18h.', 'Até logo!');
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'Qual o horário?');
      const [voiceNote] = await t.em().find(Message, { ticket: ticket.id, fromMe: true }, { filters: false });
      expect(voiceNote).toMatchObject({ mediaType: 'audio', body: 'Claro! Abrimos às 8h & fechamos às 18h.' });
      expect(speech.requests[0]!.headers['ocp-apim-subscription-key']).toBe('speech-key-123');
      expect(speech.requests[0]!.raw).toBe(
        '<speak version="1.0" xml:lang="pt-BR"><voice name="pt-BR-FranciscaNeural">Claro! Abrimos às 8h &amp; fechamos às 18h.</voice></speak>',
      );
      const served = await t.http().get(`/public/${voiceNote!.mediaPath}`);
      expect(served.body.toString()).toBe(FAKE_VOICE_NOTE);

      speech.fail(401, 'invalid subscription key');
      await customerWrites(t, s.admin, s.connectionId, from, 'Obrigado');
      const last = (await t.em().find(Message, { ticket: ticket.id, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).at(-1)!;
      expect(last).toMatchObject({ mediaType: 'chat', body: 'Até logo!' });
    });

    it('stays quiet when the plan no longer includes AI prompts', async () => {
      const s = await setup(1);
      const promptId = await createPrompt(s.admin, { prompt: 'Ajude.', queueId: s.tenant.queues[1]!.id });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ promptId }).expect(200);
      await t.em().getConnection().execute('update plans set use_open_ai = false where id = ?', [s.tenant.plan.id]);
      openAi.reset();
      const ticket = await customerWrites(t, s.admin, s.connectionId, nextPhone(), 'oi');
      expect(openAi.requests).toHaveLength(0);
      expect(await botSaid(ticket.id)).toEqual([]);
      expect((await ticketOf(ticket.id)).status).toBe('pending');
    });

    it('a connection prompt answers before any queue, and a provider error leaves the ticket for a person', async () => {
      const s = await setup(2);
      const promptId = await createPrompt(s.admin, { prompt: 'Triagem.', queueId: s.tenant.queues[0]!.id });
      await t.http().put(`/api/whatsapp/${s.connectionId}`).set(s.admin.auth).send({ promptId }).expect(200);
      openAi.reset();
      openAi.reply('Em que posso ajudar?');
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi');
      expect(await botSaid(ticket.id)).toEqual(['Em que posso ajudar?']);

      openAi.fail(401, { error: { message: 'Incorrect API key provided' } });
      await customerWrites(t, s.admin, s.connectionId, from, 'quero comprar');
      const after = await ticketOf(ticket.id);
      expect(after.status).toBe('pending');
      // The queue menu is the fallback answer when the assistant cannot reply.
      expect((await botSaid(ticket.id)).at(-1)).toContain('*[ 1 ]*');
    });
  });

  describe('queue integrations', () => {
    it('Typebot: starts a session on entering the queue, continues it, and obeys a control reply', async () => {
      const s = await setup(1);
      const [first, second] = s.tenant.queues;
      const integrationId = await createIntegration(s.admin, {
        type: 'typebot',
        name: 'Fluxo',
        urlN8N: typebot.url,
        typebotSlug: 'atendimento',
        typebotDelayMessage: 0,
        // A minute lasts MINUTE_MS here: the default one-minute session would expire between two messages on a busy machine.
        typebotExpires: 1000,
      });
      await t.http().put(`/api/queue/${first!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
      typebot.reset();
      typebot.reply(
        { bubbles: [typebotText('Bem-vindo!'), typebotText('Qual é o seu nome?')] },
        { bubbles: [typebotText('Obrigado, Ana.'), typebotText(`#{"queueId":${second!.id}}`)] },
      );
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi', 'Ana Dias');
      expect(await botSaid(ticket.id)).toEqual(['Bem-vindo!', 'Qual é o seu nome?']);
      expect(typebot.requests[0]!.path).toBe('/api/v1/typebots/atendimento/startChat');
      expect((typebot.requests[0]!.body as { prefilledVariables: Record<string, string> }).prefilledVariables).toMatchObject({
        number: from,
        pushName: 'Ana Dias',
      });
      expect((await ticketOf(ticket.id)).useIntegration).toBe(true);

      await customerWrites(t, s.admin, s.connectionId, from, 'Ana');
      expect(typebot.requests[1]!.path).toBe(`/api/v1/sessions/${typebot.sessions[0]}/continueChat`);
      expect(typebot.requests[1]!.body).toMatchObject({ message: 'Ana' });
      expect(await botSaid(ticket.id)).toEqual(['Bem-vindo!', 'Qual é o seu nome?', 'Obrigado, Ana.']);
      const moved = await ticketOf(ticket.id);
      expect(moved.queue?.id).toBe(second!.id);
      expect(moved).toMatchObject({ useIntegration: false, integrationId: null, status: 'pending' });
    });

    it('Typebot: pauses between bubbles without holding up other customers of the same number', async () => {
      const s = await setup(1);
      const integrationId = await createIntegration(s.admin, {
        type: 'typebot',
        name: 'Fluxo lento',
        urlN8N: typebot.url,
        typebotSlug: 'lento',
        typebotDelayMessage: 1500,
      });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
      typebot.reset();
      typebot.reply({ bubbles: [typebotText('Primeira'), typebotText('Segunda')] }, { bubbles: [typebotText('Outra conversa')] });
      const slow = await customerWrites(t, s.admin, s.connectionId, nextPhone(), 'oi');
      const other = await customerWrites(t, s.admin, s.connectionId, nextPhone(), 'olá');
      const ids = async (ticketId: number) =>
        (await t.em().find(Message, { ticket: ticketId, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).map((m) => m.id);
      await waitFor(async () => ((await ids(slow.id)).length === 2 ? true : null), 8000 * TIME_FACTOR);
      expect(await botSaid(slow.id)).toEqual(['Primeira', 'Segunda']);
      expect(await botSaid(other.id)).toEqual(['Outra conversa']);
      // The other customer was answered while the first one's second bubble was still waiting.
      expect((await ids(other.id))[0]!).toBeLessThan((await ids(slow.id))[1]!);
    });

    it('webhook: receives the documented event and its reply is sent', async () => {
      const s = await setup(1);
      const integrationId = await createIntegration(s.admin, { type: 'webhook', name: 'Gancho', urlN8N: `${webhook.url}/hook` });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
      webhook.reset();
      webhook.reply({ messages: ['Recebemos seu pedido, {{firstName}}.', { text: 'Protocolo {{protocol}}' }] });
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'pedido 123', 'Bruno Alves');
      const event = webhook.requests[0]!.body as Record<string, Record<string, unknown>>;
      expect(webhook.requests[0]!.path).toBe('/hook');
      expect(event).toMatchObject({
        event: 'message.received',
        company: { id: s.tenant.company.id },
        connection: { id: s.connectionId },
        ticket: { id: ticket.id, uuid: ticket.uuid, queueId: s.tenant.queues[0]!.id, protocol: ticket.protocol },
        contact: { name: 'Bruno Alves', number: from },
        message: { body: 'pedido 123', fromMe: false, mediaType: 'chat' },
      });
      expect(await botSaid(ticket.id)).toEqual(['Recebemos seu pedido, Bruno.', `Protocolo ${ticket.protocol}`]);
    });

    it('Dialogflow: sends the fulfilment texts and hands over at the end of the conversation', async () => {
      const s = await setup(1);
      const integrationId = await createIntegration(s.admin, {
        type: 'dialogflow',
        name: 'Agente',
        projectName: 'loja',
        jsonContent: dialogflow.jsonContent,
        language: 'pt-BR',
      });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
      dialogflow.reset();
      dialogflow.reply({ texts: ['Olá! Sou o agente virtual.'] }, { texts: ['Vou chamar um atendente.'], endConversation: true });
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi');
      await customerWrites(t, s.admin, s.connectionId, from, 'quero um atendente');
      expect(await botSaid(ticket.id)).toEqual(['Olá! Sou o agente virtual.', 'Vou chamar um atendente.']);
      const detect = dialogflow.requests.filter((r) => r.path.includes(':detectIntent'));
      expect(detect[0]!.path).toBe(`/v2/projects/loja/agent/sessions/ticket-${ticket.id}:detectIntent`);
      expect(detect[0]!.body).toMatchObject({ queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } } });
      expect(await ticketOf(ticket.id)).toMatchObject({ useIntegration: false, status: 'pending' });
    });

    it('never loops: twenty random texts to prompt and integration queues get at most one answer each', async () => {
      const words = [
        'oi',
        'bom dia',
        '1',
        '2',
        '3',
        '0',
        '#',
        '9',
        'quero comprar',
        '👍',
        'ajuda',
        '12',
        '...',
        'menu',
        'sair',
        '1',
        'obrigado',
        '#',
        '0',
        '5',
      ];
      const kinds = ['prompt', 'webhook', 'dialogflow', 'typebot'] as const;
      for (const kind of kinds) {
        const s = await setup(1);
        const queueId = s.tenant.queues[0]!.id;
        const link =
          kind === 'prompt'
            ? { promptId: await createPrompt(s.admin, { prompt: 'Ajude.', queueId: s.tenant.queues[1]!.id }) }
            : {
                integrationId: await createIntegration(
                  s.admin,
                  {
                    webhook: { type: 'webhook', name: 'Gancho', urlN8N: `${webhook.url}/echo` },
                    dialogflow: { type: 'dialogflow', name: 'Agente', jsonContent: dialogflow.jsonContent, language: 'pt-BR' },
                    typebot: { type: 'typebot', name: 'Fluxo', urlN8N: typebot.url, typebotSlug: 'eco', typebotDelayMessage: 0 },
                  }[kind],
                ),
              };
        await t.http().put(`/api/queue/${queueId}`).set(s.admin.auth).send(link).expect(200);
        openAi.reset();
        webhook.reset();
        dialogflow.reset();
        typebot.reset();
        const from = nextPhone();
        let replies = 0;
        let ticketId = 0;
        const order = [...words].sort(() => Math.random() - 0.5);
        for (const [index, word] of order.entries()) {
          webhook.reply({ reply: `eco: ${word}` });
          const ticket = await customerWrites(t, s.admin, s.connectionId, from, word);
          ticketId = ticket.id;
          // Counted over the contact: an opt-out word ('sair') as the first message closes the ticket it opened, and
          // the next message opens another.
          const said = (await t.em().find(Message, { contact: ticket.contact.id, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).map(
            (m) => m.body,
          );
          // A failure names the order, so a random sequence that breaks can be replayed.
          const where = `${kind} after ${JSON.stringify(order.slice(0, index + 1))}: ${JSON.stringify(said.slice(replies))}`;
          // A Typebot start may greet with its first bubble and answer; nobody is left without an answer.
          if (said.length - replies > 2 || said.length - replies < 1) throw new Error(`expected one or two answers (${where})`);
          replies = said.length;
        }
        expect((await ticketOf(ticketId)).status).toBe('pending');
      }
    });
  });

  describe('people take over', () => {
    it('an accepted ticket leaves the integration, and agents may use the template variables', async () => {
      const s = await setup(1);
      const integrationId = await createIntegration(s.admin, { type: 'webhook', name: 'Gancho humano', urlN8N: `${webhook.url}/hook` });
      await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
      webhook.reset();
      const from = nextPhone();
      const ticket = await customerWrites(t, s.admin, s.connectionId, from, 'oi', 'Júlia Castro');
      expect(webhook.requests).toHaveLength(1);
      await t.http().put(`/api/tickets/${ticket.id}`).set(s.admin.auth).send({ status: 'open', userId: s.tenant.admin.id }).expect(200);
      await customerWrites(t, s.admin, s.connectionId, from, 'ainda aí?');
      expect(webhook.requests).toHaveLength(1);
      expect(await ticketOf(ticket.id)).toMatchObject({ chatbot: false, status: 'open' });

      const sent = await t
        .http()
        .post(`/api/messages/${ticket.id}`)
        .set(s.admin.auth)
        .send({ body: 'Olá {{firstName}} ({nome}), seu protocolo é {protocolo}.' });
      expect(sent.status).toBe(201);
      // Both spellings, and the Portuguese names, in one text.
      expect(sent.body[0].body).toBe(`Olá Júlia (Júlia Castro), seu protocolo é ${ticket.protocol}.`);
    });
  });

  describe('an install that keeps integrations off its private network', () => {
    it('refuses webhook addresses on loopback, in the test button and in the bot', async () => {
      // The policy reads the live config: this install turns private networks off for the length of the test.
      t.config.automation.allowPrivateNetworks = false;
      try {
        const s = await setup(1);
        const tested = await t
          .http()
          .post('/api/queueIntegration/testSession')
          .set(s.admin.auth)
          .send({ type: 'webhook', urlN8N: `${webhook.url}/hook` });
        expect(tested.status).toBe(400);
        expect(tested.body.error).toBe('ERR_INTEGRATION_TEST_FAILED');
        expect(tested.body.message).toContain('private network');

        const integrationId = await createIntegration(s.admin, { type: 'webhook', name: 'Interno', urlN8N: `${webhook.url}/interno` });
        await t.http().put(`/api/queue/${s.tenant.queues[0]!.id}`).set(s.admin.auth).send({ integrationId }).expect(200);
        webhook.reset();
        const ticket = await customerWrites(t, s.admin, s.connectionId, nextPhone(), 'oi');
        expect(webhook.requests).toHaveLength(0);
        expect((await ticketOf(ticket.id)).status).toBe('pending');
      } finally {
        t.config.automation.allowPrivateNetworks = true;
      }
    });
  });
});
