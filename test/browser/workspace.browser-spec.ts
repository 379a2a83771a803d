import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

/** Counts the notification chimes (Web Audio oscillators) a page plays. */
const COUNT_CHIMES = `
  window.__chimes = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__chimes += 1; return original.call(this); };
`;

describe('attendant workspace, live, in two browsers', () => {
  let api: Session;
  let connectionId: number;
  const contexts: BrowserContext[] = [];

  const customerSays = async (body: string) => {
    const res = await suite.t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(api.auth).send({ from: '5511955550123', name: 'Bruna Dias', body });
    expect(res.status).toBe(202);
  };
  const openPage = async (email: string, password: string): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 850 } });
    contexts.push(context);
    await context.addInitScript({ content: COUNT_CHIMES });
    const page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, email, password);
    await page.waitForSelector('a[href="/tickets"]');
    await page.click('a[href="/tickets"]');
    return page;
  };

  const suite = demoBrowserSuite();
  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // The customer has not picked a queue from the bot's menu yet: the attendant also sees tickets without one.
    await suite.t.em().nativeUpdate(User, { email: DEMO_ACCOUNTS.attendant.email }, { allTicket: 'enabled' }, { filters: false });
    connectionId = (await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false })).id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('takes a customer from the waiting list to a finished conversation, live for both attendants', async () => {
    const attendant = await openPage(DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    const supervisor = await openPage(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await attendant.getByRole('tab', { name: /Aguardando/ }).click();
    await supervisor.getByRole('tab', { name: /Aguardando/ }).click();
    await attendant.mouse.click(700, 400); // a first gesture lets the page play sounds

    await customerSays('Olá, preciso de ajuda com meu pedido');
    const waiting = attendant.locator('li, [role="listitem"], [role="button"]', { hasText: 'Bruna Dias' }).first();
    await waiting.waitFor({ timeout: 10000 * TIME_FACTOR });
    await supervisor
      .getByText('Bruna Dias')
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await waitFor(() => attendant.evaluate<boolean>('window.__chimes > 0'));
    expect(await attendant.getByRole('button', { name: /Notificações: 1/ }).count()).toBe(1);
    await screenshot(attendant, 'workspace-waiting');

    await waiting.getByRole('button', { name: 'Aceitar' }).click();
    await attendant.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const input = attendant.getByRole('textbox', { name: 'Digite uma mensagem' });
    await input.fill('Olá Bruna, como posso ajudar?');
    await attendant.getByRole('button', { name: 'Enviar' }).click();
    await attendant
      .locator('[data-ack="3"]')
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });

    await customerSays('Preciso da segunda via do boleto');
    await attendant
      .getByText('Preciso da segunda via do boleto')
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await supervisor.getByRole('tab', { name: /Atendendo/ }).click();
    await supervisor
      .getByText('Bruna Dias')
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(attendant, 'workspace-conversation');

    await attendant.getByRole('button', { name: 'Finalizar' }).first().click();
    const ticket = await waitFor(async () => {
      const row = await suite.t.em().findOne(Ticket, { status: 'closed' }, { filters: false });
      return row ?? null;
    }, 10000);
    expect(ticket.status).toBe('closed');
    await waitFor(async () => (await supervisor.getByText('Bruna Dias').count()) === 0, 10000);
    await screenshot(supervisor, 'workspace-after-finish');
  });

  it('keeps a change heard while the conversation’s first page is on its way', async () => {
    const from = '5511955550177';
    const said = await suite.t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(api.auth)
      .send({ from, name: 'Caio Lima', body: 'Meu pedido é o 1234' });
    expect(said.status).toBe(202);
    const ticket = await waitFor(() =>
      suite.t
        .em()
        .fork()
        .findOne(Ticket, { contact: { number: from } }, { filters: false }),
    );
    const supervisor = await openPage(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);

    // The first page is read from the server, then held until the page has heard a later edit of that message.
    let fetched!: () => void;
    const firstPageRead = new Promise<void>((resolve) => (fetched = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await supervisor.route(`**/api/messages/${ticket.id}*`, async (route) => {
      if (held || route.request().method() !== 'GET') return route.continue();
      held = true;
      const stale = await route.fetch();
      fetched();
      await released;
      await route.fulfill({ response: stale });
    });
    const heard: string[] = [];
    supervisor.on('websocket', (socket) => socket.on('framereceived', (frame) => heard.push(String(frame.payload))));
    await supervisor.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await firstPageRead;
    // The browser may not be in the conversation's rooms yet: the customer edits again until the page hears it.
    let edits = 0;
    await waitFor(async () => {
      edits += 1;
      const body = `Meu pedido é o 1234-${edits}`;
      await suite.t
        .http()
        .post(`/api/dev/simulator/${connectionId}/inbound`)
        .set(api.auth)
        .send({ type: 'edit', from, targetId: said.body.id, body })
        .expect(202);
      return waitFor(() => heard.some((frame) => frame.includes('"action":"update"') && frame.includes(body)), 2000 * TIME_FACTOR).then(
        () => true,
        () => false,
      );
    }, 20000 * TIME_FACTOR);
    release();
    await supervisor
      .locator('[data-conversation]')
      .getByText(`Meu pedido é o 1234-${edits}`)
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await supervisor.locator('[data-conversation]').getByText('Meu pedido é o 1234', { exact: true }).count()).toBe(0);
  });
});
