import type { EntityManager } from '@mikro-orm/postgresql';
import { ContactCustomField } from './contact-custom-field.entity.js';
import type { Contact } from './contact.entity.js';
import { validationFailed } from './contact-errors.js';
import type { ExtraInfoDto } from './dto/extra-info.dto.js';

/**
 * Makes `items` the contact's whole extra-info list: rows sent with an id are updated, rows without one are added,
 * and rows left out are removed (orphan removal) on the next flush. Expects `extraInfo` loaded.
 */
export function replaceExtraInfo(em: EntityManager, contact: Contact, items: ExtraInfoDto[]): void {
  const current = new Map(contact.extraInfo.getItems().map((field) => [field.id, field]));
  const claimed = new Set<number>();
  // Every id is checked before anything changes, so a refused request leaves the contact as it was.
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (!current.has(item.id) || claimed.has(item.id)) throw validationFailed(`extraInfo.${index}.id`, 'is not an extra-info row of this contact');
    claimed.add(item.id);
  });
  const fields = items.map(({ id, name, value }) => {
    if (id === undefined) return em.create(ContactCustomField, { company: contact.company, contact, name, value });
    const field = current.get(id)!;
    field.name = name;
    field.value = value;
    return field;
  });
  contact.extraInfo.set(fields);
}
