import { describe, expect, it } from '@jest/globals';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

describe('application shell in the browser', () => {
  const suite = demoBrowserSuite();

  it('shows the login page in Portuguese', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${suite.t.baseUrl}/login`);
    await expect(page.locator('button[type="submit"]')).toBeDefined();
    await page.waitForSelector('text=Entrar');
    expect(await page.locator('a[href="/signup"]').count()).toBe(1);
    expect(await page.locator('a[href="/forgetpsw"]').count()).toBe(1);
    await screenshot(page, 'login');
    await page.close();
  });

  it('lets the demo admin log in, see the administration section and create a user through the dialog', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/users"]');
    expect(await page.locator('a[href="/connections"]').count()).toBe(1);
    expect(await page.locator('a[href="/settings"]').count()).toBe(1);
    await page.waitForSelector('text=Empresa Demo');
    await screenshot(page, 'shell-light');

    await page.click('a[href="/users"]');
    await page.waitForSelector('tr:has-text("atendente@example.com")');
    await page.getByRole('link', { name: 'Adicionar usuário' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Joana Lima');
    await dialog.locator('input[name="email"]').fill('joana.lima@example.com');
    await dialog.locator('input[name="password"]').fill('Joana123');
    await screenshot(page, 'users-dialog');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("joana.lima@example.com")');
    await screenshot(page, 'users');

    await page.getByRole('button', { name: 'Alternar modo claro/escuro' }).click();
    await page.waitForFunction("getComputedStyle(document.body).color === 'rgb(255, 255, 255)'");
    await screenshot(page, 'users-dark');

    const login = await suite.t.http().post('/api/auth/login').send({ email: 'joana.lima@example.com', password: 'Joana123' });
    expect(login.status).toBe(200);
    expect(login.body.user.profile).toBe('user');
    await page.close();
  });

  it('signs a new company up with the public plan list and lets its admin log in', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.t.baseUrl}/signup`);
    await page.fill('input[name="name"]', 'Loja Nova');
    await page.fill('input[name="email"]', 'dono@lojanova.example');
    await page.fill('input[name="phone"]', '11987654321');
    await page.fill('input[name="password"]', 'Loja12345');
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: /Plano Demo/ }).click();
    await screenshot(page, 'signup');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForSelector('text=Usuário criado com sucesso! Faça seu login!!!.');
    await page.waitForURL(/\/login$/);
    const login = await suite.t.http().post('/api/auth/login').send({ email: 'dono@lojanova.example', password: 'Loja12345' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ profile: 'admin', company: { name: 'Loja Nova' } });
    await page.close();
  });

  it('shows the attendant no administration section', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.waitForSelector('a[href="/tickets"]');
    expect(await page.locator('a[href="/users"]').count()).toBe(0);
    expect(await page.locator('a[href="/connections"]').count()).toBe(0);
    expect(await page.locator('a[href="/settings"]').count()).toBe(0);
    expect(await page.locator('a[href="/contacts"]').count()).toBe(1);
    await page.close();
  });

  it('leads every menu entry of the super user to a screen of its own', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    const menu = page.locator('.RaMenu-open, .RaMenu-closed').first();
    await menu.locator('a[href="/tickets"]').waitFor();
    // Open the collapsed groups (campaigns), so their entries are links too.
    for (const group of await menu.locator('[aria-expanded="false"]').all()) await group.click();
    const hrefs = [...new Set(await menu.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))];
    expect(hrefs.length).toBeGreaterThan(20);
    const empty: string[] = [];
    for (const href of hrefs) {
      await menu.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL((url) => url.pathname === href);
      // The screen shows more than an empty frame and the tab names it (DocumentTitle).
      const shown = await page
        .waitForFunction(
          () => {
            const doc = (globalThis as unknown as { document: { title: string; getElementById(id: string): { textContent: string | null } | null } }).document;
            return doc.title !== 'Atendechat' && (doc.getElementById('main-content')?.textContent?.trim().length ?? 0) > 10;
          },
          undefined,
          { timeout: 10_000 * TIME_FACTOR },
        )
        .then(
          () => true,
          () => false,
        );
      if (!shown) empty.push(href);
    }
    expect(empty).toEqual([]);
    await page.close();
  });
});
