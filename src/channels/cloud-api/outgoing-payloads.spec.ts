import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import type { CloudApiCredentials } from './cloud-api-types.js';
import { type FakeGraphApi, fakeCredentials, startFakeGraphApi } from './fake-graph-api.js';
import { FAKE_NAMED_TEMPLATE, FAKE_TEMPLATES } from './fake-graph-fixtures.js';
import { GraphApiClient } from './graph-api.client.js';
import { mediaPayload, reactionPayload, readPayload, templatePayload, textPayload } from './outgoing-payloads.js';
import { renderTemplateText, templateParams, templateSlots } from './template-slots.js';

const CUSTOMER = '5511999998888';
let fake: FakeGraphApi;
let creds: CloudApiCredentials;
const client = new GraphApiClient();

const TEMPLATES = [...FAKE_TEMPLATES, FAKE_NAMED_TEMPLATE];
const template = (name: string) => TEMPLATES.find((t) => t.name === name)!;

async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

/** A raw body posted to the fake's messages edge: its status and Graph error code. */
async function postRaw(body: unknown): Promise<{ status: number; code: number | undefined }> {
  const response = await fetch(`${fake.baseUrl}/${fake.version}/${creds.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { error?: { code: number } };
  return { status: response.status, code: json.error?.code };
}

beforeAll(async () => {
  fake = await startFakeGraphApi({ appSecret: 'secret', templates: TEMPLATES.map((t) => structuredClone(t)) });
  creds = fakeCredentials(fake, 'secret');
  fake.markInbound(CUSTOMER);
});

afterAll(() => fake.close());

describe('payload builders', () => {
  it('builds a text message as documented, with reply context and opaque data', async () => {
    const payload = textPayload(`${CUSTOMER}@s.whatsapp.net`, 'Veja https://example.com', { replyTo: 'wamid.QUOTED', bizOpaque: 'ticket:7' });
    expect(payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      context: { message_id: 'wamid.QUOTED' },
      biz_opaque_callback_data: 'ticket:7',
      type: 'text',
      text: { body: 'Veja https://example.com', preview_url: true },
    });
    expect(textPayload('+55 (11) 99999-8888', 'oi')).toMatchObject({ to: CUSTOMER, text: { body: 'oi', preview_url: false } });
    const sent = await client.send(creds, payload);
    expect(fake.wire.at(-1)).toMatchObject({ id: sent.providerId, to: CUSTOMER, type: 'text', payload });
  });

  it('refuses what Meta would: empty or long texts, groups, long opaque data', async () => {
    expect((await refusal(() => textPayload(CUSTOMER, '  '))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => textPayload(CUSTOMER, 'x'.repeat(4097)))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => textPayload('1203630@g.us', 'oi'))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => textPayload(CUSTOMER, 'oi', { bizOpaque: 'x'.repeat(513) }))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
  });

  it('builds every media kind, by uploaded id or by link, and the fake accepts each', async () => {
    const id = await client.uploadMedia(creds, Buffer.from('%PDF-1.4 fake'), 'application/pdf', 'boleto.pdf');
    expect(mediaPayload(CUSTOMER, 'document', { id }, { caption: 'Seu boleto', filename: 'boleto.pdf' })).toMatchObject({
      type: 'document',
      document: { id, caption: 'Seu boleto', filename: 'boleto.pdf' },
    });
    const payloads = [
      mediaPayload(CUSTOMER, 'document', { id }, { caption: 'Seu boleto', filename: 'boleto.pdf', replyTo: 'wamid.Q' }),
      mediaPayload(CUSTOMER, 'image', { link: 'https://example.com/a.jpg' }, { caption: 'foto', filename: 'ignored.jpg' }),
      mediaPayload(CUSTOMER, 'video', { id }),
      mediaPayload(CUSTOMER, 'audio', { id }, { bizOpaque: 'ticket:8' }),
      mediaPayload(CUSTOMER, 'sticker', { link: 'https://example.com/s.webp' }),
    ];
    expect(payloads[1]).toMatchObject({ image: { link: 'https://example.com/a.jpg', caption: 'foto' } });
    expect(payloads[1]).not.toHaveProperty('image.filename');
    for (const payload of payloads) await client.send(creds, payload);
    expect(fake.wire.slice(-5).map((w) => w.type)).toEqual(['document', 'image', 'video', 'audio', 'sticker']);
  });

  it('refuses a caption on audio and stickers (Meta has none there)', async () => {
    expect((await refusal(() => mediaPayload(CUSTOMER, 'audio', { id: '1' }, { caption: 'ouça' }))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => mediaPayload(CUSTOMER, 'sticker', { id: '1' }, { caption: 'x' }))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
  });

  it('builds reactions and read receipts', async () => {
    const reaction = reactionPayload(CUSTOMER, 'wamid.THEIRS', '❤️');
    expect(reaction).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      type: 'reaction',
      reaction: { message_id: 'wamid.THEIRS', emoji: '❤️' },
    });
    await client.send(creds, reaction);
    await client.send(creds, reactionPayload(CUSTOMER, 'wamid.THEIRS', ''));
    expect(fake.wire.at(-1)).toMatchObject({ type: 'reaction', payload: { reaction: { message_id: 'wamid.THEIRS', emoji: '' } } });
    for (const emoji of ['👍🏽', '👨‍👩‍👧', '🇧🇷', '🙏']) await client.send(creds, reactionPayload(CUSTOMER, 'wamid.THEIRS', emoji));
    expect((await refusal(() => reactionPayload(CUSTOMER, 'wamid.THEIRS', 'ok'))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => reactionPayload(CUSTOMER, 'wamid.THEIRS', '👍👍'))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect((await refusal(() => reactionPayload(CUSTOMER, '', '👍'))).code).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect(readPayload('wamid.THEIRS')).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.THEIRS' });
    await client.markRead(creds, 'wamid.THEIRS');
    expect(fake.readReceipts).toContain('wamid.THEIRS');
  });

  it('builds templates with body values and a media header', async () => {
    const order = template('pedido_confirmado');
    const params = templateParams(order, ['Ana', 'Nº 123', 'extra']);
    expect(params).toEqual({
      header: [],
      body: [
        { name: '1', text: 'Ana' },
        { name: '2', text: 'Nº 123' },
      ],
      buttons: [],
    });
    const payload = templatePayload(CUSTOMER, { name: order.name, language: order.language, params, bizOpaque: 'campaign:3' });
    expect(payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      biz_opaque_callback_data: 'campaign:3',
      type: 'template',
      template: {
        name: 'pedido_confirmado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'Nº 123' },
            ],
          },
        ],
      },
    });
    await client.send(creds, payload);
    const welcome = template('boas_vindas');
    const withHeader = templatePayload('5521988887777', {
      name: welcome.name,
      language: welcome.language,
      params: templateParams(welcome, ['Bruno']),
      headerMedia: { kind: 'image', link: 'https://example.com/banner.jpg' },
    });
    expect(withHeader).toMatchObject({
      template: { components: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://example.com/banner.jpg' } }] }, { type: 'body' }] },
    });
    // Templates need no open window: this customer never wrote.
    await client.send(creds, withHeader);
    const hello = template('hello_world');
    expect(templatePayload(CUSTOMER, { name: hello.name, language: hello.language, params: templateParams(hello, []) }).template).toEqual({
      name: 'hello_world',
      language: { code: 'en_US' },
    });
    await client.send(creds, templatePayload(CUSTOMER, { name: hello.name, language: hello.language, params: templateParams(hello, []) }));
  });

  it('fills named placeholders, a text header and a URL button as Meta documents them', async () => {
    const tracking = template('rastreio_pedido');
    expect(templateSlots(tracking.components)).toEqual([
      { part: 'header', name: 'order_id' },
      { part: 'body', name: 'first_name' },
      { part: 'body', name: 'order_id' },
      { part: 'body', name: 'carrier' },
      { part: 'button', name: '1', button: 1 },
    ]);
    const params = templateParams(tracking, ['A-77', 'Ana', 'A-77', 'Correios', 'A-77?x=1']);
    const payload = templatePayload(CUSTOMER, { name: tracking.name, language: tracking.language, params });
    expect(payload.template).toEqual({
      name: 'rastreio_pedido',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: 'A-77' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Ana' },
            { type: 'text', parameter_name: 'order_id', text: 'A-77' },
            { type: 'text', parameter_name: 'carrier', text: 'Correios' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-77?x=1' }] },
      ],
    });
    // The fake checks the parts against the approved template: accepted as built, refused without the button's value.
    await client.send(creds, payload);
    const withoutButton = { ...payload, template: { ...payload.template, components: payload.template.components!.slice(0, 2) } };
    expect(await postRaw(withoutButton)).toEqual({ status: 400, code: 132000 });
    const wrongName = structuredClone(payload);
    (wrongName.template.components![1]!.parameters[0] as { parameter_name: string }).parameter_name = 'nome';
    expect(await postRaw(wrongName)).toEqual({ status: 400, code: 132000 });
    expect(renderTemplateText(tracking.components, params)).toBe('*Pedido A-77*\nOlá Ana, seu pedido A-77 saiu com Correios.');
  });

  it('fits template values to what Meta accepts, and renders the body', async () => {
    const order = template('pedido_confirmado');
    expect(templateParams(order, ['Ana\nMaria', 'a\tb      c']).body.map((p) => p.text)).toEqual(['Ana Maria', 'a b c']);
    expect((await refusal(() => templateParams(order, ['Ana']))).code).toBe('ERR_VALIDATION');
    expect((await refusal(() => templateParams(order, ['Ana', '  ']))).code).toBe('ERR_VALIDATION');
    expect(renderTemplateText(order.components, templateParams(order, ['Ana', '123']))).toBe('Olá Ana, seu pedido 123 foi confirmado.');
  });
});

describe('the fake refuses bodies that are not the documented shape', () => {
  const text = (overrides: Record<string, unknown>) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: CUSTOMER,
    type: 'text',
    text: { body: 'oi' },
    ...overrides,
  });
  const order = (parameters: unknown[]) => ({
    messaging_product: 'whatsapp',
    to: CUSTOMER,
    type: 'template',
    template: { name: 'pedido_confirmado', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters }] },
  });

  it.each([
    ['an unknown type', text({ type: 'carousel', carousel: {} }), 100],
    ['an unknown key', text({ priority: 'high' }), 100],
    ['a missing product', text({ messaging_product: undefined }), 100],
    ['a number with letters', text({ to: '55abc' }), 100],
    ['a text without body', text({ text: {} }), 100],
    ['a text with an unknown key', text({ text: { body: 'oi', bold: true } }), 100],
    ['media with both id and link', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'image', image: { id: '1', link: 'https://x.y/z' } }, 100],
    ['a caption on audio', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'audio', audio: { link: 'https://x.y/a.ogg', caption: 'x' } }, 100],
    ['a reaction without its message', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'reaction', reaction: { emoji: '👍' } }, 100],
    [
      'a reaction with an unknown key',
      { messaging_product: 'whatsapp', to: CUSTOMER, type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍', n: 1 } },
      100,
    ],
    ['a reaction without emoji', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'reaction', reaction: { message_id: 'wamid.X' } }, 100],
    ['a reaction with text', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'reaction', reaction: { message_id: 'wamid.X', emoji: 'ok' } }, 131009],
    [
      'a reaction with two emoji',
      { messaging_product: 'whatsapp', to: CUSTOMER, type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍👍' } },
      131009,
    ],
    ['an unknown media id', { messaging_product: 'whatsapp', to: CUSTOMER, type: 'video', video: { id: '404' } }, 131009],
    ['a template value count that differs', order([{ type: 'text', text: 'Ana' }]), 132000],
    [
      'a template value with a line break',
      order([
        { type: 'text', text: 'Ana\nMaria' },
        { type: 'text', text: '1' },
      ]),
      100,
    ],
    [
      'a rejected template',
      { messaging_product: 'whatsapp', to: CUSTOMER, type: 'template', template: { name: 'promocao_relampago', language: { code: 'pt_BR' } } },
      132001,
    ],
  ])('%s', async (_name, body, code) => {
    const answer = await postRaw(body);
    expect(answer.code).toBe(code);
    expect(answer.status).toBe(400);
  });
});
