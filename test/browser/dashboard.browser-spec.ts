import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { choose, settle } from '../utils/super-browser.js';
import { customerWrites } from '../utils/tickets.js';

/** The demo company's clock, so the browser's today is the API's today. */
const TIME_ZONE = 'America/Sao_Paulo';

describe('dashboard in the browser', () => {
  let api: Session;
  let adminId: number;
  let attendantId: number;

  const suite = demoBrowserSuite();

  const openDashboard = async (email: string, password: string, width = 1440, height = 900): Promise<Page> => {
    const page = await suite.browser.newPage({ viewport: { width, height }, locale: 'pt-BR', timezoneId: TIME_ZONE });
    await loginThroughForm(page, suite.t.baseUrl, email, password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    return page;
  };
  /** Back to the top, once the CSS transitions and the charts' own (script-driven) bar animations are over. */
  const top = async (page: Page) => {
    await page.evaluate('window.scrollTo(0, 0)');
    await settle(page);
    await page.waitForTimeout(600);
  };
  const counter = (page: Page, name: string): Locator => page.locator(`[data-counter="${name}"] [data-counter-value]`);
  const filterBy = async (page: Page, type: 'Filtro por data' | 'Filtro por período', period?: string) => {
    await choose(page, page.locator('#dashboard-filter'), 'Tipo de filtro', type);
    if (period) await choose(page, page.locator('#dashboard-filter'), 'Período', period);
    const answered = page.waitForResponse((response) => response.url().includes('/api/dashboard/ticketsDay'));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await answered;
  };

  beforeAll(async () => {
    await startConnections(suite.t);
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' });
    // A separate admin drives the API, so the browser sessions of the demo accounts are not replaced.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin', { name: 'Zeca API' })).email);
    adminId = (await em.findOneOrFail(User, { email: DEMO_ACCOUNTS.admin.email }, { filters: false })).id;
    attendantId = (await em.findOneOrFail(User, { email: DEMO_ACCOUNTS.attendant.email }, { filters: false })).id;
    const connectionId = (await em.findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false })).id;
    await suite.t.http().put('/api/settings/userRating').set(api.auth).send({ value: 'enabled' }).expect(200);

    // Four customers: one waits, one is with the attendant, two were attended by the admin, closed and rated 3 and 1.
    await customerWrites(suite.t, api, connectionId, '5511955550101', 'Oi, alguém aí?', 'Carla Nunes');
    const attending = await customerWrites(suite.t, api, connectionId, '5511955550102', 'Quero um orçamento', 'Diego Prado');
    const rated = [
      await customerWrites(suite.t, api, connectionId, '5511955550103', 'Meu pedido atrasou', 'Elisa Rocha'),
      await customerWrites(suite.t, api, connectionId, '5511955550104', 'Segunda via, por favor', 'Fábio Lins'),
    ];
    const update = (id: number, body: object) => suite.t.http().put(`/api/tickets/${id}`).set(api.auth).send(body).expect(200);
    await update(attending.id, { status: 'open', userId: attendantId });
    for (const ticket of rated) {
      await update(ticket.id, { status: 'open', userId: adminId });
      await update(ticket.id, { status: 'closed' });
    }
    await customerWrites(suite.t, api, connectionId, '5511955550103', '3', 'Elisa Rocha');
    await customerWrites(suite.t, api, connectionId, '5511955550104', '1', 'Fábio Lins');
  });

  it('shows an admin the period’s counters, attendants and charts, and asks for a filter when none is set', async () => {
    const page = await openDashboard(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    // Opening loads the month so far, by date.
    await page.locator('[data-dashboard-range]').waitFor();
    expect(await page.getByRole('combobox', { name: 'Tipo de filtro' }).textContent()).toBe('Filtro por data');
    await waitFor(async () => (await counter(page, 'supportFinished').textContent()) === '2', 10000);
    // The admin's own socket marks them online; wait for it before the figures are read again.
    await waitFor(async () => (await suite.t.em().fork().findOneOrFail(User, adminId, { filters: false })).online, 10000);

    await filterBy(page, 'Filtro por período', 'Últimos 7 dias');
    expect(await counter(page, 'supportHappening').textContent()).toBe('1');
    expect(await counter(page, 'supportPending').textContent()).toBe('1');
    expect(await counter(page, 'supportFinished').textContent()).toBe('2');
    expect(await counter(page, 'avgSupportTime').textContent()).toMatch(/^\d{2}h \d{2}m$/);
    expect(await counter(page, 'avgWaitTime').textContent()).toMatch(/^\d{2}h \d{2}m$/);
    expect(await page.locator('[data-counter="totalCompanies"]').count()).toBe(0);
    expect(await page.locator('[data-counter="totalWhatsappSessions"]').count()).toBe(0);

    const table = page.getByRole('table', { name: 'Atendentes' });
    const adminRow = table.locator(`[data-attendant-id="${adminId}"]`);
    expect(await adminRow.locator('td').first().textContent()).toBe('Administrador');
    expect(await adminRow.textContent()).toContain('2 de 3 · Satisfeito');
    expect(await adminRow.locator('td').nth(2).textContent()).toMatch(/^\d{2}h \d{2}m$/);
    expect(await adminRow.locator('[data-online="true"]').textContent()).toBe('Online');
    const attendantRow = table.locator(`[data-attendant-id="${attendantId}"]`);
    expect(await attendantRow.locator('td').nth(1).textContent()).toBe('-');
    expect(await attendantRow.locator('td').nth(2).textContent()).toBe('-');
    expect(await attendantRow.locator('[data-online="false"]').textContent()).toBe('Offline');

    // Tickets per user: Administrador 2, Atendente 1; per day: the four that arrived today.
    const perUser = page.locator('[data-chart="ticketsUsers"]');
    await perUser.getByText('Atendimentos por usuário').waitFor();
    await waitFor(async () => (await perUser.locator('.MuiBarChart-element').count()) === 2);
    expect(await perUser.locator('svg').getByText('Administrador', { exact: true }).count()).toBe(1);
    expect(await perUser.locator('svg').getByText('Atendente', { exact: true }).count()).toBe(1);
    const perDay = page.locator('[data-chart="ticketsDay"]');
    await perDay.getByText('Atendimentos por dia (total: 4)').waitFor();
    expect(await perDay.locator('.MuiBarChart-element').count()).toBe(7);
    await top(page);
    await screenshot(page, 'dashboard-admin');
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await settle(page);
    await page.waitForTimeout(600);
    await screenshot(page, 'dashboard-admin-charts');

    // One day is charted per hour.
    const today = await page.evaluate<string>('new Date().toLocaleDateString("pt-BR")');
    await choose(page, page.locator('#dashboard-filter'), 'Tipo de filtro', 'Filtro por data');
    await page.getByRole('textbox', { name: 'Data inicial' }).fill(today);
    await page.getByRole('textbox', { name: 'Data final' }).fill(today);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await perDay.getByText('Atendimentos por hora (total: 4)').waitFor();
    expect(await perDay.locator('.MuiBarChart-element').count()).toBe(24);
    expect(await counter(page, 'supportFinished').textContent()).toBe('2');
    await top(page);
    await screenshot(page, 'dashboard-hourly');

    // A month without tickets: zero counters, no averages, an empty chart per user and a flat one per day.
    await page.getByRole('textbox', { name: 'Data inicial' }).fill('01/01/2026');
    await page.getByRole('textbox', { name: 'Data final' }).fill('31/01/2026');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await perDay.getByText('Atendimentos por dia (total: 0)').waitFor();
    expect(await counter(page, 'supportFinished').textContent()).toBe('0');
    expect(await counter(page, 'avgSupportTime').textContent()).toBe('-');
    expect(await adminRow.locator('td').nth(1).textContent()).toBe('-');
    await perUser.getByText('Nenhum atendimento no período').waitFor();
    await perDay.getByText('Nenhum atendimento no período').waitFor();
    await top(page);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await screenshot(page, 'dashboard-empty-month');

    // No period, or a day missing: nothing is asked of the API.
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard')) calls += 1;
    });
    await page.getByRole('textbox', { name: 'Data final' }).fill('21/1');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.locator('#dashboard-filter').getByText('Data inválida').waitFor();
    await top(page);
    await screenshot(page, 'dashboard-invalid-date');
    await page.getByRole('textbox', { name: 'Data final' }).fill('');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('Parametrize o filtro').first().waitFor();
    await choose(page, page.locator('#dashboard-filter'), 'Tipo de filtro', 'Filtro por período');
    await choose(page, page.locator('#dashboard-filter'), 'Período', 'Nenhum selecionado');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('Parametrize o filtro').first().waitFor();
    await top(page);
    await screenshot(page, 'dashboard-filter-required');
    expect(calls).toBe(0);
    await page.close();
  });

  it('adds the active connections and companies for a super user', async () => {
    const page = await openDashboard(DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    await filterBy(page, 'Filtro por período', 'Últimos 7 dias');
    expect(await counter(page, 'totalWhatsappSessions').textContent()).toBe('1');
    expect(await counter(page, 'totalCompanies').textContent()).toBe('1');
    expect(await counter(page, 'supportFinished').textContent()).toBe('2');
    expect(await page.locator('[data-counter]').count()).toBe(7);
    await top(page);
    await screenshot(page, 'dashboard-super');
    await page.getByRole('button', { name: 'Alternar modo claro/escuro' }).click();
    await page.waitForFunction("getComputedStyle(document.body).color === 'rgb(255, 255, 255)'");
    await top(page);
    await screenshot(page, 'dashboard-super-dark');
    await page.close();
  });

  it('wraps the cards and fits the charts on a phone', async () => {
    const page = await openDashboard(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, 390, 844);
    await waitFor(async () => (await counter(page, 'supportFinished').textContent()) === '2', 10000);
    // Two cards per row: they start at two left edges, on three rows.
    const boxes = await page.evaluate<{ left: number; top: number }[]>(
      '[...document.querySelectorAll("[data-counter]")].map(card => { const box = card.getBoundingClientRect(); return { left: box.left, top: box.top }; })',
    );
    expect(boxes).toHaveLength(5);
    expect(new Set(boxes.map((box) => box.left)).size).toBe(2);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(3);
    const chart = await page.locator('[data-chart="ticketsDay"] svg').first().boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await top(page);
    await screenshot(page, 'dashboard-phone');
    await page.locator('[data-chart="ticketsDay"]').scrollIntoViewIfNeeded();
    await settle(page);
    await page.waitForTimeout(600);
    await screenshot(page, 'dashboard-phone-charts');
    await page.close();
  });
});
