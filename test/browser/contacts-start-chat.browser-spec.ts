import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ChannelManager } from '../../src/channels/channel-manager.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login } from '../utils/factories.js';
import { choose, settle } from '../utils/super-browser.js';

/**
 * Starting a conversation from /contacts (core §3, §5): each row's WhatsApp action opens the new-ticket dialog with
 * the contact chosen, then /tickets/{uuid}; no number or a number outside WhatsApp disables it, with the reason.
 * The demo connection runs on the simulator, whose fake phone says numbers ending in 0000 are not on WhatsApp.
 */
describe('starting a conversation from the contacts screen', () => {
  const suite = demoBrowserSuite();
  let company: Company;
  let connection: Whatsapp;
  let suporte: Queue;
  const ids: Record<string, number> = {};

  const contact = (id: number) => suite.t.em().fork().findOneOrFail(Contact, id, { filters: false });
  const ticketsOf = (contactId: number) =>
    suite.t
      .em()
      .fork()
      .find(Ticket, { contact: contactId }, { filters: false, populate: ['user', 'queue'] });
  const chatButton = (page: Page, name: string) => page.locator('tr', { has: page.locator(`td:has-text("${name}")`) }).locator('[data-start-chat]');

  beforeAll(async () => {
    const manager = suite.t.app.get(ChannelManager);
    await manager.onApplicationBootstrap();
    const em = suite.t.em().fork();
    company = await em.findOneOrFail(Company, { name: 'Empresa Demo' });
    connection = await em.findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    suporte = await em.findOneOrFail(Queue, { name: 'Suporte' }, { filters: false });
    await waitFor(() => manager.isConnected(connection.id));
    const seeded = [
      ['ana', 'Ana Pereira', '5511988881111', null],
      ['bruno', 'Bruno Fora', '5511988880000', false],
      ['carla', 'Carla Sem Número', '', null],
      ['diego', 'Diego Verificar', '5511977770000', null],
      ['elisa', 'Elisa Atendida', '5511966661111', true],
    ] as const;
    const created = seeded.map(([, name, number, isWhatsappValid]) => em.create(Contact, { company, name, number, isWhatsappValid }));
    await em.flush();
    seeded.forEach(([key], index) => {
      ids[key] = created[index]!.id;
    });
  });

  async function openContacts(email: string, password: string): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await loginThroughForm(page, suite.t.baseUrl, email, password);
    await page.waitForSelector('a[href="/contacts"]');
    await page.click('a[href="/contacts"]');
    await page.locator('td:has-text("Ana Pereira")').waitFor();
    return page;
  }

  it('opens the new-ticket dialog for the contact and goes to the conversation; disabled without a number or outside WhatsApp', async () => {
    const page = await openContacts(DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);

    // Disabled rows say why, in the tooltip and to assistive technology.
    expect(await chatButton(page, 'Bruno Fora').getAttribute('data-start-chat')).toBe('outsideWhatsapp');
    expect(await chatButton(page, 'Carla Sem Número').getAttribute('data-start-chat')).toBe('noNumber');
    expect(await page.getByRole('button', { name: 'CONTATO FORA DO WHATSAPP' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'CONTATO SEM NÚMERO' }).isDisabled()).toBe(true);
    await chatButton(page, 'Carla Sem Número').hover();
    await page.getByRole('tooltip', { name: 'CONTATO SEM NÚMERO' }).waitFor();
    await chatButton(page, 'Bruno Fora').hover();
    await page.getByRole('tooltip', { name: 'CONTATO FORA DO WHATSAPP' }).waitFor();
    await settle(page);
    await screenshot(page, 'contacts-start-chat-disabled');

    // An enabled row: the new-ticket dialog with the contact chosen; the queue is required for an attendant.
    await page.getByRole('button', { name: 'Conversar com Ana Pereira' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Ticket' });
    await dialog.locator(`[data-start-chat-contact="${ids.ana}"]`).getByText('Ana Pereira').waitFor();
    const connectionSelect = dialog.getByRole('combobox', { name: 'Conexão' });
    await waitFor(async () => (await connectionSelect.textContent())?.includes('WhatsApp Demo'));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Selecione uma fila').waitFor();
    await connectionSelect.click();
    await page
      .getByRole('option', { name: /WhatsApp Demo/ })
      .getByText('Conectado')
      .waitFor();
    await settle(page);
    await screenshot(page, 'contacts-start-chat-connections');
    await page.getByRole('option', { name: /WhatsApp Demo/ }).click();
    await choose(page, dialog, 'Fila', 'Comercial');
    await settle(page);
    await screenshot(page, 'contacts-start-chat-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const [ticket] = await waitFor(async () => {
      const found = await ticketsOf(ids.ana!);
      return found.length ? found : null;
    });
    expect(ticket).toMatchObject({ status: 'open' });
    expect([ticket!.user?.getEntity().email, ticket!.queue?.getEntity().name, ticket!.whatsapp?.id]).toEqual([
      DEMO_ACCOUNTS.attendant.email,
      'Comercial',
      connection.id,
    ]);
    expect(new URL(page.url()).pathname).toBe(`/tickets/${ticket!.uuid}`);
    // The number was checked on the way and is now known to be on WhatsApp.
    expect((await contact(ids.ana!)).isWhatsappValid).toBe(true);
    await page.getByText('Ana Pereira').first().waitFor();
    await settle(page);
    await screenshot(page, 'contacts-start-chat-ticket');

    // A number never checked that turns out outside WhatsApp: a notice, no ticket, and the row turns disabled live.
    await page.click('a[href="/contacts"]');
    await page.getByRole('button', { name: 'Conversar com Diego Verificar' }).click();
    const second = page.getByRole('dialog', { name: 'Criar Ticket' });
    await choose(page, second, 'Fila', 'Suporte');
    await second.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Este contato está fora do WhatsApp: não é possível iniciar uma conversa.').waitFor();
    await second.waitFor({ state: 'detached' });
    await waitFor(async () => (await chatButton(page, 'Diego Verificar').getAttribute('data-start-chat')) === 'outsideWhatsapp');
    expect((await contact(ids.diego!)).isWhatsappValid).toBe(false);
    expect(await ticketsOf(ids.diego!)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/contacts');

    // A contact just added leads to its conversation the same way (Cancel would stay on the list).
    await page.getByRole('link', { name: 'Adicionar contato' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar contato' });
    await add.locator('input[name="name"]').fill('Fábio Novo');
    await add.locator('input[name="number"]').fill('5511955554444');
    await add.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Contato salvo com sucesso.').waitFor();
    const start = page.getByRole('dialog', { name: 'Criar Ticket' });
    await start.getByText('Fábio Novo').waitFor();
    await choose(page, start, 'Fila', 'Suporte');
    await start.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const fabio = await suite.t.em().fork().findOneOrFail(Contact, { name: 'Fábio Novo' }, { filters: false });
    expect(fabio.isWhatsappValid).toBe(true);
    const [fabioTicket] = await ticketsOf(fabio.id);
    expect(new URL(page.url()).pathname).toBe(`/tickets/${fabioTicket!.uuid}`);
    expect(fabioTicket!.queue?.getEntity().name).toBe('Suporte');
    await page.close();
  });

  it('opens the ticket already open for the contact, naming who holds it', async () => {
    // The attendant already talks to Elisa in Suporte.
    const attendant = await login(suite.t, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    const held = await suite.t
      .http()
      .post('/api/tickets')
      .set(attendant.auth)
      .send({ contactId: ids.elisa, queueId: suporte.id, whatsappId: connection.id, status: 'open' })
      .expect(201);

    // An admin may open any ticket: the notice, then that ticket (no second one).
    const page = await openContacts(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Conversar com Elisa Atendida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Ticket' });
    await dialog.getByText('Elisa Atendida').waitFor();
    await waitFor(async () => (await dialog.getByRole('combobox', { name: 'Conexão' }).textContent())?.includes('WhatsApp Demo'));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Já existe um atendimento aberto para este contato com Atendente na fila Suporte.').waitFor();
    await page.waitForURL(`**/tickets/${held.body.uuid}`);
    await page.getByText('Atribuído a: Atendente', { exact: false }).waitFor();
    expect(await ticketsOf(ids.elisa!)).toHaveLength(1);
    await settle(page);
    await screenshot(page, 'contacts-start-chat-existing');
    await page.close();
  });

  it('fits a phone', async () => {
    const page = await openContacts(DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td:has-text("Bruno Fora")').waitFor();
    await settle(page);
    await screenshot(page, 'contacts-start-chat-phone');
    await page.getByRole('button', { name: 'Conversar com Elisa Atendida' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Ticket' });
    await dialog.getByText('Elisa Atendida').waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Selecione uma fila').waitFor();
    await settle(page);
    await screenshot(page, 'contacts-start-chat-dialog-phone');
    // The attendant's own open ticket: straight to it.
    await choose(page, dialog, 'Fila', 'Suporte');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const [held] = await ticketsOf(ids.elisa!);
    await page.waitForURL(`**/tickets/${held!.uuid}`);
    await page.close();
  });
});
