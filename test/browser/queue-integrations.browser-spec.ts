import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { QueueIntegration } from '../../src/modules/queue-integrations/queue-integration.entity.js';
import { automationBrowserSuite, chooseOption } from '../utils/automation-browser.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { createUser, login } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

/**
 * /queue-integration is react-admin's generated screen: InfiniteList, DataTable, CreateBase/EditBase dialogs with
 * the type's own inputs and the test of the configuration, DeleteWithConfirmButton. The steps share the admin's
 * page, in order; the services the test button calls are local stand-ins.
 */
describe('the queue integrations screen', () => {
  const suite = automationBrowserSuite();
  let page: Page;
  const stored = (name: string) => suite.t.em().fork().findOne(QueueIntegration, { name }, { filters: false });
  const row = (name: string) => page.locator(`tr:has-text("${name}")`);

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/queue-integration"]');
    await page.click('a[href="/queue-integration"]');
  });
  afterAll(() => page?.close());

  it("creates a typebot after a validation error, tests it, and shows each type's inputs", async () => {
    await page.getByRole('link', { name: 'Adicionar integração' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar integração').first().waitFor();
    // Typebot first, with its defaults (campaigns §9).
    expect(await dialog.locator('input[name="typebotExpires"]').inputValue()).toBe('1');
    expect(await dialog.locator('input[name="typebotDelayMessage"]').inputValue()).toBe('1000');
    await dialog.locator('input[name="name"]').fill('T');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.locator('input[name="name"]').fill('Typebot Vendas');
    await dialog.locator('input[name="urlN8N"]').fill(suite.typebot.url);
    await dialog.locator('input[name="typebotSlug"]').fill('vendas');
    await dialog.getByRole('button', { name: 'Testar Bot' }).click();
    await dialog
      .getByRole('status')
      .getByText('Typebot started')
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'queue-integrations-create');

    // Another type, other inputs: Dialogflow's credentials and language replace the typebot's fields.
    await chooseOption(page, dialog, 'Tipo', 'DialogFlow');
    await dialog.locator('textarea[name="jsonContent"]').first().waitFor();
    await dialog.getByRole('combobox', { name: 'Linguagem' }).waitFor();
    expect(await dialog.locator('input[name="typebotSlug"]').count()).toBe(0);
    await chooseOption(page, dialog, 'Tipo', 'Typebot');
    expect(await dialog.locator('input[name="typebotSlug"]').inputValue()).toBe('vendas');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Integração salva com sucesso!').waitFor();
    await row('Typebot Vendas').waitFor();
    const created = await waitFor(() => stored('Typebot Vendas'));
    expect(created).toMatchObject({ type: 'typebot', projectName: 'Typebot Vendas', urlN8N: suite.typebot.url, typebotSlug: 'vendas', typebotExpires: 1 });
  });

  it('refuses a taken name at the field, and adds a webhook', async () => {
    // The same name again: the server's refusal shows at the field and the dialog stays open.
    await page.getByRole('link', { name: 'Adicionar integração' }).click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Tipo', 'WebHooks');
    await dialog.locator('input[name="name"]').fill('Typebot Vendas');
    await dialog.locator('input[name="urlN8N"]').fill(`${suite.webhook.url}/hook`);
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Já existe uma integração com este nome.').waitFor();
    await dialog.locator('input[name="name"]').fill('Webhook Pedidos');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await row('Webhook Pedidos').waitFor();
  });

  it("shows another admin's integration live, searches, and edits through the dialog route", async () => {
    const company = await suite.t.em().fork().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    const api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    await suite.t
      .http()
      .post('/api/queueIntegration')
      .set(api.auth)
      .send({ type: 'n8n', name: 'N8N Estoque', urlN8N: `${suite.webhook.url}/n8n` })
      .expect(201);
    await row('N8N Estoque').waitFor();
    await screenshot(page, 'queue-integrations');

    await page.getByPlaceholder('Pesquisar...').fill('pedidos');
    await row('Typebot Vendas').waitFor({ state: 'detached' });
    expect(await row('Webhook Pedidos').count()).toBe(1);
    await screenshot(page, 'queue-integrations-search');
    await page.getByPlaceholder('Pesquisar...').fill('');
    await row('Typebot Vendas').waitFor();

    const typebot = await stored('Typebot Vendas');
    await page.getByRole('link', { name: 'Editar Typebot Vendas' }).click();
    await page.getByText('Editar integração').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/queue-integration/${typebot!.id}`);
    const dialog = page.getByRole('dialog');
    await waitFor(async () => (await dialog.locator('input[name="typebotSlug"]').inputValue()) === 'vendas');
    await dialog.locator('input[name="typebotDelayMessage"]').fill('2500');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Integração salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => (await stored('Typebot Vendas'))?.typebotDelayMessage === 2500);
  });

  it('lets an attendant read the integrations but not change them', async () => {
    const attendant = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(attendant, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await attendant.waitForSelector('a[href="/queue-integration"]');
    await attendant.click('a[href="/queue-integration"]');
    await attendant.locator('tr:has-text("Typebot Vendas")').waitFor();
    expect(await attendant.getByRole('link', { name: 'Adicionar integração' }).count()).toBe(0);
    expect(await attendant.getByRole('link', { name: 'Editar Typebot Vendas' }).count()).toBe(0);
    expect(await attendant.getByRole('button', { name: 'Excluir Typebot Vendas' }).count()).toBe(0);
    await attendant.close();
  });

  it('deletes through the confirmation, and fits a phone', async () => {
    await page.getByRole('button', { name: 'Excluir N8N Estoque' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir N8N Estoque?' })
      .getByText(/Essa ação não pode ser revertida!/)
      .waitFor();
    await screenshot(page, 'queue-integrations-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Integração excluída com sucesso!').waitFor();
    await row('N8N Estoque').waitFor({ state: 'detached' });
    expect(await stored('N8N Estoque')).toBeNull();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row('Typebot Vendas').waitFor();
    await screenshot(page, 'queue-integrations-phone');
    await page.getByRole('link', { name: 'Editar Typebot Vendas' }).click();
    await page.getByRole('dialog').locator('input[name="typebotSlug"]').waitFor();
    await screenshot(page, 'queue-integrations-dialog-phone');
  });

  it("explains a failed test in the catalog's words, never the service client's English", async () => {
    await page.goto(`${suite.t.baseUrl}/queue-integration/create`);
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Tipo', 'WebHooks');
    await dialog.locator('input[name="name"]').fill('Gancho fora do ar');
    // Port 1 refuses connections: the client reports "Webhook unreachable: ECONNREFUSED".
    await dialog.locator('input[name="urlN8N"]').fill('http://127.0.0.1:1/hook');
    await dialog.getByRole('button', { name: 'Testar Bot' }).click();
    const status = dialog.getByRole('status');
    await status.getByText('Não foi possível conectar ao serviço. Confira o endereço e a porta.').waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await status.textContent()).not.toMatch(/unreachable|Webhook|ECONNREFUSED/);
    await screenshot(page, 'queue-integrations-test-failed');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});
