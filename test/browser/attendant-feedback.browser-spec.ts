import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { customerWrites } from '../utils/tickets.js';
import { login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

/** Shared quick replies of the admin, sorted as the server lists them (by shortcode); more than the list shows at once. */
const SHARED_REPLIES = [
  { shortcode: 'agradecimento', message: 'Obrigado pelo contato!' },
  { shortcode: 'boleto', message: 'Segue a segunda via do seu boleto.' },
  { shortcode: 'endereco', message: 'Estamos na Rua das Flores, 100.' },
  { shortcode: 'horario', message: 'Atendemos de segunda a sexta, das 8h às 18h.' },
  { shortcode: 'pix', message: 'Nossa chave Pix é o CNPJ da empresa.' },
  { shortcode: 'prazo', message: 'O prazo de entrega é de 5 dias úteis.' },
  { shortcode: 'retorno', message: 'Vou verificar e já retorno.' },
  { shortcode: 'saudacao', message: 'Olá! Em que posso ajudar?' },
  { shortcode: 'troca', message: 'Trocas em até 30 dias com a nota fiscal.' },
];
const OWN_REPLY = { shortcode: 'zmeu', message: 'Resposta do atendente.' };

/**
 * What an attendant notices while working a conversation: '/' browses every quick reply with the keyboard, each
 * status change says where the ticket went, a changed dialog asks before Escape discards it, and shared quick
 * replies of others offer no edit or delete.
 */
describe('attendant feedback in the workspace', () => {
  const suite = demoBrowserSuite();
  let admin: Session;
  let context: BrowserContext;
  let page: Page;
  /** The attendant on a phone: a page of its own, since a resized desktop page keeps its side menu open. */
  let phone: Page;
  let ticket: Ticket;
  let adminReplyId: number;

  const header = () => page.locator('[data-ticket-header]');
  const toast = (text: string) =>
    page
      .getByText(text, { exact: true })
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });
  const openTicket = async () => {
    await page.bringToFront();
    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await header().waitFor({ timeout: 10000 * TIME_FACTOR });
  };
  const storedTicket = () =>
    suite.t
      .em()
      .fork()
      .findOneOrFail(Ticket, { id: ticket.id }, { filters: false, populate: ['queue'] });
  const input = () => page.getByRole('textbox', { name: 'Digite uma mensagem' });
  const options = () => page.locator('[data-quick-messages] [role="option"]');
  const activeOption = (): Locator => page.locator('[data-quick-messages] [role="option"][aria-selected="true"]');

  beforeAll(async () => {
    await startConnections(suite.t);
    admin = await login(suite.t, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const attendantApi = await login(suite.t, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    for (const reply of SHARED_REPLIES) {
      const res = await suite.t
        .http()
        .post('/api/quick-messages')
        .set(admin.auth)
        .send({ ...reply, geral: true });
      expect(res.status).toBe(201);
      if (reply.shortcode === 'boleto') adminReplyId = res.body.id;
    }
    await suite.t.http().post('/api/quick-messages').set(attendantApi.auth).send(OWN_REPLY).expect(201);

    // A customer writes; the ticket waits in the Comercial queue.
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    ticket = await customerWrites(suite.t, admin, connection.id, '5511955550777', 'Oi, preciso de ajuda', 'Carla Souza');
    const comercial = await suite.t.em().findOneOrFail(Queue, { name: 'Comercial' }, { filters: false });
    await suite.t.em().nativeUpdate(Ticket, { id: ticket.id }, { queue: comercial.id, chatbot: false }, { filters: false });

    context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.waitForSelector('a[href="/tickets"]');
    // The same session (one per user), on a page of its own.
    phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(() => context?.close());

  it("lists every quick reply for '/' alone, narrows it as one types, and inserts the one chosen with the keyboard", async () => {
    await openTicket();
    await header().getByRole('button', { name: 'Aceitar' }).click();
    await input().waitFor();
    await waitFor(async () => !(await input().isDisabled()), 10000);

    await input().fill('/');
    await options().first().waitFor();
    expect(await options().count()).toBe(SHARED_REPLIES.length + 1);
    // The list scrolls: it is taller than the box it is shown in.
    const list = page.locator('[data-quick-messages]');
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await screenshot(page, 'attendant-quick-replies-all');

    // Up from the first wraps to the last, which is scrolled into view.
    await input().press('ArrowUp');
    await expect(activeOption().textContent()).resolves.toContain(`/${OWN_REPLY.shortcode}`);
    await waitFor(() => list.evaluate((element) => element.scrollTop > 0));
    // Down, down from the last: the second reply.
    await input().press('ArrowDown');
    await input().press('ArrowDown');
    await expect(activeOption().textContent()).resolves.toContain(`/${SHARED_REPLIES[1]!.shortcode}`);
    await input().press('Enter');
    await waitFor(async () => (await input().inputValue()) === SHARED_REPLIES[1]!.message);
    expect(await options().count()).toBe(0);

    // Typing narrows the list, by shortcode and by text.
    await input().fill('');
    await input().fill('/praz');
    await waitFor(async () => (await options().count()) === 1);
    await expect(options().first().textContent()).resolves.toContain('/prazo');
    await input().fill('/entrega');
    await waitFor(async () => (await options().count()) === 1);
    await expect(options().first().textContent()).resolves.toContain('/prazo');

    // Escape closes the list and leaves the text.
    await input().fill('/');
    await options().first().waitFor();
    await input().press('Escape');
    await waitFor(async () => (await options().count()) === 0);
    expect(await input().inputValue()).toBe('/');

    await input().fill('');

    await phone.bringToFront();
    await phone.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    const phoneInput = phone.getByRole('textbox', { name: 'Digite uma mensagem' });
    await phoneInput.waitFor({ timeout: 10000 * TIME_FACTOR });
    await waitFor(async () => !(await phoneInput.isDisabled()), 10000);
    await phoneInput.fill('/');
    await phone.locator('[data-quick-messages] [role="option"]').first().waitFor();
    await phoneInput.press('ArrowDown');
    await screenshot(phone, 'attendant-quick-replies-all-phone');
    await phoneInput.press('Enter');
    await waitFor(async () => (await phoneInput.inputValue()) === SHARED_REPLIES[1]!.message);
    await page.bringToFront();
  });

  it('asks before Escape discards a changed transfer, and names the queue the ticket went to', async () => {
    await header().getByRole('button', { name: 'Transferir' }).click();
    let dialog = page.getByRole('dialog', { name: 'Transferir Ticket' });
    await dialog.waitFor();
    // Unchanged: Escape closes as before.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await header().getByRole('button', { name: 'Transferir' }).click();
    dialog = page.getByRole('dialog', { name: 'Transferir Ticket' });
    await dialog.getByRole('combobox', { name: /Fila/ }).click();
    await page.getByRole('option', { name: 'Suporte' }).click();
    await page.getByRole('option', { name: 'Suporte' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await confirm.waitFor();
    await screenshot(page, 'attendant-transfer-discard');
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();
    await toast('Atendimento transferido para a fila Suporte');
    await screenshot(page, 'attendant-toast-transfer');
    const moved = await waitFor(async () => {
      const row = await storedTicket();
      return row.status === 'pending' && row.queue?.getEntity().name === 'Suporte' ? row : null;
    }, 10000);
    expect(moved.user).toBeFalsy();
  });

  it('says the ticket went back to its queue, was resolved, and was reopened', async () => {
    await openTicket();
    await header().getByRole('button', { name: 'Aceitar' }).click();
    await header().getByRole('button', { name: 'Retornar à fila' }).click();
    await toast('Atendimento devolvido para a fila Suporte');
    await screenshot(page, 'attendant-toast-return');
    await waitFor(async () => (await storedTicket()).status === 'pending', 10000);

    await openTicket();
    await header().getByRole('button', { name: 'Aceitar' }).click();
    await header().getByRole('button', { name: 'Finalizar' }).click();
    await toast('Atendimento resolvido');
    await waitFor(async () => (await storedTicket()).status === 'closed', 10000);

    // Reopened on the phone.
    await phone.bringToFront();
    await phone.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await phone.locator('[data-ticket-header]').getByRole('button', { name: 'Reabrir' }).click();
    await phone.getByText('Atendimento reaberto', { exact: true }).waitFor({ timeout: 10000 * TIME_FACTOR });
    await waitFor(async () => (await storedTicket()).status === 'open', 10000);
    await screenshot(phone, 'attendant-toast-reopen-phone');
  });

  it('asks before Escape or a backdrop click discards a changed quick reply form; a clean one closes at once', async () => {
    await page.bringToFront();
    await page.goto(`${suite.t.baseUrl}/quick-messages`);
    const add = page.getByRole('link', { name: 'Adicionar resposta rápida' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    await dialog.locator('input[name="shortcode"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await add.click();
    await dialog.locator('input[name="shortcode"]').fill('rascunho');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await confirm.waitFor();
    await screenshot(page, 'attendant-form-discard');
    await confirm.getByRole('button', { name: 'Continuar editando' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.locator('input[name="shortcode"]').inputValue()).toBe('rascunho');

    // A click on the backdrop asks the same; discarding closes the dialog.
    await page.mouse.click(10, 10);
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Descartar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/quick-messages');

    await phone.bringToFront();
    await phone.goto(`${suite.t.baseUrl}/quick-messages/create`);
    await phone.getByRole('dialog').locator('input[name="shortcode"]').fill('rascunho');
    await phone.keyboard.press('Escape');
    await phone.getByRole('dialog', { name: 'Descartar alterações?' }).waitFor();
    await screenshot(phone, 'attendant-form-discard-phone');
    await page.bringToFront();
  });

  it("offers no edit or delete on another user's shared quick reply, and shows it read-only by its address", async () => {
    await page.locator('[data-quick-message-id]:has-text("boleto")').waitFor();
    await page.getByRole('link', { name: `Editar ${OWN_REPLY.shortcode}` }).waitFor();
    await page.getByRole('button', { name: `Excluir ${OWN_REPLY.shortcode}` }).waitFor();
    expect(await page.getByRole('link', { name: 'Editar boleto' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir boleto' }).count()).toBe(0);
    await screenshot(page, 'attendant-quick-replies-owned');

    await page.goto(`${suite.t.baseUrl}/quick-messages/${adminReplyId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Fechar' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
    expect(await dialog.locator('input[name="shortcode"]').inputValue()).toBe('boleto');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await phone.bringToFront();
    await phone.goto(`${suite.t.baseUrl}/quick-messages/${adminReplyId}`);
    await phone.getByRole('dialog').getByRole('button', { name: 'Fechar' }).waitFor();
    await screenshot(phone, 'attendant-quick-reply-readonly-phone');
  });
});
