import { describe, expect, it } from '@jest/globals';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { refuseConnections } from '../utils/database-outage.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

describe('a database outage in the browser', () => {
  const suite = demoBrowserSuite();

  it('shows the reconnecting bar while the database is down, keeps the session and hides the bar once it is back', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/contacts"]');
    const bar = page.getByTestId('reconnecting-bar');

    const restore = await refuseConnections(suite.t.config.databaseUrl);
    try {
      await page.click('a[href="/contacts"]');
      await bar.getByText('Reconectando ao servidor…').waitFor({ timeout: 15_000 * TIME_FACTOR });
      // The list says it could not be loaded, not that there are no contacts.
      await page.getByTestId('list-unavailable').waitFor({ timeout: 15_000 * TIME_FACTOR });
      expect(await page.getByText('Nenhum contato encontrado').count()).toBe(0);
      // The bar sits under the app bar: its buttons stay clickable.
      const appBar = await page.locator('header').first().boundingBox();
      const barBox = await bar.boundingBox();
      expect(barBox!.y).toBeGreaterThanOrEqual(appBar!.y + appBar!.height - 1);
      await screenshot(page, 'database-blip-reconnecting');
      expect(new URL(page.url()).pathname).toBe('/contacts');
      expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    } finally {
      await restore();
    }

    // Back: the bar goes, the screen loads, and the user was never sent to the login page.
    await bar.waitFor({ state: 'detached', timeout: 30_000 * TIME_FACTOR });
    await page
      .getByRole('link', { name: 'Adicionar contato' })
      .or(page.getByRole('button', { name: 'Adicionar contato' }))
      .first()
      .waitFor();
    await page.waitForSelector('text=Empresa Demo');
    expect(new URL(page.url()).pathname).toBe('/contacts');
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await screenshot(page, 'database-blip-back');
    await page.close();
  });
});
