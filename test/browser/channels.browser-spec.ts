import { beforeAll, describe, expect, it } from '@jest/globals';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';
import { startConnections } from '../utils/channels.js';

describe('connections and contacts in the browser', () => {
  let api: Session;

  const suite = demoBrowserSuite();
  beforeAll(async () => {
    // The demo connection was seeded CONNECTED after this app booted: bring it up as a restart would.
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
  });

  it('adds a simulator connection that links live through its QR code', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/connections"]');
    await page.click('a[href="/connections"]');
    await page.waitForSelector('tr:has-text("WhatsApp Demo")');
    await screenshot(page, 'connections');

    await page.getByRole('link', { name: 'Adicionar conexão' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Loja Centro');
    await dialog.getByRole('combobox', { name: /Provedor|Canal|Tipo/ }).click();
    await page.getByRole('option', { name: 'Simulador (desenvolvimento)' }).click();
    await screenshot(page, 'connection-dialog');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();

    const tokenDialog = page.getByRole('dialog');
    await tokenDialog.getByText('Token da API').first().waitFor();
    await screenshot(page, 'connection-token');
    await tokenDialog.getByRole('button', { name: 'Fechar' }).click();

    const row = page.locator('tr', { hasText: 'Loja Centro' });
    await row
      .getByRole('button', { name: 'QR CODE' })
      .click({ timeout: 5000 * TIME_FACTOR })
      .catch(() => undefined);
    await screenshot(page, 'connection-qr');
    // On a slow machine the phone may have linked before the click landed: the button under the pointer had become
    // 'Desconectar', whose confirmation is not what this test is about.
    const unintended = page.getByRole('dialog').filter({ hasText: 'Desconectar Loja Centro?' });
    if (await unintended.isVisible()) await unintended.getByRole('button', { name: 'Cancelar' }).click();
    await row.getByRole('button', { name: 'Desconectar' }).waitFor({ timeout: 10000 * TIME_FACTOR });
    const stored = await suite.t.em().findOneOrFail(Whatsapp, { name: 'Loja Centro' }, { filters: false });
    expect(stored.status).toBe('CONNECTED');
    await screenshot(page, 'connections-connected');
    await page.close();
  });

  it('shows a contact created by a customer message without a reload', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.waitForSelector('a[href="/contacts"]');
    await page.click('a[href="/contacts"]');
    await page.getByRole('link', { name: 'Adicionar contato' }).waitFor();
    expect(await page.locator('tr:has-text("Rita Freitas")').count()).toBe(0);

    const connection = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    const sent = await suite.t
      .http()
      .post(`/api/dev/simulator/${connection.id}/inbound`)
      .set(api.auth)
      .send({ from: '5521977776666', name: 'Rita Freitas', body: 'Oi!' });
    expect(sent.status).toBe(202);
    await page.waitForSelector('tr:has-text("Rita Freitas")', { timeout: 10000 * TIME_FACTOR });
    expect(await page.locator('tr:has-text("5521977776666")').count()).toBe(1);
    await screenshot(page, 'contacts-live');
    await page.close();
  });
});
