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

  it('caches hashed assets for a year, compressed; revalidates pages; a missing asset is a 404, not index.html', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${suite.t.baseUrl}${path}`, { headers });
    const cacheOf = (res: Response) => res.headers.get('cache-control') ?? '';

    // Pages: the app's shell names the hashed files of the current release, so it is always revalidated.
    for (const path of ['/', '/index.html', '/tickets', '/login']) {
      const res = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 200, type: expect.stringContaining('text/html') });
      expect({ path, cache: cacheOf(res) }).toEqual({ path, cache: expect.stringMatching(/no-cache|no-store/) });
      expect(cacheOf(res)).not.toMatch(/max-age=[1-9]|immutable/);
    }

    // The hashed files the shell names: a year, immutable; each one big enough to gain (1 kB, admin/compress-plugin.ts)
    // comes as the brotli copy the build wrote when the browser accepts it.
    const shell = await (await get('/')).text();
    const assets = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    let compressed = 0;
    for (const path of assets) {
      expect(path).toMatch(/-[\w-]{8}\.(js|css)$/);
      const plain = await get(path, { 'Accept-Encoding': 'identity' });
      const brotli = await get(path, { 'Accept-Encoding': 'br' });
      for (const res of [plain, brotli]) {
        expect({ path, status: res.status, cache: cacheOf(res) }).toEqual({ path, status: 200, cache: expect.stringMatching(/max-age=31536000.*immutable/) });
      }
      expect(plain.headers.get('content-encoding')).toBeNull();
      const body = await plain.text();
      // fetch decodes the brotli body: the same file either way.
      expect(await brotli.text()).toBe(body);
      if (Buffer.byteLength(body) < 1024) continue;
      expect({ path, encoding: brotli.headers.get('content-encoding') }).toEqual({ path, encoding: 'br' });
      expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(brotli.headers.get('content-type')).toMatch(/javascript|css/);
      compressed += 1;
    }
    expect(compressed).toBeGreaterThan(0);

    // A chunk no build wrote (an older release's): 404, never the shell.
    const missing = await get('/assets/index-00000000.js', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root"');
    expect(cacheOf(missing)).not.toMatch(/immutable/);
  });
});
