import { describe, expect, it } from '@jest/globals';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Tag } from '../../src/modules/tags/tag.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login } from '../utils/factories.js';

/** /tags is react-admin's generated screen: InfiniteList, DataTable, CreateBase/EditBase dialogs, DeleteWithConfirmButton. */
describe('the tags screen', () => {
  const suite = demoBrowserSuite();

  it('creates, searches, edits and deletes a tag, and shows another session’s tag live', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/tags"]');
    await page.click('a[href="/tags"]');
    const add = page.getByRole('link', { name: 'Adicionar tag' });
    await add.waitFor();

    // Create, with the spec's validation first.
    await add.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar tag').first().waitFor();
    await dialog.locator('input[name="name"]').fill('ab');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialog.locator('input[name="name"]').fill('Retorno agendado');
    await screenshot(page, 'tags-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Tag salva com sucesso!').waitFor();
    await page.locator('td:has-text("Retorno agendado")').waitFor();
    const created = await waitFor(() => suite.t.em().findOne(Tag, { name: 'Retorno agendado' }, { filters: false }));

    // The same name again: the server's refusal is shown in the spec's words and the dialog stays open.
    await add.click();
    await page.getByRole('dialog').locator('input[name="name"]').fill('Retorno agendado');
    await page.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Já existe uma tag com este nome.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Search (debounced) narrows the list.
    await page.getByPlaceholder('Pesquisar...').fill('agend');
    await waitFor(async () => (await page.locator('[data-tag-id]').count()) === 1);
    await screenshot(page, 'tags-search');

    // Edit through the dialog route.
    await page.getByRole('link', { name: 'Editar Retorno agendado' }).click();
    await page.getByText('Editar tag').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tags/${created.id}`);
    await page.getByRole('dialog').locator('input[name="name"]').fill('Retornar ligação');
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByRole('dialog')
      .waitFor({ state: 'detached' })
      .catch(async (error) => {
        await page.screenshot({ path: 'test-results/screenshots/tags-debug.png' });
        throw error;
      });
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.locator('td:has-text("Retornar ligação")').waitFor();
    await waitFor(async () => (await suite.t.em().fork().findOneOrFail(Tag, created.id, { filters: false })).name === 'Retornar ligação');

    // Another session adds a tag: the list shows it without a reload (socket event → cache invalidation).
    const api = await login(suite.t, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await suite.t.http().post('/api/tags').set(api.auth).send({ name: 'Vinda do outro lado', color: '#C62828' }).expect(201);
    await page.locator('td:has-text("Vinda do outro lado")').waitFor();
    await screenshot(page, 'tags');

    // Delete asks first, with the tag's name.
    await page.getByRole('button', { name: 'Excluir Retornar ligação' }).click();
    await page.getByText('Excluir a tag Retornar ligação?').waitFor();
    await screenshot(page, 'tags-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Tag excluída com sucesso!').waitFor();
    await page.locator('td:has-text("Retornar ligação")').waitFor({ state: 'detached' });
    expect(await suite.t.em().fork().findOne(Tag, created.id, { filters: false })).toBeNull();

    // The phone layout of the same screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td:has-text("Vinda do outro lado")').waitFor();
    await screenshot(page, 'tags-phone');
    await page.close();
  });
});
