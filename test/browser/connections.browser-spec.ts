import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { SIMULATOR_TIMINGS } from '../../src/channels/simulator/simulator-session.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const LIVE_TIMEOUT = 10000 * TIME_FACTOR;

/**
 * /connections is react-admin's List + DataTable on the `connections` resource: routed add/edit dialogs, session
 * buttons and token through the dataProvider's custom methods, the custom QR dialog, live through the socket.
 */
describe('the connections screen', () => {
  const suite = demoBrowserSuite();
  let api: Session;
  const autoScanMs = SIMULATOR_TIMINGS.autoScanMs;

  beforeAll(async () => {
    // The simulated phone waits for the test to scan its QR code, so the code can be looked at first.
    SIMULATOR_TIMINGS.autoScanMs = 10 * 60 * 1000;
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
  });
  afterAll(() => {
    SIMULATOR_TIMINGS.autoScanMs = autoScanMs;
  });

  const stored = (name: string) =>
    suite.t
      .em()
      .fork()
      .findOne(Whatsapp, { name }, { filters: false, populate: ['queues'] });
  const row = (page: Page, name: string) => page.locator('tr', { has: page.getByText(name, { exact: true }) });
  const status = (page: Page, name: string, value: string) => row(page, name).locator(`[data-status="${value}"]`).waitFor({ timeout: LIVE_TIMEOUT });

  // One page goes through the steps in order; each step is a test of its own.
  let page: Page;
  let created: Whatsapp;
  let token: string;

  it('adds a connection after a validation error and shows its token once', async () => {
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/connections"]');
    await page.click('a[href="/connections"]');
    await row(page, 'WhatsApp Demo').waitFor();
    await screenshot(page, 'connections-list');

    // Add, with the spec's validation first (name 2 to 50 characters).
    await page.getByRole('link', { name: 'Adicionar conexão' }).click();
    expect(new URL(page.url()).pathname).toBe('/connections/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar conexão').waitFor();
    await dialog.locator('input[name="name"]').fill('L');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.locator('input[name="name"]').fill('Loja Norte');
    await dialog.getByRole('combobox', { name: 'Tipo de conexão' }).click();
    await page.getByRole('option', { name: 'Simulador (desenvolvimento)' }).click();
    await dialog.getByRole('combobox', { name: 'Filas' }).click();
    await page.getByRole('option', { name: 'Suporte' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('tab', { name: 'Mensagens' }).click();
    await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Olá {{firstName}}!');
    await dialog.getByRole('textbox', { name: 'Mensagem de avaliação' }).fill('Avalie de 1 a 3');
    await screenshot(page, 'connections-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Conexão salva com sucesso!').waitFor();

    // The new connection's API token is shown once.
    const tokenDialog = page.getByRole('dialog').filter({ hasText: 'Token da API — Loja Norte' });
    await tokenDialog.waitFor();
    token = await tokenDialog.getByTestId('connection-token').inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await tokenDialog.getByRole('button', { name: 'Fechar' }).click();
    created = await waitFor(() => stored('Loja Norte'));
    expect(created).toMatchObject({ provider: 'simulator', greetingMessage: 'Olá {{firstName}}!', ratingMessage: 'Avalie de 1 a 3', maxUseBotQueues: 3 });
    expect(created.queues.getItems().map((queue) => queue.name)).toEqual(['Suporte']);
    expect(created.tokenHint).toBe(token.slice(-4));
  });

  it('follows the session live: QR code, linked, disconnected, started again; a new token replaces the old', async () => {
    // The session starts by itself and waits for its QR code to be read: the row follows the session channel.
    await status(page, 'Loja Norte', 'qrcode');
    await row(page, 'Loja Norte').getByRole('button', { name: 'QR CODE' }).click();
    const qr = page.getByRole('dialog').filter({ hasText: 'QR Code — Loja Norte' });
    await qr.getByTestId('qrcode-image').waitFor();
    await screenshot(page, 'connections-qr');

    // The phone reads it: the dialog closes by itself and the row shows the linked session, without a reload.
    await suite.t.http().post(`/api/dev/simulator/${created.id}/scan`).set(api.auth).expect(202);
    await qr.waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
    await status(page, 'Loja Norte', 'CONNECTED');
    await row(page, 'Loja Norte').getByText('+5500000000').waitFor();

    // Disconnect asks first; then 'try again' starts a new linking session.
    await row(page, 'Loja Norte').getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Desconectar Loja Norte?' });
    await confirm.getByText('Tem certeza? Você precisará ler o QR Code novamente.').waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await status(page, 'Loja Norte', 'DISCONNECTED');
    await row(page, 'Loja Norte').getByRole('button', { name: 'Tentar novamente' }).click();
    await status(page, 'Loja Norte', 'qrcode');

    // A new token replaces the old one, after a confirmation, and is shown once.
    await page.getByRole('button', { name: 'Token de Loja Norte' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Gerar novo token para Loja Norte?' }).getByRole('button', { name: 'Confirmar' }).click();
    const renewed = page.getByRole('dialog').filter({ hasText: 'Token da API — Loja Norte' });
    const newToken = await renewed.getByTestId('connection-token').inputValue();
    expect(newToken).not.toBe(token);
    token = newToken;
    await renewed.getByRole('button', { name: 'Fechar' }).click();
    await waitFor(async () => (await stored('Loja Norte'))?.tokenHint === token.slice(-4));
  });

  it('edits through the dialog route and shows another admin’s change live', async () => {
    // Edit through the dialog route: the form starts from the stored values; the new default takes the tick.
    await page.getByRole('link', { name: 'Editar Loja Norte' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByText('Editar conexão').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/connections/${created.id}`);
    expect(await edit.locator('input[name="name"]').inputValue()).toBe('Loja Norte');
    // The cached record shows at once and the reload that follows brings the new token's hint.
    const hint = edit.getByRole('textbox', { name: 'Token da API' });
    await waitFor(async () => (await hint.inputValue()) === `••••••${token.slice(-4)}`);
    await edit.locator('input[name="name"]').fill('Loja Norte Shopping');
    await edit.getByRole('switch', { name: 'Padrão' }).check();
    await edit.locator('input[name="expiresTicket"]').fill('30');
    await screenshot(page, 'connections-edit');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Conexão atualizada com sucesso!').waitFor();
    await edit.waitFor({ state: 'detached' });
    await row(page, 'Loja Norte Shopping').getByRole('img', { name: 'Padrão' }).waitFor();
    await row(page, 'WhatsApp Demo').getByRole('img', { name: 'Padrão' }).waitFor({ state: 'detached' });
    expect(await stored('Loja Norte Shopping')).toMatchObject({ isDefault: true, expiresTicket: 30 });

    // Another admin renames a connection: the list shows it without a reload.
    const demo = await waitFor(() => stored('WhatsApp Demo'));
    await suite.t.http().put(`/api/whatsapp/${demo.id}`).set(api.auth).send({ name: 'WhatsApp Central' }).expect(200);
    await row(page, 'WhatsApp Central').waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(page, 'connections-desktop');
  });

  it('deletes through the confirmation, then lays the list and the dialog out on a phone', async () => {
    // Delete asks first, with the connection's name, and says when it is done.
    await page.getByRole('button', { name: 'Excluir Loja Norte Shopping' }).click();
    await page.getByText('Excluir Loja Norte Shopping?').waitFor();
    await page.getByText('Você tem certeza? Essa ação não pode ser revertida.').waitFor();
    await screenshot(page, 'connections-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Conexão excluída com sucesso!').waitFor();
    await row(page, 'Loja Norte Shopping').waitFor({ state: 'detached' });
    expect(await stored('Loja Norte Shopping')).toBeNull();
    // The remaining connection inherits the default flag.
    await row(page, 'WhatsApp Central').getByRole('img', { name: 'Padrão' }).waitFor({ timeout: LIVE_TIMEOUT });

    // The phone layout of the list and of the dialog.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row(page, 'WhatsApp Central').waitFor();
    await screenshot(page, 'connections-phone');
    await page.getByRole('link', { name: 'Editar WhatsApp Central' }).click();
    await page.getByRole('dialog').getByText('Editar conexão').waitFor();
    await page.getByRole('dialog').locator('input[name="name"]').waitFor();
    await screenshot(page, 'connections-dialog-phone');
    await page.close();
  });
});
