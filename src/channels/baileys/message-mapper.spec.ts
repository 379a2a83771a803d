import { describe, expect, it } from '@jest/globals';
import { proto, WAMessageStubType, type WACallEvent, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { mapCall } from './call-mapper.js';
import { mapBaileysMessage, mapCallToLog } from './message-mapper.js';

const CUSTOMER = '5511988887777@s.whatsapp.net';

function message(content: proto.IMessage | null, key: Partial<WAMessageKey> = {}, extra: Partial<WAMessage> = {}): WAMessage {
  return {
    key: { id: 'MSG1', remoteJid: CUSTOMER, fromMe: false, ...key },
    message: content,
    messageTimestamp: 1_700_000_000,
    pushName: 'Maria',
    ...extra,
  };
}

const downloaded = Buffer.from('file bytes');
const download = async (): Promise<Buffer> => downloaded;
const map = (msg: WAMessage) => mapBaileysMessage(msg, download);

describe('mapBaileysMessage: text', () => {
  it('maps a conversation from a customer', () => {
    expect(map(message({ conversation: 'Oi' }))).toEqual({
      providerId: 'MSG1',
      remoteJid: CUSTOMER,
      fromMe: false,
      isGroup: false,
      contactNumber: '5511988887777',
      pushName: 'Maria',
      participant: null,
      senderName: null,
      timestamp: new Date(1_700_000_000_000),
      mediaType: 'chat',
      body: 'Oi',
      media: null,
      quotedProviderId: null,
      reactionTo: null,
    });
  });

  it('maps an extended text reply and keeps the quoted message id', () => {
    const mapped = map(message({ extendedTextMessage: { text: 'Sim', contextInfo: { stanzaId: 'QUOTED1', quotedMessage: { conversation: 'Pode?' } } } }));
    expect(mapped).toMatchObject({ mediaType: 'chat', body: 'Sim', quotedProviderId: 'QUOTED1' });
  });

  it('reads a protobuf Long timestamp', () => {
    const long = { low: 1_700_000_100, high: 0, unsigned: false, toNumber: () => 1_700_000_100 };
    const mapped = map(message({ conversation: 'x' }, {}, { messageTimestamp: long as unknown as WAMessage['messageTimestamp'] }));
    expect(mapped?.timestamp).toEqual(new Date(1_700_000_100_000));
  });

  it('does not take our own push name for a message sent from the phone', () => {
    expect(map(message({ conversation: 'Enviado do celular' }, { fromMe: true }))).toMatchObject({
      fromMe: true,
      pushName: null,
      contactNumber: '5511988887777',
    });
  });

  it('maps bot menu answers as text', () => {
    expect(map(message({ buttonsResponseMessage: { selectedDisplayText: 'Financeiro' } }))).toMatchObject({ mediaType: 'chat', body: 'Financeiro' });
    expect(map(message({ listResponseMessage: { title: 'Suporte' } }))).toMatchObject({ mediaType: 'chat', body: 'Suporte' });
  });
});

describe('mapBaileysMessage: media', () => {
  it('maps an image with caption, size and a lazy download of this message', async () => {
    const msg = message({ imageMessage: { mimetype: 'image/png', caption: 'foto', fileLength: 1234 } });
    let downloadedMessage: WAMessage | null = null;
    const mapped = mapBaileysMessage(msg, async (m) => {
      downloadedMessage = m;
      return downloaded;
    });
    expect(mapped).toMatchObject({ mediaType: 'image', body: 'foto', media: { mimetype: 'image/png', fileName: null, size: 1234 } });
    expect(downloadedMessage).toBeNull();
    await expect(mapped?.media?.download()).resolves.toBe(downloaded);
    expect(downloadedMessage).toBe(msg);
  });

  it('maps video and audio', () => {
    expect(map(message({ videoMessage: { mimetype: 'video/mp4', caption: 'vídeo' } }))).toMatchObject({
      mediaType: 'video',
      body: 'vídeo',
      media: { mimetype: 'video/mp4' },
    });
    expect(map(message({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }))).toMatchObject({
      mediaType: 'audio',
      body: '',
      media: { mimetype: 'audio/ogg; codecs=opus' },
    });
  });

  it("keeps a voice note's length and push-to-talk flag, and an audio file's length", () => {
    const voice = map(message({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 12, fileLength: 20480 } }));
    expect(voice).toMatchObject({ mediaType: 'audio', body: '', media: { mimetype: 'audio/ogg; codecs=opus', seconds: 12, voiceNote: true, size: 20480 } });
    const file = map(message({ audioMessage: { mimetype: 'audio/mpeg', seconds: 185 } }));
    expect(file).toMatchObject({ media: { mimetype: 'audio/mpeg', seconds: 185, voiceNote: false } });
    const unknown = map(message({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }));
    expect(unknown?.media).toMatchObject({ seconds: null, voiceNote: true });
  });

  it('maps a document as application with its file name', () => {
    const mapped = map(message({ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf', fileLength: 99 } }));
    expect(mapped).toMatchObject({ mediaType: 'application', body: 'boleto.pdf', media: { mimetype: 'application/pdf', fileName: 'boleto.pdf', size: 99 } });
  });

  it('unwraps a document with caption', () => {
    const mapped = map(
      message({ documentWithCaptionMessage: { message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'segue a nota' } } } }),
    );
    expect(mapped).toMatchObject({ mediaType: 'application', body: 'segue a nota', media: { fileName: 'nota.pdf' } });
  });

  it('maps a sticker', () => {
    expect(map(message({ stickerMessage: { mimetype: 'image/webp' } }))).toMatchObject({ mediaType: 'sticker', media: { mimetype: 'image/webp' } });
  });

  it('unwraps ephemeral and view-once wrappers', () => {
    const ephemeral = message({ ephemeralMessage: { message: { conversation: 'some em 24h' } } });
    const viewOnce = message({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg' } } } });
    expect(map(ephemeral)).toMatchObject({ mediaType: 'chat', body: 'some em 24h' });
    expect(map(viewOnce)).toMatchObject({ mediaType: 'image' });
  });
});

describe('mapBaileysMessage: location, contacts, reactions', () => {
  it('maps a location with name and address', () => {
    const mapped = map(message({ locationMessage: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja', address: 'Av. Paulista, 1000' } }));
    expect(mapped).toMatchObject({ mediaType: 'locationMessage', body: '-23.55,-46.63\nLoja\nAv. Paulista, 1000', media: null });
  });

  it('maps a live location', () => {
    expect(map(message({ liveLocationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.5 } }))).toMatchObject({
      mediaType: 'locationMessage',
      body: '1.5,2.5',
    });
  });

  it('maps one contact card and a list of cards', () => {
    const card = 'BEGIN:VCARD\nFN:Ana\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';
    const other = 'BEGIN:VCARD\nFN:Bia\nEND:VCARD';
    expect(map(message({ contactMessage: { displayName: 'Ana', vcard: card } }))).toMatchObject({ mediaType: 'contactMessage', body: card });
    expect(map(message({ contactsArrayMessage: { contacts: [{ vcard: card }, { vcard: other }] } }))).toMatchObject({
      mediaType: 'vcard',
      body: `${card}\n${other}`,
    });
  });

  it('maps a reaction to the reacted message', () => {
    const mapped = map(message({ reactionMessage: { text: '👍', key: { id: 'TARGET', remoteJid: CUSTOMER, fromMe: true } } }));
    expect(mapped).toMatchObject({ mediaType: 'reactionMessage', body: '👍', reactionTo: 'TARGET' });
  });
});

describe('mapBaileysMessage: addressing', () => {
  it('maps a group message to the group contact and keeps the sender', () => {
    const mapped = map(message({ conversation: 'Bom dia grupo' }, { remoteJid: '120363025246125888@g.us', participant: '5511977776666@s.whatsapp.net' }));
    expect(mapped).toMatchObject({
      isGroup: true,
      contactNumber: '120363025246125888',
      participant: '5511977776666@s.whatsapp.net',
      senderName: 'Maria',
      remoteJid: '120363025246125888@g.us',
    });
  });

  it('prefers the phone number of a LID-addressed customer', () => {
    const mapped = map(message({ conversation: 'Oi' }, { remoteJid: '123456789012345@lid', remoteJidAlt: CUSTOMER, addressingMode: 'lid' }));
    expect(mapped).toMatchObject({ contactNumber: '5511988887777', remoteJid: '123456789012345@lid' });
  });

  it('strips the device suffix from the jid', () => {
    expect(map(message({ conversation: 'Oi' }, { remoteJid: '5511988887777:12@s.whatsapp.net' }))?.contactNumber).toBe('5511988887777');
  });
});

describe('mapBaileysMessage: ignored messages', () => {
  it('ignores status broadcasts', () => {
    expect(map(message({ conversation: 'status' }, { remoteJid: 'status@broadcast', participant: CUSTOMER }))).toBeNull();
  });

  it('ignores system stubs and messages without content', () => {
    expect(map(message(null, {}, { messageStubType: WAMessageStubType.GROUP_PARTICIPANT_ADD }))).toBeNull();
    expect(map(message(null))).toBeNull();
    expect(map(message({ senderKeyDistributionMessage: { groupId: 'g' } }))).toBeNull();
    expect(map(message({ conversation: '' }))).toBeNull();
  });

  it('leaves edits and revokes to the change routing', () => {
    const revoke = message({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'OLD' } } });
    const edit = message({
      editedMessage: {
        message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: { id: 'OLD' }, editedMessage: { conversation: 'novo' } } },
      },
    });
    expect(map(revoke)).toBeNull();
    expect(map(edit)).toBeNull();
  });

  it('ignores kinds the help desk does not show', () => {
    expect(map(message({ pollCreationMessage: { name: 'Enquete' } }))).toBeNull();
  });
});

describe('calls', () => {
  const offer: WACallEvent = {
    chatId: '123456789012345@lid',
    from: '123456789012345@lid',
    callerPn: '5511988887777@s.whatsapp.net',
    id: 'CALL1',
    date: new Date(1_700_000_000_000),
    isVideo: true,
    status: 'offer',
    offline: false,
  };

  it('maps an offer to the caller phone number', () => {
    expect(mapCall(offer)).toEqual({ callId: 'CALL1', from: CUSTOMER, isVideo: true, isGroup: false, timestamp: offer.date });
  });

  it('logs a missed call as a call_log message', () => {
    expect(mapCallToLog(mapCall(offer))).toMatchObject({
      providerId: 'CALL1',
      mediaType: 'call_log',
      body: 'Chamada de vídeo perdida',
      contactNumber: '5511988887777',
    });
    expect(mapCallToLog(mapCall({ ...offer, isVideo: false }))).toMatchObject({ body: 'Chamada de voz perdida' });
  });
});
