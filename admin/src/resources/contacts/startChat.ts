import type { Contact } from './types';

/** Why a chat cannot start with a contact (core §5), or null when it can. */
export type ChatBlock = 'noNumber' | 'outsideWhatsapp';

/**
 * No number, or the last WhatsApp check found the number outside WhatsApp ('CONTATO FORA DO WHATSAPP'). A number
 * never checked (null) may start a chat: the server checks it then.
 */
export function chatBlock(contact: Pick<Contact, 'number' | 'isWhatsappValid'>): ChatBlock | null {
  if (!contact.number?.trim()) return 'noNumber';
  if (contact.isWhatsappValid === false) return 'outsideWhatsapp';
  return null;
}

/** The connection a chat starts on: the contact's own (the one it wrote to) when listed, else the default, else the first. */
export function preferredConnection<T extends { id: number; isDefault?: boolean }>(connections: T[], contactConnectionId: number | null): T | undefined {
  return connections.find((c) => c.id === contactConnectionId) ?? connections.find((c) => c.isDefault) ?? connections[0];
}
