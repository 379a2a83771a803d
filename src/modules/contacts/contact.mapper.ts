import type { ContactResponse } from '../../shared/api-types.js';
import type { Contact } from './contact.entity.js';

/** Expects `whatsapp` and `extraInfo` loaded when present. */
export function toContactResponse(contact: Contact): ContactResponse {
  const whatsapp = contact.whatsapp?.isInitialized() ? contact.whatsapp.getEntity() : null;
  return {
    id: contact.id,
    uuid: contact.uuid,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    profilePicUrl: contact.profilePicUrl,
    isGroup: contact.isGroup,
    whatsappId: contact.whatsapp?.id ?? null,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
    isWhatsappValid: contact.isWhatsappValid,
    extraInfo: contact.extraInfo.isInitialized() ? contact.extraInfo.getItems().map((f) => ({ id: f.id, name: f.name, value: f.value })) : [],
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

export type { ContactResponse };
