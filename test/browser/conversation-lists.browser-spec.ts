import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';

/** The attendant's side of the conversation screens: live tab counts, readable chips, badges, names and notices. */
describe('conversation and lists', () => {
  const suite = demoBrowserSuite();
  let page: Page;
  /** A second admin for API calls: signing the demo accounts in again would end the browser's session. */
  let admin: Session;
  let attendantId: number;
  let bareConnectionId: number;

  // By CSS: after a resize to a phone the menu drawer opens as a modal and hides the rest from role queries.
  const assignedTab = () => page.locator('[role="tab"]', { hasText: /^Atendendo/ });
  /** The "Atendendo" badge as shown: its number, or null while it is hidden. */
  const assignedCount = () =>
    assignedTab()
      .locator('.MuiBadge-badge')
      .evaluate((badge) => (badge.classList.contains('MuiBadge-invisible') ? null : badge.textContent));
  const ticketFor = async (number: string, name: string) => {
    const ticket = await customerWrites(suite.t, admin, bareConnectionId, number, 'Oi, tudo bem?', name);
    await suite.t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: attendantId }).expect(200);
    return ticket;
  };

  beforeAll(async () => {
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    admin = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    attendantId = (await em.findOneOrFail(User, { email: DEMO_ACCOUNTS.attendant.email }, { filters: false })).id;
    // Its tickets have no queue: no queue room of the attendant hears them, only their own.
    bareConnectionId = (await connectedSimulator(suite.t, company.id, 'Sem filas')).id;
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.waitForSelector('a[href="/tickets"]');
  });
  afterAll(() => page?.close());
  beforeEach(() => page.setViewportSize({ width: 1440, height: 900 }));

  it('moves the Atendendo count live when the attendant closes their only ticket, and when the admin acts', async () => {
    await page.goto(`${suite.t.baseUrl}/tickets`);
    await assignedTab().waitFor();
    await waitFor(async () => (await assignedCount()) === null);
    const first = await ticketFor('5511933330001', 'Helena Prado');
    await waitFor(async () => (await assignedCount()) === '1');
    await assignedTab().click();
    const row = page.locator(`[data-ticket-id="${first.id}"]`);
    await row.getByRole('button', { name: 'Finalizar' }).click();
    await waitFor(async () => (await assignedCount()) === null);
    await screenshot(page, 'conversation-counts-after-close');

    // On a phone, the admin gives a ticket and closes it: the badge follows both without a reload.
    await page.setViewportSize({ width: 390, height: 844 });
    // The resize opens the menu drawer over the list: closed, as a phone user sees the screen.
    await page.keyboard.press('Escape');
    const second = await ticketFor('5511933330002', 'Igor Lima');
    await waitFor(async () => (await assignedCount()) === '1');
    await screenshot(page, 'conversation-counts-phone');
    await suite.t.http().put(`/api/tickets/${second.id}`).set(admin.auth).send({ status: 'closed' }).expect(200);
    await waitFor(async () => (await assignedCount()) === null);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('keeps the queue and user chips readable side by side, at 1440 px and on a phone', async () => {
    const ticket = await ticketFor('5511933330003', 'Júlia Mendonça');
    const queue = (await suite.t.http().get('/api/queue').set(admin.auth).expect(200)).body[0] as { id: number; name: string };
    await suite.t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ queueId: queue.id }).expect(200);
    await page.goto(`${suite.t.baseUrl}/tickets`);
    await assignedTab().click();
    const row = page.locator(`[data-ticket-id="${ticket.id}"]`);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await row.locator('[data-chip="queue"]', { hasText: queue.name }).waitFor();
      const measure = () =>
        row.locator('[data-chips]').evaluate((box) => {
          const clip = box.getBoundingClientRect();
          const shown = (name: string) => {
            const chip = box.querySelector(`[data-chip="${name}"]`);
            const label = chip?.querySelector('.MuiChip-label') as unknown as { scrollWidth: number; clientWidth: number } | null;
            if (!chip || !label) return { whole: false, inside: false, width: 0 };
            const rect = chip.getBoundingClientRect();
            return { whole: label.scrollWidth <= label.clientWidth, inside: rect.right <= clip.right + 0.5, width: label.clientWidth };
          };
          return { queue: shown('queue'), user: shown('user') };
        });
      // Measured once the row has laid out again after the resize (both chips drawn with their text).
      const chips = await waitFor(async () => {
        const measured = await measure();
        return measured.user.width > 0 && measured.queue.width > 0 ? measured : null;
      });
      // The queue's whole name shows inside the clip; the user's keeps a readable part.
      expect({ width, queue: chips.queue.whole && chips.queue.inside }).toEqual({ width, queue: true });
      expect(chips.user.inside).toBe(true);
      expect(chips.user.width).toBeGreaterThanOrEqual(40);
      await screenshot(page, `conversation-chips-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('names the tag selector and the language button in Portuguese, also on a phone', async () => {
    const ticket = await ticketFor('5511933330004', 'Karina Dias');
    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    const tagsBar = page.locator('[data-tags-bar]');
    await tagsBar.waitFor();
    expect(await tagsBar.locator('button[aria-label="Open"]').count()).toBe(0);
    await tagsBar.getByRole('button', { name: 'Abrir' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.locator('header button[aria-label="Idioma: Português"]').waitFor();
    await screenshot(page, 'conversation-language-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows no zero badge in the internal chat', async () => {
    const created = await suite.t
      .http()
      .post('/api/chats')
      .set(admin.auth)
      .send({ title: 'Escala da semana', users: [{ id: attendantId }] })
      .expect(201);
    await suite.t.http().post(`/api/chats/${created.body.id}/messages`).set(admin.auth).send({ message: 'Bom dia, equipe' }).expect(201);
    await page.goto(`${suite.t.baseUrl}/chats/${created.body.id}`);
    await page.getByText('Bom dia, equipe').first().waitFor();
    // Open on screen: read at once, the header counter clears and no "0" shows in the list.
    await waitFor(async () => (await page.locator('[data-chat-unreads]').getAttribute('data-chat-unreads')) === '0');
    const item = page.locator(`[data-chat-item="${created.body.id}"]`);
    await waitFor(async () => (await item.getAttribute('data-unreads')) === '0');
    expect(await item.locator('[data-unread-badge] .MuiBadge-badge').isVisible()).toBe(false);
    await screenshot(page, 'conversation-chat-no-zero');
  });

  it('says so when a kanban card moves to a lane and back', async () => {
    await suite.t.http().post('/api/tags').set(admin.auth).send({ name: 'Em negociação', color: '#6A1B9A', kanban: 1 }).expect(201);
    const ticket = await ticketFor('5511933330005', 'Lucas Moura');
    // The attendant's board shows the tickets of their queues.
    const queue = (await suite.t.http().get('/api/queue').set(admin.auth).expect(200)).body[0] as { id: number };
    await suite.t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ queueId: queue.id }).expect(200);
    await page.goto(`${suite.t.baseUrl}/kanban`);
    const card = page.locator(`[data-kanban-card="${ticket.id}"]`);
    await card.getByRole('button', { name: /Mover para…/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Em negociação' }).click();
    await page.getByText('Ticket Tag Adicionado com Sucesso!').waitFor();
    await screenshot(page, 'conversation-kanban-moved');
    const tags = async () => (await suite.t.http().get(`/api/tickets/${ticket.id}`).set(admin.auth).expect(200)).body.tags as Array<{ name: string }>;
    await waitFor(async () => (await tags()).some((tag) => tag.name === 'Em negociação'));
    await page
      .locator(`[data-kanban-card="${ticket.id}"]`)
      .getByRole('button', { name: /Mover para…/ })
      .click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Em aberto' }).click();
    await page.getByText('Ticket Tag Removido!').waitFor();

    // The admin's board filters by queue, "Sem fila" included.
    const bare = await ticketFor('5511933330006', 'Nina Rocha');
    const adminPage = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await loginThroughForm(adminPage, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await adminPage.waitForSelector('a[href="/kanban"]');
      await adminPage.goto(`${suite.t.baseUrl}/kanban`);
      await adminPage.locator(`[data-kanban-card="${ticket.id}"]`).waitFor();
      await adminPage.locator(`[data-kanban-card="${bare.id}"]`).waitFor();
      await adminPage.getByRole('combobox', { name: 'Fila' }).click();
      await adminPage.getByRole('option', { name: 'Sem fila' }).click();
      await adminPage.keyboard.press('Escape');
      await adminPage.getByRole('listbox').waitFor({ state: 'detached' });
      await adminPage.locator(`[data-kanban-card="${ticket.id}"]`).waitFor({ state: 'detached' });
      await adminPage.locator(`[data-kanban-card="${bare.id}"]`).waitFor();
      await screenshot(adminPage, 'conversation-kanban-no-queue');
    } finally {
      await adminPage.close();
    }
  });

  it('says it is the role, not the plan, when a screen is refused', async () => {
    await page.goto(`${suite.t.baseUrl}/users`);
    await page.getByText('Seu perfil de usuário não tem permissão para acessar esta página! Estamos lhe redirecionando.', { exact: true }).waitFor();
    expect(await page.getByText('Esta empresa não possui permissão', { exact: false }).count()).toBe(0);
    await page.waitForURL(`${suite.t.baseUrl}/`);
  });
});
