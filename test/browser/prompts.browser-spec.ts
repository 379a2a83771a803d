import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Prompt } from '../../src/modules/prompts/prompt.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login } from '../utils/factories.js';

/**
 * /prompts is react-admin's generated screen: List (the page does not page), DataTable, CreateBase/EditBase
 * dialogs, DeleteWithConfirmButton, under the AI-credit banner. The steps share the admin's page, in order.
 */
describe('the prompts screen', () => {
  const suite = demoBrowserSuite();
  let page: Page;
  const stored = (name: string) => suite.t.em().fork().findOne(Prompt, { name }, { filters: false });
  const row = (name: string) => page.locator(`tr:has-text("${name}")`);

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/prompts"]');
    await page.click('a[href="/prompts"]');
  });
  afterAll(() => page?.close());

  it('creates a prompt after the missing-queue error, and refuses a taken name at the field', async () => {
    await page.getByText('Créditos do provedor de IA').waitFor();
    const add = page.getByRole('link', { name: 'Adicionar Prompt' });
    await add.click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar Prompt').first().waitFor();
    await dialog.locator('input[name="name"]').fill('Assistente Comercial');
    await dialog.locator('textarea[name="prompt"]').first().fill('Você é um assistente de vendas cordial.');
    await dialog.locator('input[name="apiKey"]').fill('sk-test-0123456789abcdef');
    expect(await dialog.locator('input[name="maxTokens"]').inputValue()).toBe('100');
    expect(await dialog.locator('input[name="temperature"]').inputValue()).toBe('1');
    expect(await dialog.locator('input[name="maxMessages"]').inputValue()).toBe('10');
    // No queue yet: the form says so at submit (campaigns §5).
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Informe o setor').waitFor();
    await dialog.getByRole('combobox', { name: 'Setor' }).click();
    await page.getByRole('option', { name: 'Comercial', exact: true }).click();
    await screenshot(page, 'prompts-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Prompt salvo com sucesso!').waitFor();
    await row('Assistente Comercial').waitFor();
    const created = await waitFor(() => stored('Assistente Comercial'));
    expect(created).toMatchObject({ maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto', apiKey: 'sk-test-0123456789abcdef' });

    // The same name again: the server's refusal shows at the field and the dialog stays open.
    await add.click();
    dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Assistente Comercial');
    await dialog.locator('textarea[name="prompt"]').first().fill('Outro texto.');
    await dialog.locator('input[name="apiKey"]').fill('sk-other');
    await dialog.getByRole('combobox', { name: 'Setor' }).click();
    await page.getByRole('option', { name: 'Suporte', exact: true }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Já existe um prompt com este nome.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("shows another admin's prompt live, and edits through the dialog route keeping the stored key", async () => {
    const company = await suite.t.em().fork().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    const api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    const suporte = await suite.t.em().fork().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false });
    await suite.t
      .http()
      .post('/api/prompt')
      .set(api.auth)
      .send({ name: 'Assistente Suporte', prompt: 'Ajude com problemas técnicos.', apiKey: 'sk-other', queueId: suporte.id })
      .expect(201);
    await row('Assistente Suporte').waitFor();
    await screenshot(page, 'prompts');

    const created = await stored('Assistente Comercial');
    await page.getByRole('link', { name: 'Editar Assistente Comercial' }).click();
    await page.getByText('Editar Prompt').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/prompts/${created!.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deixe em branco para manter a chave atual (…••••cdef)').waitFor();
    expect(await dialog.locator('input[name="apiKey"]').inputValue()).toBe('');
    await dialog.locator('input[name="maxTokens"]').fill('300');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Prompt salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr:has-text("Assistente Comercial"):has-text("300")').waitFor();
    const edited = await stored('Assistente Comercial');
    expect(edited).toMatchObject({ maxTokens: 300, apiKey: 'sk-test-0123456789abcdef' });
  });

  it('lets an attendant read the prompts but not change them', async () => {
    const attendant = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(attendant, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await attendant.waitForSelector('a[href="/prompts"]');
    await attendant.click('a[href="/prompts"]');
    await attendant.locator('tr:has-text("Assistente Comercial")').waitFor();
    expect(await attendant.getByRole('link', { name: 'Adicionar Prompt' }).count()).toBe(0);
    expect(await attendant.getByRole('link', { name: 'Editar Assistente Comercial' }).count()).toBe(0);
    expect(await attendant.getByRole('button', { name: 'Excluir Assistente Comercial' }).count()).toBe(0);
    await attendant.close();
  });

  it('deletes through the confirmation, and fits a phone', async () => {
    await page.getByRole('button', { name: 'Excluir Assistente Suporte' }).click();
    await page.getByText('Excluir Assistente Suporte?').waitFor();
    await page.getByText('Você tem certeza? Essa ação não pode ser revertida!').waitFor();
    await screenshot(page, 'prompts-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Prompt excluído com sucesso!').waitFor();
    await row('Assistente Suporte').waitFor({ state: 'detached' });
    expect(await stored('Assistente Suporte')).toBeNull();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await row('Assistente Comercial').waitFor();
    await screenshot(page, 'prompts-phone');
    await page.getByRole('link', { name: 'Editar Assistente Comercial' }).click();
    await page.getByRole('dialog').locator('input[name="name"]').waitFor();
    await screenshot(page, 'prompts-dialog-phone');
  });
});
