import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';

/** Issue budgets for a new visitor's compressed JavaScript (`npm run bench -- first-load` prints the figures). */
const LOGIN_JS_BUDGET = 300 * 1024;
const TICKETS_JS_BUDGET = 700 * 1024;

/** Bytes on the wire of the scripts a page fetches until the network is idle, and the encodings they came in. */
async function scriptsOf(page: Page, path: string, baseUrl: string): Promise<{ bytes: number; files: number; encodings: Set<string> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  let bytes = 0;
  let files = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script')
      scripts.set(event.requestId, String(event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'identity'));
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!scripts.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    files += 1;
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await cdp.detach();
  return { bytes, files, encodings: new Set(scripts.values()) };
}

describe('first load in the browser', () => {
  const suite = demoBrowserSuite();

  it('loads /login within 300 kB of compressed JavaScript and /tickets within 700 kB, on an empty cache', async () => {
    const loginContext = await suite.browser.newContext({ viewport: { width: 1366, height: 850 } });
    const loginPage = await loginContext.newPage();
    const login = await scriptsOf(loginPage, '/login', suite.t.baseUrl);
    await loginPage.locator('input[name="email"]').waitFor();
    expect(login.files).toBeGreaterThan(0);
    // Files big enough to gain are served precompressed (tiny ones go as they are).
    expect(login.encodings.has('br')).toBe(true);
    expect(login.bytes).toBeLessThan(LOGIN_JS_BUDGET);
    await screenshot(loginPage, 'first-load-login');

    await loginThroughForm(loginPage, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await loginPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The cookies are copied once the signed-in page is settled, so none is replaced after the copy.
    await loginPage.waitForLoadState('networkidle');
    // Signed in, with an empty cache again: a user whose first page is /tickets.
    const ticketsContext = await suite.browser.newContext({ viewport: { width: 1366, height: 850 }, storageState: await loginContext.storageState() });
    await loginContext.close();
    const ticketsPage = await ticketsContext.newPage();
    const tickets = await scriptsOf(ticketsPage, '/tickets', suite.t.baseUrl);
    expect(new URL(ticketsPage.url()).pathname).toBe('/tickets');
    await ticketsPage.locator('[data-tickets-page]').first().waitFor();
    expect(tickets.bytes).toBeLessThan(TICKETS_JS_BUDGET);
    expect(tickets.bytes).toBeGreaterThan(login.bytes);
    await screenshot(ticketsPage, 'first-load-tickets');
    await ticketsContext.close();
  });
});
