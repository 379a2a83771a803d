import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login } from '../utils/factories.js';
import { settle } from '../utils/super-browser.js';

/** /contacts is react-admin's generated screen: InfiniteList, DataTable, CreateBase/EditBase dialogs, DeleteWithConfirmButton. */
describe('the contacts screen', () => {
  const suite = demoBrowserSuite();

  const stored = (id: number) =>
    suite.t
      .em()
      .fork()
      .findOne(Contact, id, { filters: false, populate: ['extraInfo'] });

  /** `email` on /contacts. */
  async function openContacts(email: string, password: string): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, email, password);
    await page.waitForSelector('a[href="/contacts"]');
    await page.click('a[href="/contacts"]');
    await page.getByRole('link', { name: 'Adicionar contato' }).waitFor();
    return page;
  }

  it('creates a contact with extra information, after the validation and the duplicate refusal', async () => {
    const page = await openContacts(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.getByText('Nenhum contato encontrado').waitFor();
    const add = page.getByRole('link', { name: 'Adicionar contato' });

    // Create, with the spec's validation first.
    await add.click();
    expect(new URL(page.url()).pathname).toBe('/contacts/create');
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.locator('input[name="name"]').fill('M');
    await dialog.locator('input[name="number"]').fill('1234');
    await dialog.locator('input[name="email"]').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').first().waitFor();
    expect(await dialog.getByText('Muito curto!').count()).toBe(2); // name and number
    await dialog.getByText('E-mail inválido').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Conexão Origem' }).count()).toBe(0);
    await dialog.locator('input[name="name"]').fill('Marina Costa');
    await dialog.locator('input[name="number"]').fill('5511987654321');
    await dialog.locator('input[name="email"]').fill('marina@example.com');
    // Extra information: repeatable name/value pairs, each needing both.
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.locator('input[name="extraInfo.0.name"]').fill('CPF');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.locator('input[name="extraInfo.0.value"]').fill('123.456.789-00');
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
    await dialog.locator('input[name="extraInfo.1.name"]').fill('Cidade');
    await dialog.locator('input[name="extraInfo.1.value"]').fill('Campinas');
    await settle(page);
    await screenshot(page, 'contacts-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Contato salvo com sucesso.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // A new contact leads to its conversation (contacts-start-chat.browser-spec.ts); Cancel stays on the list.
    const startChat = page.getByRole('dialog', { name: 'Criar Ticket' });
    await startChat.getByText('Marina Costa').waitFor();
    await startChat.getByRole('button', { name: 'Cancelar' }).click();
    await startChat.waitFor({ state: 'detached' });
    await page.locator('td:has-text("Marina Costa")').waitFor();
    const created = await waitFor(() =>
      suite.t
        .em()
        .fork()
        .findOne(Contact, { number: '5511987654321' }, { filters: false, populate: ['extraInfo'] }),
    );
    expect(created).toMatchObject({ name: 'Marina Costa', email: 'marina@example.com' });
    expect(created.extraInfo.getItems().map(({ name, value }) => [name, value])).toEqual([
      ['CPF', '123.456.789-00'],
      ['Cidade', 'Campinas'],
    ]);

    // The same number again: a toast, the existing contact named under the number, and the dialog stays open.
    await add.click();
    const again = page.getByRole('dialog', { name: 'Adicionar contato' });
    await again.locator('input[name="name"]').fill('Marina de novo');
    await again.locator('input[name="number"]').fill('5511987654321');
    await again.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await again.getByText('Já cadastrado como Marina Costa (5511987654321)').waitFor();
    await page.getByText('Já existe um contato com este número.').first().waitFor();
    await settle(page);
    await screenshot(page, 'contacts-duplicate');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await page.close();
  });

  it('searches, edits through the dialog route, shows another session’s contact live and deletes', async () => {
    // A contact that first wrote to the demo connection: its dialog shows that origin.
    const em = suite.t.em().fork();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' });
    const connection = await em.findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    const rita = em.create(Contact, { company, name: 'Rita Freitas', number: '5521977776666', whatsapp: connection });
    await em.flush();
    const created = await em.findOneOrFail(Contact, { number: '5511987654321' }, { filters: false });
    const page = await openContacts(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.locator('td:has-text("Rita Freitas")').waitFor();

    // Search (debounced) by part of the number narrows the list.
    await page.getByPlaceholder('Pesquisar...').fill('98765');
    await waitFor(async () => (await page.locator('[data-contact-id]').count()) === 1);
    await page.locator(`[data-contact-id="${created.id}"]`).waitFor();
    await screenshot(page, 'contacts-search');
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.locator('td:has-text("Rita Freitas")').waitFor();

    // Edit through the dialog route: the origin connection is shown read-only.
    await page.getByRole('link', { name: 'Editar Rita Freitas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar contato' });
    const origin = edit.getByRole('textbox', { name: 'Conexão Origem' });
    await waitFor(async () => (await origin.count()) === 1 && (await origin.inputValue()) === 'WhatsApp Demo');
    expect(new URL(page.url()).pathname).toBe(`/contacts/${rita.id}`);
    expect(await origin.getAttribute('readonly')).not.toBeNull();
    await edit.locator('input[name="name"]').fill('Rita Freitas Lima');
    await edit.getByRole('button', { name: 'Adicionar informação' }).click();
    await edit.locator('input[name="extraInfo.0.name"]').fill('Empresa');
    await edit.locator('input[name="extraInfo.0.value"]').fill('Padaria Central');
    await settle(page);
    await screenshot(page, 'contacts-edit');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Contato salvo com sucesso.').first().waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.locator('td:has-text("Rita Freitas Lima")').waitFor();
    const edited = await waitFor(async () => {
      const contact = await stored(rita.id);
      return contact?.name === 'Rita Freitas Lima' ? contact : null;
    });
    expect(edited.extraInfo.getItems().map(({ name, value }) => [name, value])).toEqual([['Empresa', 'Padaria Central']]);
    expect(edited.whatsapp?.id).toBe(connection.id);

    // Removing an extra-info pair in the dialog removes it from the contact.
    await page.getByRole('link', { name: 'Editar Marina Costa' }).click();
    const second = page.getByRole('dialog', { name: 'Editar contato' });
    await waitFor(async () => (await second.locator('input[name="extraInfo.1.name"]').count()) === 1);
    expect(await second.getByRole('textbox', { name: 'Conexão Origem' }).inputValue()).toBe('Nenhuma');
    await second.getByRole('button', { name: 'Remover informação' }).first().click();
    await second.getByRole('button', { name: 'Salvar', exact: true }).click();
    await second.waitFor({ state: 'detached' });
    await waitFor(
      async () =>
        (await stored(created.id))?.extraInfo
          .getItems()
          .map(({ name }) => name)
          .join() === 'Cidade',
    );

    // Another session adds a contact: the list shows it without a reload (socket event → cache invalidation).
    const api = await login(suite.t, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await suite.t.http().post('/api/contacts').set(api.auth).send({ name: 'Vindo do outro lado', number: '5531988887777' }).expect(201);
    await page.locator('td:has-text("Vindo do outro lado")').waitFor();
    await screenshot(page, 'contacts');

    // Delete (admins) asks first, with the contact's name and the spec's warning.
    await page.getByRole('button', { name: 'Excluir Marina Costa' }).click();
    await page.getByText('Excluir Marina Costa?').waitFor();
    await page.getByText('Tem certeza que deseja deletar este contato?', { exact: false }).waitFor();
    await settle(page);
    await screenshot(page, 'contacts-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Contato excluído com sucesso!').waitFor();
    await page.locator('td:has-text("Marina Costa")').waitFor({ state: 'detached' });
    expect(await stored(created.id)).toBeNull();

    // The phone layout of the same screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td:has-text("Vindo do outro lado")').waitFor();
    await settle(page);
    await screenshot(page, 'contacts-phone');
    await page.getByRole('link', { name: 'Adicionar contato' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Adicionar informação' }).click();
    await settle(page);
    await screenshot(page, 'contacts-create-phone');
    await page.close();
  });

  it('offers an attendant edit but not delete (contacts-page:deleteContact)', async () => {
    const page = await openContacts(DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.getByRole('link', { name: 'Editar Vindo do outro lado' }).waitFor();
    expect(await page.getByRole('button', { name: /^Excluir / }).count()).toBe(0);
    await page.close();
  });
});
