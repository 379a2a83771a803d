import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { settle } from '../utils/super-browser.js';
import { customerWrites } from '../utils/tickets.js';
import { login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WAIT = 10000 * TIME_FACTOR;

/**
 * The rest of the attendant's pass: screens that fit a 390 px phone, dialogs that ask before Escape discards a change,
 * a toast on accept, a tab title naming the screen, toasts and field errors in the screen's language, and no action
 * offered that the rule table refuses.
 */
describe('attendant polish', () => {
  const suite = demoBrowserSuite();
  let admin: Session;
  let ticket: Ticket;
  const contexts: BrowserContext[] = [];

  async function signIn(account: { email: string; password: string }, viewport: { width: number; height: number }): Promise<Page> {
    const context = await suite.browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, account.email, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: WAIT });
    await page.locator('header button').first().waitFor({ timeout: WAIT });
    return page;
  }

  const go = async (page: Page, path: string) => {
    await page.goto(`${suite.t.baseUrl}${path}`);
    await page.locator('#main-content, main').first().waitFor({ timeout: WAIT });
  };
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: WAIT });
  const storedTicket = () => suite.t.em().fork().findOneOrFail(Ticket, { id: ticket.id }, { filters: false });
  /** Elements (by selector) whose content is wider than their box: cut or wrapped-away text. */
  const overflowing = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((all) => all.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent));

  beforeAll(async () => {
    await startConnections(suite.t);
    admin = await login(suite.t, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    // A customer writes; the ticket waits in the attendant's Comercial queue.
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    ticket = await customerWrites(suite.t, admin, connection.id, '5511955550888', 'Bom dia, tudo bem?', 'Renata Lima');
    const comercial = await suite.t.em().findOneOrFail(Queue, { name: 'Comercial' }, { filters: false });
    await suite.t.em().nativeUpdate(Ticket, { id: ticket.id }, { queue: comercial.id, chatbot: false }, { filters: false });
    // A note of the admin's on the ticket: the attendant may read it, not delete it.
    await suite.t
      .http()
      .post('/api/ticket-notes')
      .set(admin.auth)
      .send({ note: 'Cliente prefere contato pela manhã', ticketId: ticket.id, contactId: ticket.contact.id })
      .expect(201);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('fits the top bar, connections, tickets, dashboard and users of a 390 px phone; users ordered by name', async () => {
    const page = await signIn(DEMO_ACCOUNTS.admin, PHONE);

    await go(page, '/');
    await page.locator('[data-counter-value]').first().waitFor();
    await waitFor(async () => (await page.locator('[data-attendant-id]').count()) > 0, 10000);
    // The top bar: every button on screen, the account menu included.
    const rights = await page.locator('header button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().right));
    expect(rights.length).toBeGreaterThan(5);
    for (const right of rights) expect(right).toBeLessThanOrEqual(PHONE.width);
    // Counter labels on one line, whole; the attendants table without a sideways scroll.
    expect(await overflowing(page, '[data-counter-label]')).toEqual([]);
    const labelHeights = await page.locator('[data-counter-label]').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
    expect(Math.max(...labelHeights)).toBeLessThan(24);
    expect(await overflowing(page, '.MuiTableContainer-root')).toEqual([]);
    await screenshot(page, 'polish-dashboard-phone');

    await go(page, '/connections');
    await page.locator('table th').first().waitFor();
    await screenshot(page, 'polish-connections-phone');
    expect(await overflowing(page, 'table th')).toEqual([]);
    const tableRight = await page
      .locator('table')
      .first()
      .evaluate((table) => table.getBoundingClientRect().right);
    expect(tableRight).toBeLessThanOrEqual(PHONE.width);
    // No tall, half-empty row: the name, its chips and number take three short lines at most.
    const rowHeight = await page
      .locator('tbody tr')
      .first()
      .evaluate((row) => row.getBoundingClientRect().height);
    expect(rowHeight).toBeLessThan(100);

    await go(page, '/tickets');
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await page.locator('[data-ticket-id]', { hasText: 'Renata Lima' }).waitFor({ timeout: WAIT });
    for (const right of await page.locator('[data-ticket-id]').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right))) {
      expect(right).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(page, 'polish-tickets-phone');

    await go(page, '/users');
    await page.getByText('atendente@example.com').waitFor();
    const names = await page.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => a.localeCompare(b, 'pt'))).toEqual(names);
    await screenshot(page, 'polish-users-phone');

    const desktop = await signIn(DEMO_ACCOUNTS.admin, DESKTOP);
    await go(desktop, '/');
    await desktop.locator('[data-counter-value]').first().waitFor();
    expect(await overflowing(desktop, '[data-counter-label]')).toEqual([]);
    await screenshot(desktop, 'polish-dashboard-desktop');
  });

  it('toasts the accept, names the screen in the tab title, and asks before Escape discards an edited message', async () => {
    const page = await signIn(DEMO_ACCOUNTS.attendant, DESKTOP);
    await waitFor(async () => /^(\(\d+\) )?Atendimentos · Atendechat$/.test(await page.title()), 10000);
    await go(page, `/tickets/${ticket.uuid}`);
    const header = page.locator('[data-ticket-header]');
    await header.getByRole('button', { name: 'Aceitar' }).click();
    await toast(page, 'Atendimento aceito: agora em Atendendo');
    await screenshot(page, 'polish-toast-accept');
    await waitFor(async () => (await storedTicket()).status === 'open', 10000);

    // Send a text, then edit it: Escape after a change asks first.
    const input = page.getByRole('textbox', { name: 'Digite uma mensagem' });
    await waitFor(async () => !(await input.isDisabled()), 10000);
    await input.fill('Olá Renata, como posso ajudar?');
    await input.press('Enter');
    const bubble = page.locator('[data-message-id]', { hasText: 'Olá Renata, como posso ajudar?' });
    await bubble.waitFor({ timeout: WAIT });
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar mensagem' });
    await dialog.waitFor();
    // Unchanged: Escape closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await dialog.getByRole('textbox').fill('Olá Renata, em que posso ajudar?');
    await dialog.getByRole('textbox').press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await confirm.waitFor();
    await screenshot(page, 'polish-edit-message-discard');
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('textbox').inputValue()).toBe('Olá Renata, em que posso ajudar?');
    await dialog.getByRole('textbox').press('Escape');
    await confirm.getByRole('button', { name: 'Descartar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Past the API's 15-minute edit window the menu offers delete, not edit.
    await suite.t.em().nativeUpdate(Message, { ticket: ticket.id, fromMe: true }, { createdAt: new Date(Date.now() - 20 * 60 * 1000) }, { filters: false });
    await go(page, `/tickets/${ticket.uuid}`);
    await bubble.waitFor({ timeout: WAIT });
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Deletar' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Editar' }).count()).toBe(0);
    await screenshot(page, 'polish-old-message-menu');
    await page.keyboard.press('Escape');

    // The other screens name themselves too.
    await go(page, '/contacts');
    await waitFor(async () => /Contatos · Atendechat$/.test(await page.title()), 10000);
  });

  it('asks before Escape or a backdrop click discards a started new ticket, on desktop and phone', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'polish-new-ticket-discard'],
      [PHONE, 'polish-new-ticket-discard-phone'],
    ] as const) {
      const page = await signIn(DEMO_ACCOUNTS.attendant, viewport);
      await go(page, '/tickets');
      await page.getByRole('button', { name: 'Novo', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Criar Ticket' });
      await dialog.waitFor();
      // Nothing picked: Escape closes.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Novo', exact: true }).click();
      await dialog.getByRole('combobox', { name: /Contato/ }).fill('Renata');
      await page.getByRole('option', { name: /Renata Lima/ }).click();
      await page.keyboard.press('Escape');
      const confirm = page.getByRole('dialog', { name: 'Descartar alterações?' });
      await confirm.waitFor();
      await settle(page);
      await screenshot(page, name);
      await confirm.getByRole('button', { name: 'Continuar editando' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      await page.mouse.click(5, viewport.height - 5);
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Descartar' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('shows server refusals in the screen language: catalog field errors and the generic toast, never the server text', async () => {
    const page = await signIn(DEMO_ACCOUNTS.attendant, DESKTOP);
    // The API's own words are English (for logs and API clients); the screen must not repeat them.
    await page.route('**/api/tags', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'ERR_VALIDATION', message: 'Validation failed', fields: [{ field: 'name', messages: ['name must be shorter'] }] }),
      });
    });
    await go(page, '/tags/create');
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Urgente');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Valor inválido').waitFor({ timeout: WAIT });
    expect(await page.getByText('name must be shorter').count()).toBe(0);
    await screenshot(page, 'polish-field-error-language');

    await page.unroute('**/api/tags');
    await page.route('**/api/tags', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      // A 500 without the API's error body (a 502/504 reads as an outage: the reconnecting bar, not this toast).
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await toast(page, 'Ocorreu um erro!');
    expect(await page.getByText('Internal Server Error').count()).toBe(0);
    await screenshot(page, 'polish-generic-error-language');
  });

  it("offers the attendant no admin entries, no contact delete and no delete of another user's note", async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await signIn(DEMO_ACCOUNTS.attendant, viewport);
      await go(page, '/contacts');
      await page.getByText('Renata Lima').first().waitFor({ timeout: WAIT });
      expect(await page.getByRole('button', { name: 'Excluir Renata Lima' }).count()).toBe(0);
      if (viewport === DESKTOP) {
        for (const entry of ['/connections', '/users', '/queues', '/settings', '/financeiro', '/files']) {
          expect(await page.locator(`a[href="${entry}"]`).count()).toBe(0);
        }
      }
      await screenshot(page, `polish-attendant-contacts-${suffix}`);

      // The ticket's notes: the admin's without a delete button, the attendant's own with one.
      await go(page, `/tickets/${ticket.uuid}`);
      await page
        .locator('[data-ticket-header]')
        .getByRole('button', { name: /Dados do contato/ })
        .click();
      const notes = page.locator('[data-ticket-notes]');
      await notes.getByText('Cliente prefere contato pela manhã').waitFor({ timeout: WAIT });
      if (viewport === DESKTOP) {
        await notes.getByRole('textbox', { name: 'Nova observação' }).fill('Retornar amanhã cedo');
        await notes.getByRole('button', { name: 'Salvar' }).click();
        await notes.getByText('Retornar amanhã cedo').waitFor({ timeout: WAIT });
      }
      const own = notes.locator('[data-ticket-note]', { hasText: 'Retornar amanhã cedo' });
      const others = notes.locator('[data-ticket-note]', { hasText: 'Cliente prefere contato pela manhã' });
      await own.getByRole('button', { name: 'Excluir observação' }).waitFor({ timeout: WAIT });
      expect(await others.getByRole('button', { name: 'Excluir observação' }).count()).toBe(0);
      await screenshot(page, `polish-attendant-notes-${suffix}`);
    }
  });
});
