import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from './contact.entity.js';

/** What a contact answer carries: its connection and its extra fields in the order they were added. */
export const CONTACT_DETAILS = { populate: ['whatsapp', 'extraInfo'], populateOrderBy: { extraInfo: { id: 'ASC' } } } as const;

/**
 * The request's company's contacts stored under any of these spellings of one phone (Brazil's ninth digit both ways),
 * oldest first, with their details; `exceptId` leaves one contact out (the one being edited).
 */
export function contactsWithNumber(em: EntityManager, numbers: string[], exceptId?: number): Promise<Contact[]> {
  return em.find(
    Contact,
    { number: { $in: numbers }, ...(exceptId !== undefined && { id: { $ne: exceptId } }) },
    { ...CONTACT_DETAILS, orderBy: { id: 'ASC' } },
  );
}
