import { describe, expect, it } from '@jest/globals';
import { proto } from '@whiskeysockets/baileys';
import { AppError } from '../../common/errors/app-error.js';
import { parseVcard } from '../../../admin/src/pages/tickets/sharedContent.js';
import { unsupportedBody } from './cloud-message-mapper.js';
import { CLOUD_ACK, type CloudMessageEvent, type CloudStatusEvent, jsonDepth, parseWebhook, parseWebhookBody, WEBHOOK_MAX_DEPTH } from './webhook-events.js';

const PHONE_ID = '106540352242922';
const CUSTOMER = '5511999998888';

/** A payload shaped as Meta's reference shows it, with the given messages and statuses. */
function payload(value: Record<string, unknown>, extraChanges: unknown[] = []) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_ID }, ...value },
          },
          ...extraChanges,
        ],
      },
    ],
  };
}

const inbound = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  payload({
    contacts: [{ profile: { name: 'Ana Silva' }, wa_id: CUSTOMER }],
    messages: [{ from: CUSTOMER, id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=', timestamp: '1749416383', ...content, ...extra }],
  });

function message(content: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const events = parseWebhook(inbound(content, extra));
  expect(events).toHaveLength(1);
  expect(events[0]!.kind).toBe('message');
  return (events[0] as CloudMessageEvent).message;
}

const badPayload = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  throw new Error('expected a refusal');
};

describe('parseWebhook: inbound messages', () => {
  it('maps a text message with the common fields of the port', () => {
    const events = parseWebhook(inbound({ type: 'text', text: { body: 'Does it come in another color?' } }));
    expect(events).toEqual([
      {
        kind: 'message',
        phoneNumberId: PHONE_ID,
        message: {
          providerId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
          remoteJid: `${CUSTOMER}@s.whatsapp.net`,
          fromMe: false,
          isGroup: false,
          contactNumber: CUSTOMER,
          pushName: 'Ana Silva',
          groupName: null,
          participant: null,
          senderName: null,
          timestamp: new Date(1749416383 * 1000),
          mediaType: 'chat',
          body: 'Does it come in another color?',
          media: null,
          quotedProviderId: null,
          reactionTo: null,
        },
      },
    ]);
  });

  it('takes a reply’s quoted message from context.id', () => {
    const m = message({ type: 'text', text: { body: 'this one' } }, { context: { from: '15550783881', id: 'wamid.QUOTED' } });
    expect(m.quotedProviderId).toBe('wamid.QUOTED');
  });

  it('describes images, videos, documents and stickers by media id, without downloading them', () => {
    const image = message({ type: 'image', image: { id: '1479537139650973', mime_type: 'image/jpeg', sha256: 'SfInY+...=', caption: 'a foto' } });
    expect(image).toMatchObject({ mediaType: 'image', body: 'a foto' });
    expect(image.media).toEqual({ mediaId: '1479537139650973', mimetype: 'image/jpeg', fileName: null, voiceNote: false, sha256: 'SfInY+...=' });
    expect(message({ type: 'video', video: { id: '2', mime_type: 'video/mp4' } })).toMatchObject({ mediaType: 'video', body: '', media: { mediaId: '2' } });
    const document = message({ type: 'document', document: { id: '3', mime_type: 'application/pdf', filename: 'boleto.pdf' } });
    expect(document).toMatchObject({
      mediaType: 'application',
      body: 'boleto.pdf',
      media: { mediaId: '3', fileName: 'boleto.pdf', mimetype: 'application/pdf' },
    });
    const withCaption = message({ type: 'document', document: { id: '3', mime_type: 'application/pdf', filename: 'boleto.pdf', caption: 'segue' } });
    expect(withCaption.body).toBe('segue');
    const sticker = message({ type: 'sticker', sticker: { id: '4', mime_type: 'image/webp', animated: false } });
    expect(sticker).toMatchObject({ mediaType: 'sticker', body: '', media: { mediaId: '4', mimetype: 'image/webp' } });
  });

  it('tells voice notes from audio files', () => {
    expect(message({ type: 'audio', audio: { id: '5', mime_type: 'audio/ogg; codecs=opus', voice: true } })).toMatchObject({
      mediaType: 'audio',
      body: '',
      media: { mediaId: '5', voiceNote: true },
    });
    expect(message({ type: 'audio', audio: { id: '6', mime_type: 'audio/mpeg' } }).media?.voiceNote).toBe(false);
  });

  it('writes locations as the Baileys mapper does: coordinates, then name and address', () => {
    const m = message({ type: 'location', location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro', address: 'Praça da Sé, São Paulo' } });
    expect(m).toMatchObject({ mediaType: 'locationMessage', body: '-23.5505,-46.6333\nLoja Centro\nPraça da Sé, São Paulo' });
    expect(message({ type: 'location', location: { latitude: '1.5', longitude: '2' } }).body).toBe('1.5,2');
  });

  it('turns shared contacts into vCards the browser reads: one is a contactMessage, several a vcard list', () => {
    const ana = {
      name: { formatted_name: 'Ana Silva', first_name: 'Ana', last_name: 'Silva' },
      phones: [{ phone: '+55 11 99999-8888', wa_id: '5511999998888', type: 'CELL' }],
    };
    const one = message({ type: 'contacts', contacts: [ana] });
    expect(one.mediaType).toBe('contactMessage');
    expect(parseVcard(one.body)).toEqual({ name: 'Ana Silva', number: '5511999998888' });
    const two = message({ type: 'contacts', contacts: [ana, { name: { formatted_name: 'Bruno' }, phones: [{ phone: '+55 21 3333-4444' }] }] });
    expect(two.mediaType).toBe('vcard');
    expect(two.body.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(two.body).toContain('FN:Bruno');
  });

  it('maps reactions, and a reaction taken back as an empty one', () => {
    expect(message({ type: 'reaction', reaction: { message_id: 'wamid.MINE', emoji: '👍' } })).toMatchObject({
      mediaType: 'reactionMessage',
      body: '👍',
      reactionTo: 'wamid.MINE',
    });
    expect(message({ type: 'reaction', reaction: { message_id: 'wamid.MINE' } })).toMatchObject({ body: '', reactionTo: 'wamid.MINE' });
  });

  it('reads button, list and template quick replies as the text the customer tapped', () => {
    expect(message({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'opt-1', title: 'Suporte' } } })).toMatchObject({
      mediaType: 'chat',
      body: 'Suporte',
    });
    const list = { type: 'list_reply', list_reply: { id: 'row-2', title: 'Financeiro', description: 'Boletos e notas' } };
    expect(message({ type: 'interactive', interactive: list }).body).toBe('Financeiro');
    expect(message({ type: 'button', button: { payload: 'STOP', text: 'Parar promoções' } }).body).toBe('Parar promoções');
  });

  it('shows unsupported kinds as a placeholder text instead of failing', () => {
    const unsupported = message(
      { type: 'unsupported', unsupported: { type: 'poll' } },
      { errors: [{ code: 131051, title: 'Message type unknown', error_data: { details: 'Message type is currently not supported.' } }] },
    );
    expect(unsupported).toMatchObject({ mediaType: 'chat', body: unsupportedBody('unsupported') });
    expect(message({ type: 'order', order: { catalog_id: '1', product_items: [] } }).body).toBe(unsupportedBody('order'));
    expect(message({ type: 'interactive', interactive: { type: 'nfm_reply', nfm_reply: { response_json: '{}' } } }).body).toBe(
      unsupportedBody('interactive/nfm_reply'),
    );
  });

  it('leaves out changes of other fields and change-level errors', () => {
    const events = parseWebhook(
      payload({ errors: [{ code: 131000, title: 'Something went wrong' }] }, [
        { field: 'message_template_status_update', value: { event: 'APPROVED', message_template_id: 1 } },
      ]),
    );
    expect(events).toEqual([]);
  });
});

describe('parseWebhook: statuses', () => {
  const status = (fields: Record<string, unknown>) =>
    parseWebhook(payload({ statuses: [{ id: 'wamid.SENT', recipient_id: CUSTOMER, timestamp: '1749416400', ...fields }] })) as CloudStatusEvent[];

  it('uses the ack levels of the port (the Baileys status numbers)', () => {
    const Status = proto.WebMessageInfo.Status;
    expect(CLOUD_ACK).toEqual({ failed: Status.ERROR, sent: Status.SERVER_ACK, delivered: Status.DELIVERY_ACK, read: Status.READ, played: Status.PLAYED });
  });

  it('maps sent, delivered and read with the send’s biz_opaque_callback_data', () => {
    for (const [name, ack] of [
      ['sent', 2],
      ['delivered', 3],
      ['read', 4],
    ] as const) {
      expect(status({ status: name, biz_opaque_callback_data: 'ticket:42' })).toEqual([
        {
          kind: 'status',
          phoneNumberId: PHONE_ID,
          providerId: 'wamid.SENT',
          ack,
          status: name,
          recipient: CUSTOMER,
          at: new Date(1749416400 * 1000),
          bizOpaque: 'ticket:42',
        },
      ]);
    }
  });

  it('carries the error of a failed status', () => {
    const [failed] = status({
      status: 'failed',
      errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed.' } }],
    });
    expect(failed).toMatchObject({
      status: 'failed',
      ack: 0,
      bizOpaque: null,
      error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed.' },
    });
  });

  it('leaves out statuses it does not track', () => {
    expect(status({ status: 'deleted' })).toEqual([]);
  });
});

describe('parseWebhook: shape and budgets', () => {
  it('refuses what is not Meta’s shape with ERR_CLOUD_BAD_PAYLOAD', () => {
    for (const body of [
      null,
      'text',
      [],
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account', entry: {} },
      { object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { messaging_product: 'whatsapp' } }] }] },
      inbound({ type: 'text', text: 'not an object' }),
      inbound({ type: 'text', text: { body: 'x' } }, { timestamp: 'yesterday' }),
      inbound({ type: 'text', text: { body: 'x' } }, { id: undefined }),
      inbound({ type: 'image', image: { mime_type: 'image/jpeg' } }),
      inbound({ type: 'location', location: { latitude: 'north', longitude: 0 } }),
    ]) {
      expect(badPayload(() => parseWebhook(body))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    }
  });

  it('refuses more entries, changes or items than its budget', () => {
    const many = (count: number) => Array.from({ length: count }, () => ({ id: '1', changes: [] }));
    expect(badPayload(() => parseWebhook({ object: 'whatsapp_business_account', entry: many(101) }))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    const changes = Array.from({ length: 101 }, () => ({ field: 'messages', value: {} }));
    expect(badPayload(() => parseWebhook({ object: 'whatsapp_business_account', entry: [{ id: '1', changes }] }))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    const statuses = Array.from({ length: 1001 }, (_, i) => ({ id: `wamid.${i}`, status: 'sent', recipient_id: CUSTOMER, timestamp: '1' }));
    expect(badPayload(() => parseWebhook(payload({ statuses })))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    // The budget is for the whole payload: two changes of 600 statuses each are over it too.
    const half = { field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: PHONE_ID }, statuses: statuses.slice(0, 600) } };
    expect(badPayload(() => parseWebhook(payload({ statuses: statuses.slice(0, 600) }, [half])))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect(parseWebhook(payload({ statuses: statuses.slice(0, 600) }))).toHaveLength(600);
  });

  it('cuts long texts instead of keeping them whole', () => {
    const m = message({ type: 'text', text: { body: 'a'.repeat(70_000) } });
    expect(m.body).toHaveLength(65_536);
  });

  it('refuses an oversized or non-JSON raw body before parsing it', () => {
    const raw = Buffer.from(JSON.stringify(inbound({ type: 'text', text: { body: 'x'.repeat(2000) } })));
    expect(badPayload(() => parseWebhookBody(raw, { maxBytes: 1000 }))).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect(parseWebhookBody(raw)).toHaveLength(1);
    expect(badPayload(() => parseWebhookBody(Buffer.from('{"object":')))).toBe('ERR_CLOUD_BAD_PAYLOAD');
  });

  it('refuses a body nested deeper than Meta nests before JSON.parse builds it; brackets inside strings do not count', () => {
    const deep = (levels: number) => Buffer.from(`{"object":"whatsapp_business_account","entry":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    expect(jsonDepth(deep(WEBHOOK_MAX_DEPTH), 1000)).toBe(WEBHOOK_MAX_DEPTH + 1);
    expect(badPayload(() => parseWebhookBody(deep(WEBHOOK_MAX_DEPTH)))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    expect(badPayload(() => parseWebhookBody(deep(500_000)))).toBe('ERR_CLOUD_BAD_PAYLOAD');
    const bracketsInText = Buffer.from(JSON.stringify(inbound({ type: 'text', text: { body: `${'[{'.repeat(100)} \\" ${'"['.repeat(50)}` } })));
    expect(jsonDepth(bracketsInText, 1000)).toBeLessThan(12);
    expect(parseWebhookBody(bracketsInText)).toHaveLength(1);
  });
});
