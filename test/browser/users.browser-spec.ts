import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login } from '../utils/factories.js';
import { choose, settle } from '../utils/super-browser.js';

/** /users is react-admin's generated screen: InfiniteList, DataTable, CreateBase/EditBase dialogs, DeleteWithConfirmButton. */
describe('the users screen', () => {
  const suite = demoBrowserSuite();

  /** The admin on /users. */
  async function openUsers(): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/users"]');
    await page.click('a[href="/users"]');
    await page.locator('td:has-text("atendente@example.com")').waitFor();
    return page;
  }

  it('creates a user with queues and a connection, after the validation and the server’s refusal', async () => {
    const page = await openUsers();
    const add = page.getByRole('link', { name: 'Adicionar usuário' });

    // Create, with the spec's validation first.
    await add.click();
    expect(new URL(page.url()).pathname).toBe('/users/create');
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.locator('input[name="name"]').fill('J');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    expect(await dialog.getByText('Obrigatório').count()).toBe(2); // email and password
    await dialog.locator('input[name="name"]').fill('Joana Lima');
    await dialog.locator('input[name="email"]').fill('joana.lima@example.com');
    await dialog.locator('input[name="password"]').fill('Joana123');
    await choose(page, dialog, 'Perfil', 'Admin');
    // The admin's selects offer the company's queues and connections, from the dataProvider.
    await dialog.getByRole('combobox', { name: 'Filas' }).click();
    const queueOptions = page.getByRole('listbox').getByRole('option');
    await queueOptions.first().waitFor();
    expect(await queueOptions.allTextContents()).toEqual(['Comercial', 'Suporte']);
    await page.getByRole('option', { name: 'Suporte', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await choose(page, dialog, 'Conexão Padrão', 'WhatsApp Demo');
    await choose(page, dialog, 'Ver chamados sem fila', 'Habilitado');
    await settle(page);
    await screenshot(page, 'users-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Usuário salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('td:has-text("joana.lima@example.com")').waitFor();
    const created = await waitFor(() =>
      suite.t
        .em()
        .fork()
        .findOne(User, { email: 'joana.lima@example.com' }, { filters: false, populate: ['queues'] }),
    );
    const support = await suite.t.em().fork().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false });
    const connection = await suite.t.em().fork().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    expect(created).toMatchObject({ name: 'Joana Lima', profile: 'admin', allTicket: 'enabled', whatsappId: connection.id });
    expect(created.queues.getItems().map((queue) => queue.id)).toEqual([support.id]);

    // The same email again: the server's refusal is shown in its words and the dialog stays open.
    await add.click();
    const again = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await again.locator('input[name="name"]').fill('Outra Joana');
    await again.locator('input[name="email"]').fill('joana.lima@example.com');
    await again.locator('input[name="password"]').fill('Joana123');
    await again.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Já existe um usuário com este e-mail').waitFor();
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.close();
  });

  it('searches, edits through the dialog route, shows another session’s user live and deletes', async () => {
    const created = await suite.t.em().fork().findOneOrFail(User, { email: 'joana.lima@example.com' }, { filters: false });
    const page = await openUsers();

    // Search (debounced) narrows the list.
    await page.getByPlaceholder('Pesquisar...').fill('joana');
    await waitFor(async () => (await page.locator('[data-user-id]').count()) === 1);
    await screenshot(page, 'users-search');

    // Edit through the dialog route: the form starts from the saved user.
    await page.getByRole('link', { name: 'Editar Joana Lima' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuário' });
    const name = edit.locator('input[name="name"]');
    await waitFor(async () => (await name.inputValue()) === 'Joana Lima');
    expect(new URL(page.url()).pathname).toBe(`/users/${created.id}`);
    expect(await edit.getByRole('combobox', { name: 'Filas' }).textContent()).toContain('Suporte');
    await name.fill('Joana Souza');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await page.locator('td:has-text("Joana Souza")').waitFor();
    await waitFor(async () => (await suite.t.em().fork().findOneOrFail(User, created.id, { filters: false })).name === 'Joana Souza');
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.locator('td:has-text("atendente@example.com")').waitFor();

    // Another session adds a user: the list shows it without a reload (socket event → cache invalidation).
    // Not the admin: a new login of the same account would end the page's session.
    const api = await login(suite.t, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    await suite.t
      .http()
      .post('/api/users')
      .set(api.auth)
      .send({ name: 'Vindo do outro lado', email: 'outro.lado@example.com', password: 'Outro123', profile: 'user' })
      .expect(201);
    await page.locator('td:has-text("outro.lado@example.com")').waitFor();
    await screenshot(page, 'users');

    // Delete asks first, with the user's name and the spec's warning.
    await page.getByRole('button', { name: 'Excluir Joana Souza' }).click();
    await page.getByText('Excluir Joana Souza?').waitFor();
    await page.getByText('Todos os dados do usuário serão perdidos.', { exact: false }).waitFor();
    await settle(page);
    await screenshot(page, 'users-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Usuário excluído com sucesso!').waitFor();
    await page.locator('td:has-text("Joana Souza")').waitFor({ state: 'detached' });
    expect(await suite.t.em().fork().findOne(User, created.id, { filters: false })).toBeNull();

    // The phone layout of the same screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td:has-text("outro.lado@example.com")').waitFor();
    await settle(page);
    await screenshot(page, 'users-phone');
    await page.getByRole('link', { name: 'Editar Atendente' }).click();
    await waitFor(async () => (await page.getByRole('dialog').locator('input[name="name"]').inputValue()) === 'Atendente');
    await settle(page);
    await screenshot(page, 'users-edit-phone');
    await page.close();
  });

  it('opens the same dialog on the own account from the account menu, without the admin fields for an attendant', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
    const name = dialog.locator('input[name="name"]');
    await waitFor(async () => (await name.inputValue()) === 'Atendente');
    for (const field of ['Perfil', 'Filas', 'Conexão Padrão']) expect(await dialog.getByRole('combobox', { name: field }).count()).toBe(0);
    await name.fill('Atendente Silva');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Usuário salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The dialog was not a route: the page stays where it was.
    expect(new URL(page.url()).pathname).not.toMatch(/^\/users/);
    const saved = await waitFor(async () => {
      const user = await suite.t.em().fork().findOneOrFail(User, { email: DEMO_ACCOUNTS.attendant.email }, { filters: false });
      return user.name === 'Atendente Silva' ? user : null;
    });
    expect(saved.profile).toBe('user');
    await page.close();
  });
});
