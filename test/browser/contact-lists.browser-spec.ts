import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { ChannelManager } from '../../src/channels/channel-manager.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { ContactListItem } from '../../src/modules/contact-lists/contact-list-item.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BAR = '[data-import-status="running"] [role="progressbar"], [data-import-status="queued"] [role="progressbar"]';
/** A determinate bar past zero: rows are being checked. */
const MOVING = '[data-import-status="running"] [role="progressbar"][aria-valuenow]:not([aria-valuenow="0"])';

/** A spreadsheet big enough for the progress bar to show: valid numbers, some not on WhatsApp, some repeated. */
function spreadsheet(rows: number, areaCode: string): Buffer {
  const unique = rows - 50;
  // 55 + area code + 9 + eight digits; every 20th number ends in 0000 (not on WhatsApp in the simulator).
  const numberFor = (n: number) => `55${areaCode}9${String(n).padStart(5, '0')}${n % 20 === 0 ? '000' : '123'}`;
  const cells: unknown[][] = [['Nome', 'Número', 'Email']];
  for (let i = 0; i < rows; i += 1) {
    const n = i < unique ? i : i - unique; // the last 50 rows repeat earlier numbers
    cells.push([`Cliente ${n}`, numberFor(n), n % 3 === 0 ? `cliente${n}@example.com` : '']);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The numbers checked so far (a determinate bar past zero), unless the machine was quicker than the page. */
async function progressShot(page: Page, name: string): Promise<void> {
  const moving = page.locator(MOVING);
  await moving.or(page.locator('[data-import-status="done"]')).first().waitFor();
  if (await moving.count()) await screenshot(page, name);
}

/** /contact-lists (react-admin resource) and /contact-lists/{id}/contacts (custom page with the import). */
describe('the contact lists screens', () => {
  const suite = demoBrowserSuite();

  it('creates a list, adds a contact checked on WhatsApp, imports a spreadsheet with progress, searches and deletes', async () => {
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { provider: 'simulator' }, { filters: false });
    const channels = suite.t.app.get(ChannelManager);
    if (!channels.isConnected(connection.id)) await channels.start(connection.company.id, connection.id);
    await waitFor(() => channels.isConnected(connection.id));

    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/tickets"]');
    await page.goto(`${suite.t.baseUrl}/contact-lists`);
    const add = page.getByRole('link', { name: 'Adicionar lista' });
    await add.waitFor();

    // Create, with the spec's validation messages first.
    await add.click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('a');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.locator('input[name="name"]').fill('Clientes 2026');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Lista salva com sucesso!').waitFor();
    // A new list opens at once, to be filled; back to the lists, it is there.
    await page.getByRole('heading', { name: 'Contatos da lista Clientes 2026' }).waitFor();
    await page.getByRole('button', { name: 'Voltar para as listas' }).click();
    await page.locator('td:has-text("Clientes 2026")').waitFor();

    // The row opens the list's contacts.
    await page.getByRole('button', { name: 'Contatos de Clientes 2026' }).click();
    await page.getByRole('heading', { name: 'Contatos da lista Clientes 2026' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/contact-lists\/\d+\/contacts$/);
    const listId = Number(new URL(page.url()).pathname.split('/')[2]);

    // Add one contact by hand: the number is checked on WhatsApp (ninth digit added) and shows as valid.
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    const itemDialog = page.getByRole('dialog');
    await itemDialog.locator('input[name="name"]').fill('Maria Souza');
    await itemDialog.locator('input[name="number"]').fill('abc');
    await itemDialog.locator('input[name="email"]').fill('maria@');
    await itemDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await itemDialog.getByText('Use apenas números').waitFor();
    await itemDialog.getByText('E-mail inválido').waitFor();
    await itemDialog.locator('input[name="number"]').fill('+55 (11) 8777-6655');
    await itemDialog.locator('input[name="email"]').fill('maria@example.com');
    await itemDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Contato salvo com sucesso!').waitFor();
    await page.locator('td:has-text("5511987776655")').waitFor();
    await page.locator('[data-valid="true"]').first().waitFor();

    // Import: the bar follows the job through the socket, then the list reloads with valid and invalid rows.
    await page.setInputFiles('[data-testid="contact-list-import-input"]', { name: 'clientes.xlsx', mimeType: XLSX_TYPE, buffer: spreadsheet(20_000, '21') });
    await page.locator(BAR).first().waitFor();
    await screenshot(page, 'contact-list-items-importing');
    await progressShot(page, 'contact-list-items-importing-progress');
    await page.locator('[data-import-status="done"]').waitFor({ timeout: 120_000 * TIME_FACTOR });
    await expect(page.locator('[data-import-status="done"]').textContent()).resolves.toContain('Importação de clientes.xlsx concluída');
    await page.locator('[data-valid="false"]').first().waitFor();
    await expect(page.locator('[data-import-status="done"]').textContent()).resolves.toContain('18.952 válidos, 998 inválidos, 50 duplicados mesclados');
    const stored = await suite.t.em().count(ContactListItem, { contactList: listId }, { filters: false });
    expect(stored).toBe(1 + 19_950);
    await screenshot(page, 'contact-list-items');

    // Search (debounced) narrows the list.
    await page.getByPlaceholder('Pesquisar...').fill('Maria');
    await waitFor(async () => (await page.locator('tbody tr').count()) === 1);

    // Delete asks first; admins hold 'contacts-page:deleteContact'.
    await page.getByRole('button', { name: 'Excluir Maria Souza' }).click();
    await page.getByText('Excluir o contato Maria Souza?').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Contato excluído com sucesso!').waitFor();
    await page.getByText('Nenhum contato nesta lista').waitFor();
    await page.getByPlaceholder('Pesquisar...').fill('');

    // Back to the lists: the counts came with the import.
    await page.getByRole('button', { name: 'Voltar para as listas' }).click();
    await page
      .locator('td')
      .filter({ hasText: /^19[.,]?950$/ })
      .waitFor();
    await screenshot(page, 'contact-lists');

    // The phone layout: the lists, then the items page during another import.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td:has-text("Clientes 2026")').waitFor();
    await screenshot(page, 'contact-lists-phone');
    await page.goto(`${suite.t.baseUrl}/contact-lists/${listId}/contacts`);
    await page.getByRole('heading', { name: 'Contatos da lista Clientes 2026' }).waitFor();
    await page.setInputFiles('[data-testid="contact-list-import-input"]', {
      name: 'mais-clientes.xlsx',
      mimeType: XLSX_TYPE,
      buffer: spreadsheet(20_000, '31'),
    });
    await page.locator(BAR).first().waitFor();
    await screenshot(page, 'contact-list-items-importing-phone');
    await progressShot(page, 'contact-list-items-importing-phone-progress');
    // A reload during the import keeps the bar (the page asks for the last import).
    await page.reload();
    await page.locator('[data-import-status]').first().waitFor();
    await page.locator('[data-import-status="done"]').waitFor({ timeout: 120_000 * TIME_FACTOR });
    await screenshot(page, 'contact-list-items-phone');
    await page.close();
  });

  it('explains imports: the columns read, a template, 55 for numbers without it, invalid e-mails with their lines, Portuguese plurals', async () => {
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { provider: 'simulator' }, { filters: false });
    const channels = suite.t.app.get(ChannelManager);
    if (!channels.isConnected(connection.id)) await channels.start(connection.company.id, connection.id);
    await waitFor(() => channels.isConnected(connection.id));
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/tickets"]');
    await page.goto(`${suite.t.baseUrl}/contact-lists`);
    await page.getByRole('link', { name: 'Adicionar lista' }).click();
    await page.getByRole('dialog').locator('input[name="name"]').fill('Sem DDI');
    await page.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('heading', { name: 'Contatos da lista Sem DDI' }).waitFor();
    const listId = Number(new URL(page.url()).pathname.split('/')[2]);

    const help = page.locator('[data-import-help]');
    await help.getByText('com as colunas nome, numero e email', { exact: false }).waitFor();
    await help.getByText('Números sem código do país recebem 55.', { exact: false }).waitFor();
    const download = page.waitForEvent('download');
    await help.getByRole('button', { name: 'Baixar modelo .xlsx' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('modelo-lista-de-contatos.xlsx');
    const book = XLSX.read(await readFile((await template.path())!));
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toEqual(['nome', 'numero', 'email']);

    const cells = [
      ['nome', 'numero', 'email'],
      ['Paula', '11 91111-0005', 'paula@'],
      ['Rafa', '(21) 97777-3333', 'rafa@example.com'],
      ['Sem Zap', '(11) 98888-0000', ''],
    ];
    const sheet = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(sheet, XLSX.utils.aoa_to_sheet(cells), 'Contatos');
    await page.setInputFiles('[data-testid="contact-list-import-input"]', {
      name: 'ddd.xlsx',
      mimeType: XLSX_TYPE,
      buffer: XLSX.write(sheet, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    const banner = page.locator('[data-import-status="done"]');
    await banner.waitFor({ timeout: 30_000 * TIME_FACTOR });
    await expect(banner.textContent()).resolves.toContain('Importação de ddd.xlsx concluída: 2 válidos, 1 inválido, ');
    await banner.getByText('1 e-mail inválido ficou em branco (linha 2).').waitFor();
    await page.locator('td:has-text("5511911110005")').waitFor();
    const stored = await suite.t.em().find(ContactListItem, { contactList: listId }, { filters: false, orderBy: { number: 'asc' } });
    expect(stored.map((item) => [item.number, item.email, item.isWhatsappValid])).toEqual([
      ['5511911110005', null, true],
      ['5511988880000', null, false],
      ['5521977773333', 'rafa@example.com', true],
    ]);
    await screenshot(page, 'contact-list-import-explained');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-import-status="done"]').waitFor();
    await screenshot(page, 'contact-list-import-explained-phone');
    await page.close();
  });
});
