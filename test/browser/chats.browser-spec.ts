import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const CONFIRM_DELETE = 'Esta ação não pode ser revertida, confirmar?';

interface ChatAnswer {
  id: number;
  title: string;
  users: Array<{ userId: number; unreads: number }>;
}

describe('internal chat in the browser', () => {
  let company: Company;
  let adminId: number;
  let attendantId: number;
  /** A third member who reads and drives the API, so the demo accounts' browser sessions are not replaced by API logins. */
  let helper: Session;

  const suite = demoBrowserSuite();
  beforeAll(async () => {
    company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    adminId = (await suite.t.em().findOneOrFail(User, { email: DEMO_ACCOUNTS.admin.email }, { filters: false })).id;
    attendantId = (await suite.t.em().findOneOrFail(User, { email: DEMO_ACCOUNTS.attendant.email }, { filters: false })).id;
    const user = await createUser(suite.t, company, 'user', { name: 'Helena Apoio' });
    helper = await login(suite.t, user.email);
  });

  async function signIn(account: { email: string; password: string }, viewport = { width: 1366, height: 850 }): Promise<Page> {
    const page = await suite.browser.newPage({ viewport });
    await loginThroughForm(page, suite.t.baseUrl, account.email, account.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The chat bell shows once the shell has the user's chats (the menu is folded away on a phone).
    await page.locator('[data-chat-unreads]').waitFor();
    return page;
  }

  const readChat = async (chatId: number) => (await suite.t.http().get(`/api/chats/${chatId}`).set(helper.auth).expect(200)).body as ChatAnswer;
  const unreadsOf = (chat: ChatAnswer, userId: number) => chat.users.find((member) => member.userId === userId)?.unreads;
  const bellCount = (page: Page) => page.locator('[data-chat-unreads]').getAttribute('data-chat-unreads');
  const waitForBell = (page: Page, count: number) => page.locator(`[data-chat-unreads="${count}"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
  const listItem = (page: Page, chatId: number) => page.locator(`[data-chat-item="${chatId}"]`);
  const bubbles = (page: Page) => page.locator('[data-chat-message]');
  const input = (page: Page) => page.getByRole('textbox', { name: 'Digite uma mensagem' });

  it('creates a chat through the dialog, delivers messages and unread counts live, and lets only the owner rename and delete it', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const attendant = await signIn(DEMO_ACCOUNTS.attendant);
    await attendant.click('a[href="/chats"]');
    await attendant.locator('[data-chats-page]').waitFor();
    await attendant.locator('[data-no-chats]').waitFor();

    // The admin opens the page from the menu and creates the chat.
    await admin.click('a[href="/chats"]');
    await admin.locator('[data-no-chat]').waitFor();
    await admin.getByRole('button', { name: 'Nova conversa' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.getByText('Por favor, preencha o título da conversa.').waitFor();
    await screenshot(admin, 'chats-dialog-title-required');
    await dialog.getByLabel('Título').fill('Plantão de sábado');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.getByText('Por favor, selecione pelo menos um usuário.').waitFor();
    await dialog.getByRole('combobox', { name: 'Usuários' }).click();
    const options = admin.getByRole('listbox');
    // The signed-in admin joins as owner and is not offered.
    expect(await options.getByRole('option', { name: 'Administrador', exact: true }).count()).toBe(0);
    await options.getByRole('option', { name: 'Atendente', exact: true }).click();
    await options.getByRole('option', { name: 'Helena Apoio', exact: true }).click();
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'chats-dialog');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await admin.waitForURL(/\/chats\/\d+$/);
    const chatId = Number(new URL(admin.url()).pathname.split('/').pop());
    await admin.locator(`[data-chat-pane="${chatId}"]`).waitFor();
    expect(await admin.locator('[data-chat-title]').textContent()).toBe('Plantão de sábado');
    await admin.locator('[data-empty-chat]').waitFor();

    // The attendant's list gets the new chat at once; nothing is unread yet.
    await listItem(attendant, chatId).waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await bellCount(attendant)).toBe('0');

    // Blank text is not sent; Shift+Enter breaks the line; Enter sends.
    await input(admin).click();
    await admin.keyboard.press('Enter');
    await input(admin).fill('   ');
    await admin.keyboard.press('Enter');
    await input(admin).fill('Bom dia! Alguém pode cobrir o plantão?');
    await admin.keyboard.press('Shift+Enter');
    await admin.keyboard.type('É das 8h às 12h.');
    await admin.keyboard.press('Enter');
    await bubbles(admin).first().waitFor();
    expect(await bubbles(admin).count()).toBe(1);
    expect(await bubbles(admin).first().locator('[data-text]').textContent()).toBe('Bom dia! Alguém pode cobrir o plantão?\nÉ das 8h às 12h.');
    expect(await bubbles(admin).first().getAttribute('data-mine')).toBe('true');
    // The box empties once the server has taken the message (a busy machine may show the bubble first).
    await waitFor(async () => (await input(admin).inputValue()) === '');

    // Live on the attendant's side: the bell, the list's unread badge and the menu dot.
    await waitForBell(attendant, 1);
    await attendant.locator(`[data-chat-item="${chatId}"][data-unreads="1"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await listItem(attendant, chatId).textContent()).toContain('Bom dia! Alguém pode cobrir o plantão?');
    await attendant.locator('[data-chat-dot="true"]').waitFor();
    await attendant.waitForTimeout(300); // the badges' scale-in transition, for the screenshot
    await screenshot(attendant, 'chats-attendant-unread');

    // The bell's menu opens the chat, which becomes read.
    await attendant.getByRole('button', { name: /^Chat Interno: 1 mensagem não lida/ }).click();
    await attendant.locator(`[data-chat-bell-item="${chatId}"]`).waitFor();
    await attendant.waitForTimeout(300); // the popover's opening transition, for the screenshot
    await screenshot(attendant, 'chats-bell-menu');
    await attendant.locator(`[data-chat-bell-item="${chatId}"]`).click();
    await attendant.waitForURL(`**/chats/${chatId}`);
    await attendant.locator(`[data-chat-pane="${chatId}"]`).waitFor();
    await waitForBell(attendant, 0);
    await attendant.locator('[data-chat-dot="false"]').waitFor();
    await waitFor(async () => unreadsOf(await readChat(chatId), attendantId) === 0);
    const received = bubbles(attendant).first();
    expect(await received.getAttribute('data-mine')).toBe('false');
    expect(await received.locator('[data-sender]').textContent()).toBe('Administrador');

    // Only the owner sees edit and delete.
    expect(await attendant.getByRole('button', { name: 'Editar conversa' }).count()).toBe(0);
    expect(await attendant.getByRole('button', { name: 'Excluir conversa' }).count()).toBe(0);
    await admin.getByRole('button', { name: 'Editar conversa' }).waitFor();

    // The reply reaches the admin live, on the left with the sender's name, and is read there at once.
    await input(attendant).fill('Eu cubro!');
    await attendant.keyboard.press('Enter');
    await bubbles(admin)
      .nth(1)
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await bubbles(admin).nth(1).locator('[data-sender]').textContent()).toBe('Atendente');
    expect(await bubbles(admin).nth(1).locator('[data-text]').textContent()).toBe('Eu cubro!');
    await waitFor(async () => unreadsOf(await readChat(chatId), adminId) === 0);
    await waitForBell(admin, 0);
    expect(await listItem(admin, chatId).textContent()).toContain('Eu cubro!');
    await screenshot(admin, 'chats-admin-conversation');
    await screenshot(attendant, 'chats-attendant-conversation');
    await attendant.getByRole('button', { name: 'Alternar modo claro/escuro' }).click();
    await attendant.waitForFunction("getComputedStyle(document.body).color === 'rgb(255, 255, 255)'");
    await screenshot(attendant, 'chats-attendant-dark');

    // The owner renames the chat; the attendant sees it live.
    await admin.getByRole('button', { name: 'Editar conversa' }).click();
    const edit = admin.getByRole('dialog');
    await edit.getByRole('button', { name: 'Atendente' }).waitFor(); // the members' chips
    await edit.getByRole('button', { name: 'Helena Apoio' }).waitFor();
    await edit.getByLabel('Título').fill('Plantão de domingo');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await admin.locator('[data-chat-title]', { hasText: 'Plantão de domingo' }).waitFor();
    await attendant.locator('[data-chat-title]', { hasText: 'Plantão de domingo' }).waitFor({ timeout: 10000 * TIME_FACTOR });

    // The owner deletes it after the confirmation; both lists drop it and the attendant's pane closes.
    await admin.getByRole('button', { name: 'Excluir conversa' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText(CONFIRM_DELETE).waitFor();
    await admin.waitForTimeout(300); // the dialog's opening transition, for the screenshot
    await screenshot(admin, 'chats-delete-confirm');
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await admin.waitForURL((url) => url.pathname === '/chats');
    await admin.locator('[data-no-chats]').waitFor();
    await attendant.waitForURL((url) => url.pathname === '/chats', { timeout: 10000 * TIME_FACTOR });
    await attendant.locator('[data-no-chats]').waitFor();
    const gone = await suite.t.http().get(`/api/chats/${chatId}`).set(helper.auth);
    expect(gone.status).toBe(404);
    await admin.close();
    await attendant.close();
  });

  it('loads older messages near the top and splits list and messages into tabs on a phone', async () => {
    const created = await suite.t
      .http()
      .post('/api/chats')
      .set(helper.auth)
      .send({ title: 'Histórico longo', users: [{ id: attendantId }] })
      .expect(201);
    const chatId = (created.body as ChatAnswer).id;
    for (let index = 1; index <= 45; index += 1) {
      await suite.t
        .http()
        .post(`/api/chats/${chatId}/messages`)
        .set(helper.auth)
        .send({ message: `Mensagem ${index}` })
        .expect(201);
    }

    const attendant = await signIn(DEMO_ACCOUNTS.attendant, { width: 390, height: 780 });
    await waitForBell(attendant, 45);
    await attendant.goto(`${suite.t.baseUrl}/chats`);
    await attendant.locator('[data-chats-page="narrow"]').waitFor();
    await attendant.locator(`[data-chat-item="${chatId}"][data-unreads="45"]`).waitFor();
    await waitForBell(attendant, 45);
    await attendant.waitForTimeout(300); // the badges' scale-in transition, for the screenshot
    await screenshot(attendant, 'chats-phone-list');
    await listItem(attendant, chatId).click();
    // The Mensagens tab takes over; the newest message is in view.
    await attendant.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor();
    await attendant.locator('[data-chat-message]', { hasText: 'Mensagem 45' }).waitFor();
    await waitForBell(attendant, 0);
    // Scrolling up loads the pages before, down to the first message.
    await waitFor(async () => {
      await attendant.locator('[data-chat-messages]').evaluate((element) => {
        element.scrollTop = 0;
      });
      return (await bubbles(attendant).count()) === 45 ? true : undefined;
    }, 10000);
    const texts = await bubbles(attendant).locator('[data-text]').allTextContents();
    expect(texts).toEqual(Array.from({ length: 45 }, (_, index) => `Mensagem ${index + 1}`));
    expect(await bubbles(attendant).first().locator('[data-sender]').textContent()).toBe('Helena Apoio');
    await attendant.locator('[data-chat-messages]').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await screenshot(attendant, 'chats-phone-messages');
    await attendant.getByRole('tab', { name: 'Chats' }).click();
    await listItem(attendant, chatId).waitFor();
    await attendant.close();
  });
});
