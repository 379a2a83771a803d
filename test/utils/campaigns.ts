import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Company } from '../../src/modules/companies/company.entity.js';
import { CampaignSetting } from '../../src/modules/campaigns/campaign-setting.entity.js';
import { CampaignShipping } from '../../src/modules/campaigns/campaign-shipping.entity.js';
import { Campaign } from '../../src/modules/campaigns/campaign.entity.js';
import { ContactListItem } from '../../src/modules/contact-lists/contact-list-item.entity.js';
import { ContactList } from '../../src/modules/contact-lists/contact-list.entity.js';
import type { CampaignSettings } from '../../src/shared/campaigns.js';
import { waitFor } from './channels.js';
import type { TestApp } from './test-app.js';
import { TIME_FACTOR } from './time.js';

export interface WireEntry {
  connectionId: number;
  to: string;
  providerId: string;
  at: string;
}

/** What the simulated WhatsApp received on a connection, in order. */
export function wire(t: TestApp, connectionId: number): WireEntry[] {
  const file = join(t.config.dataDir, 'simulator', `wire-${connectionId}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WireEntry);
}

/** A contact list with these items, written directly (the list's own API is tested elsewhere). */
export async function contactListWith(
  t: TestApp,
  companyId: number,
  items: Array<{ name: string; number: string; email?: string | null; valid?: boolean | null }>,
): Promise<ContactList> {
  const em = t.em();
  const company = em.getReference(Company, companyId);
  const list = em.create(ContactList, { company, name: `Lista ${Date.now().toString(36)}` });
  for (const item of items) {
    em.create(ContactListItem, {
      company,
      contactList: list,
      name: item.name,
      number: item.number,
      email: item.email ?? null,
      isWhatsappValid: item.valid === undefined ? true : item.valid,
    });
  }
  await em.flush();
  return list;
}

/** Stores campaign settings rows as the settings API does (numbers as text, lists as JSON). */
export async function setCampaignSettings(t: TestApp, companyId: number, settings: Partial<CampaignSettings>): Promise<void> {
  const em = t.em();
  for (const [key, value] of Object.entries(settings)) {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
    const row = await em.findOne(CampaignSetting, { company: companyId, key }, { filters: false });
    if (row) row.value = text;
    else em.create(CampaignSetting, { company: em.getReference(Company, companyId), key, value: text });
  }
  await em.flush();
}

export const campaignOf = (t: TestApp, id: number) => t.em().findOneOrFail(Campaign, id, { filters: false });

export const shippingsOf = (t: TestApp, campaignId: number) =>
  t.em().find(CampaignShipping, { campaign: campaignId }, { filters: false, orderBy: { position: 'asc' } });

/** Waits until the campaign reaches the status (and answers it). */
export function campaignReaches(t: TestApp, id: number, status: Campaign['status'], timeoutMs = 15_000): Promise<Campaign> {
  return waitFor(async () => {
    const campaign = await campaignOf(t, id);
    return campaign.status === status ? campaign : null;
  }, timeoutMs * TIME_FACTOR);
}
