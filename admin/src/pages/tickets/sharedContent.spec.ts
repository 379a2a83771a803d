import { describe, expect, it } from '@jest/globals';
import { parseLocation, parseVcard } from './sharedContent';

describe('parseVcard', () => {
  it('reads FN and the waid of the phone', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Ana;;;\nFN:Ana Silva\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD';
    expect(parseVcard(vcard)).toEqual({ name: 'Ana Silva', number: '5511999998888' });
  });

  it('falls back to N and the digits of TEL, and refuses a card without number', () => {
    expect(parseVcard('BEGIN:VCARD\nN:Souza;João;;;\nTEL:+55 (21) 3333-4444\nEND:VCARD')).toEqual({ name: 'João Souza', number: '552133334444' });
    expect(parseVcard('BEGIN:VCARD\nFN:Sem número\nEND:VCARD')).toBeNull();
  });
});

describe('parseLocation', () => {
  it('uses a link in the body, else the coordinates', () => {
    expect(parseLocation('https://maps.google.com/maps?q=-23.5,-46.6|Av. Paulista')).toEqual({
      url: 'https://maps.google.com/maps?q=-23.5,-46.6',
      description: 'Av. Paulista',
    });
    expect(parseLocation('-23.561, -46.656')?.url).toBe('https://maps.google.com/maps?q=-23.561,-46.656&z=17');
    expect(parseLocation('sem local')).toBeNull();
  });
});
