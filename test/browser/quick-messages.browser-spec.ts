import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { QuickMessage } from '../../src/modules/quick-messages/quick-message.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login } from '../utils/factories.js';

/** A one-pixel PNG, as the attachment. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * /quick-messages is react-admin's generated screen: InfiniteList, DataTable, CreateBase/EditBase dialogs,
 * DeleteWithConfirmButton. The steps share the admin's page, in order.
 */
describe('the quick messages screen', () => {
  const suite = demoBrowserSuite();
  let page: Page;
  const stored = (shortcode: string) => suite.t.em().fork().findOne(QuickMessage, { shortcode }, { filters: false });
  const row = (shortcode: string) => page.locator(`[data-quick-message-id]:has-text("${shortcode}")`);

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/quick-messages"]');
    await page.click('a[href="/quick-messages"]');
  });
  afterAll(() => page?.close());

  it('creates a message with an attachment after a validation error, and refuses a taken shortcode at the field', async () => {
    const add = page.getByRole('link', { name: 'Adicionar resposta rápida' });
    await add.click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar resposta rápida').first().waitFor();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.locator('input[name="shortcode"]').fill('boasvindas');
    await dialog.locator('textarea[name="message"]').first().fill('Olá {{firstName}}, seja bem-vindo!');
    // The attachment goes up once the message is saved.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await dialog.getByText('enviado ao salvar').waitFor();
    await dialog.getByRole('switch', { name: /Geral/ }).check();
    await screenshot(page, 'quick-messages-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Resposta rápida salva com sucesso!').waitFor();
    await page.locator('td:has-text("tabela.png")').waitFor();
    const created = await waitFor(async () => {
      const message = await stored('boasvindas');
      return message?.mediaName ? message : null;
    });
    expect(created).toMatchObject({ geral: true, status: true, message: 'Olá {{firstName}}, seja bem-vindo!', mediaName: 'tabela.png' });

    // The same shortcode again: the server's refusal shows at the field and the dialog stays open.
    await add.click();
    dialog = page.getByRole('dialog');
    await dialog.locator('input[name="shortcode"]').fill('boasvindas');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Já existe uma resposta rápida com este atalho.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a message another session shares live, searches, and edits through the dialog route', async () => {
    const attendantApi = await login(suite.t, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await suite.t
      .http()
      .post('/api/quick-messages')
      .set(attendantApi.auth)
      .send({ shortcode: 'promocao', message: 'Promoção do mês', geral: true })
      .expect(201);
    await row('promocao').waitFor();
    await screenshot(page, 'quick-messages');

    // Search (debounced) narrows the list.
    await page.getByPlaceholder('Pesquisar...').fill('boas');
    await waitFor(async () => (await page.locator('[data-quick-message-id]').count()) === 1);
    await screenshot(page, 'quick-messages-search');

    // The stored attachment shows in the dialog, and is removed on save.
    const created = await stored('boasvindas');
    await page.getByRole('link', { name: 'Editar boasvindas' }).click();
    await page.getByText('Editar resposta rápida').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/quick-messages/${created!.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-attachment-name="tabela.png"]').waitFor();
    await dialog.locator('textarea[name="message"]').first().fill('Olá {{firstName}}, em que podemos ajudar?');
    await dialog.getByRole('button', { name: 'Remover anexo' }).click();
    await dialog.getByText('Sem anexo').waitFor();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Resposta rápida salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => {
      const message = await stored('boasvindas');
      return message?.mediaName === null && message.message === 'Olá {{firstName}}, em que podemos ajudar?';
    });
    await page.locator('td:has-text("tabela.png")').waitFor({ state: 'detached' });
    await page.getByPlaceholder('Pesquisar...').fill('');
    await row('promocao').waitFor();
  });

  it("offers an attendant edit and delete on their own messages only, not on the admin's shared one", async () => {
    const attendant = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(attendant, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await attendant.waitForSelector('a[href="/quick-messages"]');
    await attendant.click('a[href="/quick-messages"]');
    await attendant.getByRole('link', { name: 'Editar promocao' }).waitFor();
    await attendant.getByRole('button', { name: 'Excluir promocao' }).waitFor();
    await attendant.locator('[data-quick-message-id]:has-text("boasvindas")').waitFor();
    expect(await attendant.getByRole('link', { name: 'Editar boasvindas' }).count()).toBe(0);
    expect(await attendant.getByRole('button', { name: 'Excluir boasvindas' }).count()).toBe(0);
    await screenshot(attendant, 'quick-messages-attendant');
    await attendant.close();
  });

  it('deletes through the confirmation, and fits a phone', async () => {
    await page.getByRole('button', { name: 'Excluir boasvindas' }).click();
    await page.getByText('Excluir a resposta rápida boasvindas?').waitFor();
    await page.getByText('Esta ação é irreversível! Deseja prosseguir?').waitFor();
    await screenshot(page, 'quick-messages-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Resposta rápida excluída com sucesso!').waitFor();
    await row('boasvindas').waitFor({ state: 'detached' });
    expect(await stored('boasvindas')).toBeNull();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row('promocao').waitFor();
    await screenshot(page, 'quick-messages-phone');
    await page.getByRole('link', { name: 'Editar promocao' }).click();
    await page.getByRole('dialog').locator('input[name="shortcode"]').waitFor();
    await screenshot(page, 'quick-messages-dialog-phone');
  });
});
