import { describe, expect, it } from '@jest/globals';
import { formatDuration, messagePreview, previewText, stripWhatsAppFormatting, ticketPreviewText, vcardName, type PreviewTexts } from './message-preview.js';

const pt: PreviewTexts = {
  photo: 'Foto',
  video: 'Vídeo',
  audio: 'Áudio',
  document: 'Documento',
  sticker: 'Figurinha',
  location: 'Localização',
  contact: 'Contato',
  deleted: 'Mensagem apagada',
};

const show = (source: Parameters<typeof messagePreview>[0]) => previewText(messagePreview(source), pt);

const VCARD = 'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Maria;;;\nFN:Maria Silva\nTEL;type=CELL;waid=5511999990001:+55 11 99999-0001\nEND:VCARD';

describe('message previews', () => {
  it('shows text with the WhatsApp formatting stripped', () => {
    expect(show({ mediaType: 'chat', body: '*Olá* _tudo_ ~bem~? ```code```' })).toBe('Olá tudo bem? code');
    expect(show({ mediaType: 'chat', body: 'linha 1\n\nlinha 2' })).toBe('linha 1 linha 2');
  });

  it('keeps markers that are not formatting', () => {
    expect(stripWhatsAppFormatting('2*3*4 = 24, snake_case_name, a * b')).toBe('2*3*4 = 24, snake_case_name, a * b');
    expect(stripWhatsAppFormatting('*negrito com espaço*')).toBe('negrito com espaço');
  });

  it('shows a shared contact by name', () => {
    expect(show({ mediaType: 'contactMessage', body: VCARD })).toBe('📇 Contato: Maria Silva');
    expect(show({ mediaType: 'vcard', body: VCARD })).toBe('📇 Contato: Maria Silva');
    expect(show({ mediaType: 'contactMessage', body: 'BEGIN:VCARD\nN:Souza;João;;;\nEND:VCARD' })).toBe('📇 Contato: João Souza');
    expect(show({ mediaType: 'contactMessage', body: '' })).toBe('📇 Contato');
    expect(vcardName('FN:Silva\\, Maria')).toBe('Silva, Maria');
  });

  it('shows a location, with its place name when sent', () => {
    expect(show({ mediaType: 'locationMessage', body: '-23.5,-46.6' })).toBe('📍 Localização');
    expect(show({ mediaType: 'locationMessage', body: '-23.5,-46.6\nPraça da Sé\nSão Paulo' })).toBe('📍 Localização: Praça da Sé');
  });

  it('shows an audio with its duration when known', () => {
    expect(show({ mediaType: 'audio', body: '' })).toBe('🎤 Áudio');
    expect(show({ mediaType: 'audio', body: 'voice.ogg', seconds: 12 })).toBe('🎤 Áudio (0:12)');
    expect(formatDuration(125)).toBe('2:05');
  });

  it('shows images, videos and documents by kind, caption or file name', () => {
    expect(show({ mediaType: 'image', body: '' })).toBe('📷 Foto');
    expect(show({ mediaType: 'image', body: 'Olha *isso*' })).toBe('📷 Olha isso');
    expect(show({ mediaType: 'video', body: '' })).toBe('🎥 Vídeo');
    expect(show({ mediaType: 'video', body: 'festa' })).toBe('🎥 festa');
    expect(show({ mediaType: 'application', body: '', mediaName: 'file.pdf' })).toBe('📄 file.pdf');
    expect(show({ mediaType: 'application', body: '' })).toBe('📄 Documento');
  });

  it('shows stickers, deleted messages and calls', () => {
    expect(show({ mediaType: 'sticker', body: '' })).toBe('Figurinha');
    expect(show({ mediaType: 'chat', body: 'segredo', isDeleted: true })).toBe('Mensagem apagada');
    expect(show({ mediaType: 'call_log', body: 'Chamada de voz recebida' })).toBe('📞 Chamada de voz recebida');
  });

  it('cuts long texts and falls back to the raw last message of older tickets', () => {
    expect(messagePreview({ mediaType: 'chat', body: 'a'.repeat(500) }).text).toHaveLength(200);
    expect(ticketPreviewText({ lastMessage: '_oi_' }, pt)).toBe('oi');
    expect(ticketPreviewText({ lastMessage: null, lastMessagePreview: { kind: 'sticker' } }, pt)).toBe('Figurinha');
    expect(ticketPreviewText({ lastMessage: null }, pt)).toBe('');
  });
});
