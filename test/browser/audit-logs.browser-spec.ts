import { describe, expect, it } from '@jest/globals';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { settle } from '../utils/super-browser.js';

/** /audit-logs is react-admin's generated list: InfiniteList, DataTable and filters over GET /api/audit-logs. */
describe('the audit trail screen', () => {
  const suite = demoBrowserSuite();

  it('shows what the admin just did in the browser, newest first, and narrows by action', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);

    // The admin's own change, made through the users screen.
    await page.click('a[href="/users"]');
    await page.getByRole('link', { name: 'Adicionar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    await dialog.locator('input[name="name"]').fill('Bruna Auditada');
    await dialog.locator('input[name="email"]').fill('bruna.auditada@example.com');
    await dialog.locator('input[name="password"]').fill('Bruna123');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Usuário salvo com sucesso!').waitFor();
    const created = await waitFor(() => suite.t.em().fork().findOne(User, { email: 'bruna.auditada@example.com' }, { filters: false }));

    await page.click('a[href="/audit-logs"]');
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    const creation = page.locator('tr', { has: page.locator('[data-action="user.create"]') });
    await creation.waitFor();
    await expect(creation.textContent()).resolves.toContain(`Usuário #${created.id}`);
    await expect(creation.locator('[data-field="email"]').textContent()).resolves.toBe('email: bruna.auditada@example.com');
    await expect(creation.textContent()).resolves.toContain('Admin');
    // The sign-in through the form is there too, below the newer creation.
    await page.locator('[data-action="auth.sign-in"]').first().waitFor();
    const rows = page.locator('tbody tr');
    const actions = await rows.locator('[data-action]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-action')));
    expect(actions.indexOf('user.create')).toBeLessThan(actions.indexOf('auth.sign-in'));
    expect(actions.indexOf('auth.sign-in')).toBeGreaterThanOrEqual(0);
    await settle(page);
    await screenshot(page, 'audit-logs');

    // Narrowed to one action.
    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Entrou', exact: true }).click();
    await waitFor(async () => {
      const shown = await rows.locator('[data-action]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-action')));
      return shown.length > 0 && shown.every((action) => action === 'auth.sign-in') ? shown : null;
    });
    await page.close();
  });

  it('is not offered to an attendant', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.locator('a[href="/tickets"]').first().waitFor();
    expect(await page.locator('a[href="/audit-logs"]').count()).toBe(0);
    await page.goto(`${suite.t.baseUrl}/audit-logs`);
    await page.getByText('Seu perfil de usuário não tem permissão para acessar esta página!', { exact: false }).waitFor();
    await page.close();
  });
});
