import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';

/** The contacts screen imports and exports contacts; formula-looking cells leave as text. */
describe('contacts import and export', () => {
  const suite = demoBrowserSuite();
  let page: Page;

  beforeAll(async () => {
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    em.create(Contact, { company, name: '=1+2', number: '5511966665555', email: '' });
    await em.flush();
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/contacts"]');
  });
  afterAll(() => page?.context().close());

  it('downloads the contacts as .csv and .xlsx from the list, on desktop and phone', async () => {
    await page.goto(`${suite.t.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Exportar' }).click();
    await screenshot(page, 'contacts-export-menu');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exportar como .csv' }).click()]);
    expect(csv.suggestedFilename()).toBe('contatos.csv');
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFnome,numero,email');
    expect(text).toContain("'=1+2,5511966665555,");
    await page.getByRole('button', { name: 'Exportar' }).click();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exportar como .xlsx' }).click()]);
    expect(xlsx.suggestedFilename()).toBe('contatos.xlsx');
    expect(
      readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.locator('button:has-text("Exportar")').waitFor();
    await screenshot(page, 'contacts-export-phone');
  });

  it('imports a .csv chosen on the list and shows what it did', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${suite.t.baseUrl}/contacts`);
    await page.getByRole('button', { name: 'Importar' }).waitFor();
    const csv = 'nome;numero;email\r\nOtávio Reis;5511955554444;otavio@example.com\r\nSem Número;;\r\n';
    await page.locator('[data-contact-import-input]').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByText('1 contato importado; 0 já existiam, 0 repetidos e 1 sem número.').waitFor();
    await page.locator('[data-contact-id]', { hasText: 'Otávio Reis' }).waitFor();
    await screenshot(page, 'contacts-imported');
    const stored = await suite.t.em().fork().findOneOrFail(Contact, { number: '5511955554444' }, { filters: false });
    expect(stored).toMatchObject({ name: 'Otávio Reis', email: 'otavio@example.com' });
  });
});
