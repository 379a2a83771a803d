import { messagePreview } from '../../src/shared/message-preview.js';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

const NO_PAGE_PERMISSION = 'Esta empresa não possui permissão para acessar essa página!';

interface Card {
  id: number;
  lastMessage: string | null;
  tags: Array<{ id: number; name: string }>;
}

describe('kanban board in the browser', () => {
  let api: Session;
  let company: Company;
  let connectionId: number;
  let negotiating: number;
  let closing: number;
  let paula: number;
  let rui: number;

  const suite = demoBrowserSuite();
  beforeAll(async () => {
    await startConnections(suite.t);
    company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    const tag = async (name: string, color: string) =>
      (await suite.t.http().post('/api/tags').set(api.auth).send({ name, color, kanban: 1 }).expect(201)).body.id as number;
    negotiating = await tag('Em negociação', '#1565C0');
    closing = await tag('Fechamento', '#F9A825');
    connectionId = (await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false })).id;
    paula = (
      await customerWrites(
        suite.t,
        api,
        connectionId,
        '5511933330001',
        'Quero um orçamento para 30 camisetas personalizadas com a logo da empresa',
        'Paula Souza',
      )
    ).id;
    rui = (await customerWrites(suite.t, api, connectionId, '5511933330002', 'Preciso de suporte', 'Rui Barros')).id;
  });

  const boardCard = async (ticketId: number): Promise<Card | undefined> => {
    const res = await suite.t.http().get('/api/ticket/kanban').set(api.auth).expect(200);
    return (res.body.tickets as Card[]).find((item) => item.id === ticketId);
  };
  const laneTagsOf = async (ticketId: number): Promise<number[]> =>
    ((await boardCard(ticketId))?.tags ?? []).map((tag) => tag.id).filter((id) => id === negotiating || id === closing);
  const waitForLaneTags = (ticketId: number, expected: number[]) =>
    waitFor(async () => JSON.stringify(await laneTagsOf(ticketId)) === JSON.stringify(expected), 10000);

  const lane = (page: Page, laneId: number) => page.locator(`[data-kanban-lane="${laneId}"]`);
  const cardIn = (page: Page, laneId: number, ticketId: number) => lane(page, laneId).locator(`[data-kanban-card="${ticketId}"]`);

  /** Pointer drag with pauses, as dnd-kit's mouse sensor needs real moves past its activation distance. */
  async function drag(page: Page, card: Locator, target: Locator, beforeDrop?: () => Promise<unknown>): Promise<void> {
    const from = (await card.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + 70, from.y + 18);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y + 30, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 160, { steps: 12 });
    await beforeDrop?.();
    await page.mouse.up();
  }

  async function openBoard(viewport = { width: 1366, height: 850 }): Promise<Page> {
    const page = await suite.browser.newPage({ viewport });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${suite.t.baseUrl}/kanban`);
    await page.locator(`[data-kanban-card="${paula}"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    return page;
  }

  it('shows lane 0 and one lane per kanban tag, and moves cards by dragging and by the keyboard menu', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/kanban"]');
    await page.click('a[href="/kanban"]');
    await cardIn(page, 0, paula).waitFor({ timeout: 10000 * TIME_FACTOR });
    const headers = await page.locator('[data-kanban-lane] h2').allTextContents();
    expect(headers).toEqual(['Em aberto', 'Em negociação', 'Fechamento']);
    await cardIn(page, 0, rui).waitFor();
    expect(await lane(page, 0).locator('[data-lane-count]').textContent()).toBe('2');
    const card = cardIn(page, 0, paula);
    await card.getByText('5511933330001').waitFor();
    // The last message (here the bot's greeting), cut to two lines.
    const lastMessage = (await boardCard(paula))!.lastMessage!;
    expect(await card.locator('[data-last-message]').getAttribute('title')).toBe(messagePreview({ mediaType: 'chat', body: lastMessage }).text);
    const link = card.getByRole('link', { name: 'Abrir ticket' });
    expect(await link.getAttribute('href')).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
    await screenshot(page, 'kanban-board');

    await drag(page, card, lane(page, negotiating), () => screenshot(page, 'kanban-dragging'));
    await cardIn(page, negotiating, paula).waitFor();
    await waitForLaneTags(paula, [negotiating]);
    expect(await lane(page, negotiating).locator('[data-lane-count]').textContent()).toBe('1');

    // The keyboard way: the card's "Mover para…" menu.
    await cardIn(page, 0, rui)
      .getByRole('button', { name: /Mover para…/ })
      .focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Fechamento' }).waitFor();
    await page.waitForTimeout(300); // the menu's opening transition, for the screenshot
    await screenshot(page, 'kanban-move-menu');
    await menu.getByRole('menuitem', { name: 'Fechamento' }).focus();
    await page.keyboard.press('Enter');
    await cardIn(page, closing, rui).waitFor();
    await waitForLaneTags(rui, [closing]);
    await screenshot(page, 'kanban-moved');

    // Back to lane 0: only the lane tag goes.
    await drag(page, cardIn(page, negotiating, paula), lane(page, 0));
    await cardIn(page, 0, paula).waitFor();
    await waitForLaneTags(paula, []);
    await page.close();
  });

  it('follows moves made elsewhere and new tickets live', async () => {
    const page = await openBoard();
    await suite.t.http().put(`/api/ticket-tags/${paula}/${closing}`).set(api.auth).expect(200);
    await cardIn(page, closing, paula).waitFor({ timeout: 10000 * TIME_FACTOR });
    // The ticket's own tag select syncs the whole list.
    await suite.t.http().post('/api/tags/sync').set(api.auth).send({ ticketId: rui, tags: [] }).expect(200);
    await cardIn(page, 0, rui).waitFor({ timeout: 10000 * TIME_FACTOR });

    const bruna = (await customerWrites(suite.t, api, connectionId, '5511933330003', 'Vocês entregam no sábado?', 'Bruna Dias')).id;
    await cardIn(page, 0, bruna).waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'kanban-live');
    await page.getByRole('button', { name: 'Alternar modo claro/escuro' }).click();
    await screenshot(page, 'kanban-dark');
    await page.close();
  });

  it('puts a card back and tells the user when the server refuses the move', async () => {
    const page = await openBoard();
    await page.route('**/api/ticket-tags/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"ERR_INTERNAL"}' }));
    await drag(page, cardIn(page, 0, rui), lane(page, negotiating));
    await page.getByText('Não foi possível mover o ticket; ele voltou para a coluna anterior.').waitFor();
    await cardIn(page, 0, rui).waitFor();
    await page.waitForTimeout(300); // the toast's opening transition, for the screenshot
    expect(await cardIn(page, negotiating, rui).count()).toBe(0);
    expect(await laneTagsOf(rui)).toEqual([]);
    await screenshot(page, 'kanban-refused');
    await page.close();
  });

  it('shows an attendant the tickets of their queues, asked for by queue ids', async () => {
    const comercial = await suite.t.em().findOneOrFail(Queue, { name: 'Comercial' }, { filters: false });
    await suite.t.http().put(`/api/tickets/${rui}`).set(api.auth).send({ queueId: comercial.id }).expect(200);
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const asked = page.waitForRequest((request) => request.url().includes('/api/ticket/kanban'));
    await page.goto(`${suite.t.baseUrl}/kanban`);
    const queueIds = JSON.parse(new URL((await asked).url()).searchParams.get('queueIds') ?? '[]') as number[];
    expect(queueIds).toContain(comercial.id);
    const card = cardIn(page, 0, rui);
    await card.waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await card.locator('[data-chip="queue"]').textContent()).toBe('Comercial');
    // Tickets without a queue are not in the attendant's queues.
    expect(await page.locator(`[data-kanban-card="${paula}"]`).count()).toBe(0);
    await screenshot(page, 'kanban-attendant');
    await page.close();
  });

  it('scrolls the lanes sideways on a narrow screen', async () => {
    const page = await openBoard({ width: 390, height: 780 });
    const board = page.locator('[data-kanban-board]');
    const [scrollWidth, clientWidth] = await board.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await screenshot(page, 'kanban-narrow');
    await page.close();
  });

  it('is closed to companies whose plan has no kanban', async () => {
    await suite.t.em().nativeUpdate(Plan, { id: company.plan!.id }, { useKanban: false }, { filters: false });
    try {
      const page = await suite.browser.newPage({ viewport: { width: 1366, height: 850 } });
      await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await page.waitForSelector('a[href="/tickets"]');
      expect(await page.locator('a[href="/kanban"]').count()).toBe(0);
      await page.goto(`${suite.t.baseUrl}/kanban`);
      await page.getByText(NO_PAGE_PERMISSION, { exact: true }).waitFor();
      await page.waitForURL(`${suite.t.baseUrl}/`);
      await page.close();
    } finally {
      await suite.t.em().nativeUpdate(Plan, { id: company.plan!.id }, { useKanban: true }, { filters: false });
    }
  });
});
