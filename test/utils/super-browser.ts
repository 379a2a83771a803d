import type { Browser, Locator, Page } from 'playwright-core';
import { hashPassword } from '../../src/common/password.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { createDefaultSettings } from '../../src/modules/settings/default-settings.js';
import { User } from '../../src/modules/users/user.entity.js';
import { defaultSchedules } from '../../src/shared/schedules.js';
import { loginThroughForm } from './browser.js';
import type { TestApp } from './test-app.js';

/** A page as a Brazilian user's browser shows it (native date inputs read dd/mm/aaaa). */
export const newPtPage = (browser: Browser, width = 1440, height = 900): Promise<Page> => browser.newPage({ viewport: { width, height }, locale: 'pt-BR' });

/** Picks `option` in the MUI select named `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The help gallery's thumbnails and player come from the video site; this network has none. */
export const offline = (page: Page) => page.route(/youtube\.com/, (route) => route.abort());

/**
 * Waits until finite CSS transitions and animations (floating labels, dialog fades) are over, so a screenshot
 * shows the end state; endless ones (spinners) are left alone.
 */
export const settle = (page: Page) =>
  page.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/** The part of the DOM `settle` reads (the test project has no DOM typings). */
interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
}

/** Logs in and opens /settings on its first tab. */
export async function openSettings(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await offline(page);
  await loginThroughForm(page, baseUrl, email, password);
  await page.waitForSelector('a[href="/settings"]');
  await page.click('a[href="/settings"]');
  await page.getByRole('tab', { name: 'Opções' }).waitFor();
}

export interface SeededCompany {
  company: Company;
  queue: Queue;
  connection: Whatsapp;
  user: User;
}

/** Another tenant for the super user to manage: a company with a queue, a connection and an admin, stored directly. */
export async function seedCompany(t: TestApp, name: string, slug: string): Promise<SeededCompany> {
  const em = t.em();
  const plan = em.create(Plan, { name: `Plano ${name}`, users: 5, connections: 2, queues: 3, value: 10 });
  const company = em.create(Company, { name, plan, schedules: defaultSchedules() });
  createDefaultSettings(em, company);
  const queue = em.create(Queue, { company, name: `Vendas ${slug}`, color: '#6A1B9A', orderQueue: 1 });
  const connection = em.create(Whatsapp, { company, name: `WhatsApp ${slug}`, isDefault: true });
  const user = em.create(User, {
    company,
    name: `Carla ${slug}`,
    email: `carla@${slug.toLowerCase()}.example`,
    passwordHash: await hashPassword('Carla123!'),
    profile: 'admin',
  });
  await em.flush();
  return { company, queue, connection, user };
}
