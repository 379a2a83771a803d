import { describe, expect, it } from '@jest/globals';
import { chatBlock, preferredConnection } from './startChat';

describe('starting a chat from a contact', () => {
  it('is blocked without a number or outside WhatsApp, allowed when on WhatsApp or never checked', () => {
    expect(chatBlock({ number: '', isWhatsappValid: null })).toBe('noNumber');
    expect(chatBlock({ number: '   ', isWhatsappValid: true })).toBe('noNumber');
    expect(chatBlock({ number: '5511955550000', isWhatsappValid: false })).toBe('outsideWhatsapp');
    expect(chatBlock({ number: '5511955551111', isWhatsappValid: true })).toBeNull();
    expect(chatBlock({ number: '5511955551111', isWhatsappValid: null })).toBeNull();
  });

  it("starts on the contact's connection, else the default one, else the first", () => {
    const connections = [{ id: 1 }, { id: 2, isDefault: true }, { id: 3 }];
    expect(preferredConnection(connections, 3)?.id).toBe(3);
    expect(preferredConnection(connections, 9)?.id).toBe(2);
    expect(preferredConnection(connections, null)?.id).toBe(2);
    expect(preferredConnection([{ id: 4 }, { id: 5 }], null)?.id).toBe(4);
    expect(preferredConnection([], 1)).toBeUndefined();
  });
});
