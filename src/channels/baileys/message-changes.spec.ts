import { describe, expect, it } from '@jest/globals';
import { proto, WAMessageStubType, type WAMessage } from '@whiskeysockets/baileys';
import { ackFromReceipt, changeFromProtocolMessage, changesFromUpdate } from './message-changes.js';

const CUSTOMER = '5511988887777@s.whatsapp.net';
const { REVOKE, MESSAGE_EDIT } = proto.Message.ProtocolMessage.Type;

const protocolMessage = (content: proto.IMessage, remoteJid = CUSTOMER): WAMessage => ({
  key: { id: 'PROTO1', remoteJid, fromMe: false },
  message: content,
  messageTimestamp: 1_700_000_000,
});

describe('changeFromProtocolMessage', () => {
  it('turns a revoke into a revoke of the target message', () => {
    expect(changeFromProtocolMessage(protocolMessage({ protocolMessage: { type: REVOKE, key: { id: 'OLD' } } }))).toEqual({
      kind: 'revoke',
      providerId: 'OLD',
    });
  });

  it('turns an edit (wrapped or not) into the new text of the target message', () => {
    const edit = { protocolMessage: { type: MESSAGE_EDIT, key: { id: 'OLD' }, editedMessage: { conversation: 'corrigido' }, timestampMs: 1_700_000_005_000 } };
    expect(changeFromProtocolMessage(protocolMessage(edit))).toEqual({
      kind: 'edit',
      providerId: 'OLD',
      body: 'corrigido',
      editedAt: new Date(1_700_000_005_000),
    });
    expect(changeFromProtocolMessage(protocolMessage({ editedMessage: { message: edit } }))).toMatchObject({
      kind: 'edit',
      providerId: 'OLD',
      body: 'corrigido',
    });
  });

  it('reads the caption of an edited media message', () => {
    const edit = { protocolMessage: { type: MESSAGE_EDIT, key: { id: 'OLD' }, editedMessage: { imageMessage: { caption: 'nova legenda' } } } };
    expect(changeFromProtocolMessage(protocolMessage(edit))).toEqual({
      kind: 'edit',
      providerId: 'OLD',
      body: 'nova legenda',
      editedAt: new Date(1_700_000_000_000),
    });
  });

  it('ignores other protocol messages, plain messages and status broadcasts', () => {
    expect(
      changeFromProtocolMessage(protocolMessage({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, key: { id: 'X' } } })),
    ).toBeNull();
    expect(changeFromProtocolMessage(protocolMessage({ conversation: 'oi' }))).toBeNull();
    expect(changeFromProtocolMessage(protocolMessage({ protocolMessage: { type: REVOKE, key: { id: 'S' } } }, 'status@broadcast'))).toBeNull();
  });
});

describe('changesFromUpdate', () => {
  const key = { id: 'SENT1', remoteJid: CUSTOMER, fromMe: true };

  it('reports the status number as the ack', () => {
    expect(changesFromUpdate({ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } })).toEqual([{ kind: 'ack', providerId: 'SENT1', ack: 3 }]);
    expect(changesFromUpdate({ key, update: { status: proto.WebMessageInfo.Status.READ } })).toEqual([{ kind: 'ack', providerId: 'SENT1', ack: 4 }]);
  });

  it('reports a revoke stub and an applied edit', () => {
    expect(changesFromUpdate({ key, update: { message: null, messageStubType: WAMessageStubType.REVOKE } })).toEqual([{ kind: 'revoke', providerId: 'SENT1' }]);
    const edited = changesFromUpdate({ key, update: { message: { editedMessage: { message: { conversation: 'novo' } } }, messageTimestamp: 1_700_000_010 } });
    expect(edited).toEqual([{ kind: 'edit', providerId: 'SENT1', body: 'novo', editedAt: new Date(1_700_000_010_000) }]);
  });

  it('ignores updates without a message id or anything to report', () => {
    expect(changesFromUpdate({ key: { remoteJid: CUSTOMER }, update: { status: 3 } })).toEqual([]);
    expect(changesFromUpdate({ key, update: { starred: true } })).toEqual([]);
  });
});

describe('ackFromReceipt', () => {
  const key = { id: 'SENT1', remoteJid: '120363025246125888@g.us', fromMe: true };

  it('maps played, read and delivered receipts to acks 5, 4 and 3', () => {
    expect(ackFromReceipt({ key, receipt: { userJid: CUSTOMER, playedTimestamp: 3, readTimestamp: 2 } })).toEqual({ kind: 'ack', providerId: 'SENT1', ack: 5 });
    expect(ackFromReceipt({ key, receipt: { userJid: CUSTOMER, readTimestamp: 2 } })).toEqual({ kind: 'ack', providerId: 'SENT1', ack: 4 });
    expect(ackFromReceipt({ key, receipt: { userJid: CUSTOMER, receiptTimestamp: 1 } })).toEqual({ kind: 'ack', providerId: 'SENT1', ack: 3 });
    expect(ackFromReceipt({ key, receipt: { userJid: CUSTOMER } })).toBeNull();
  });
});
