import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { drainPipeline, startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Card {
  id: number;
  laneId: number;
  tags: Array<{ id: number; name: string }>;
}

describe('kanban lanes and conversation cards in the browser', () => {
  let api: Session;
  let connectionId: number;
  let negotiating: number;
  let closing: number;
  let proposal: number;
  let vip: number;

  const suite = demoBrowserSuite();
  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    const tag = async (name: string, color: string, kanban: number) =>
      (await suite.t.http().post('/api/tags').set(api.auth).send({ name, color, kanban }).expect(201)).body.id as number;
    negotiating = await tag('Em negociação', '#1565C0', 1);
    closing = await tag('Fechamento', '#F9A825', 1);
    proposal = await tag('Proposta', '#6A1B9A', 1);
    vip = await tag('VIP', '#C62828', 0);
    connectionId = (await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false })).id;
  });

  const inject = async (body: Record<string, unknown>) => {
    const res = await suite.t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(api.auth).send(body);
    if (res.status !== 202) throw new Error(`inject failed: ${res.status} ${JSON.stringify(res.body)}`);
    await drainPipeline(suite.t);
  };
  const boardCard = async (ticketId: number): Promise<Card> => {
    const res = await suite.t.http().get('/api/ticket/kanban').set(api.auth).expect(200);
    return (res.body.tickets as Card[]).find((item) => item.id === ticketId)!;
  };
  const syncTags = (ticketId: number, ids: number[]) =>
    suite.t
      .http()
      .post('/api/tags/sync')
      .set(api.auth)
      .send({ ticketId, tags: ids.map((id) => ({ id })) })
      .expect(200);

  async function signedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
    const page = await suite.browser.newPage({ viewport });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${suite.t.baseUrl}${path}`);
    return page;
  }

  const cardIn = (page: Page, laneId: number, ticketId: number) => page.locator(`[data-kanban-lane="${laneId}"] [data-kanban-card="${ticketId}"]`);

  it('shows a ticket with two lane tags in the lane it was moved to last, and a move keeps its other tags', async () => {
    const ticket = (await customerWrites(suite.t, api, connectionId, '5511944440001', 'Quero fechar o pedido de 30 camisetas', 'Paula Souza')).id;
    await syncTags(ticket, [vip, negotiating]);
    await syncTags(ticket, [vip, negotiating, closing]);
    expect(await boardCard(ticket)).toMatchObject({ laneId: closing });

    const page = await signedIn(DESKTOP, '/kanban');
    const card = cardIn(page, closing, ticket);
    await card.waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await page.locator(`[data-kanban-lane="${negotiating}"] [data-kanban-card="${ticket}"]`).count()).toBe(0);
    // The other tags show on the card: the older lane tag and the label.
    expect((await card.locator('[data-card-tag]').allTextContents()).sort()).toEqual(['Em negociação', 'VIP']);
    await screenshot(page, 'kanban-cards-two-lane-tags');

    // Moved to a third lane: only the tag of the lane it leaves goes.
    await card.getByRole('button', { name: /Mover para…/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Proposta' }).click();
    const moved = cardIn(page, proposal, ticket);
    await moved.waitFor({ timeout: 10000 * TIME_FACTOR });
    await waitFor(async () => (await boardCard(ticket)).laneId === proposal);
    expect((await boardCard(ticket)).tags.map((tag) => tag.id).sort((a, b) => a - b)).toEqual([negotiating, proposal, vip].sort((a, b) => a - b));
    expect((await moved.locator('[data-card-tag]').allTextContents()).sort()).toEqual(['Em negociação', 'VIP']);
    // Read again after a reload: the server keeps the card where it was dropped.
    await page.reload();
    await cardIn(page, proposal, ticket).waitFor({ timeout: 10000 * TIME_FACTOR });
    await cardIn(page, proposal, ticket).scrollIntoViewIfNeeded();
    await screenshot(page, 'kanban-cards-moved');
    await page.close();

    const phone = await signedIn(PHONE, '/kanban');
    await phone.locator(`[data-kanban-card="${ticket}"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    await phone.locator(`[data-kanban-card="${ticket}"]`).scrollIntoViewIfNeeded();
    await screenshot(phone, 'kanban-cards-phone');
    await phone.close();
  });

  it('shows a reaction as a badge on its message, a location card and a shared contact checked once', async () => {
    const customer = '5511944440002';
    const question = `Q${Date.now().toString(36)}`;
    const ticket = await customerWrites(suite.t, api, connectionId, customer, 'Vocês entregam em Pinheiros?', 'Bruna Dias');
    await inject({ from: customer, name: 'Bruna Dias', body: 'Consigo retirar na loja também?', id: question });
    await inject({ from: customer, name: 'Bruna Dias', type: 'reaction', body: '👍', targetId: question });
    await inject({ from: customer, name: 'Bruna Dias', type: 'location', latitude: -23.561414, longitude: -46.655881, body: 'MASP\nAv. Paulista, 1578' });
    // Two shared cards, neither number a contact: one not on WhatsApp (the simulator's phone knows no number ending in
    // 0000), one on WhatsApp.
    const outside = '5511944440000';
    const available = '5511944440004';
    const vcard = (name: string, number: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=${number}:+${number}\nEND:VCARD`;
    await inject({ from: customer, name: 'Bruna Dias', type: 'vcard', body: vcard('Rui Barros', outside) });
    await inject({ from: customer, name: 'Bruna Dias', type: 'vcard', body: vcard('Lia Castro', available) });
    const contactsWith = (number: string) => suite.t.em().count(Contact, { number }, { filters: false });
    expect(await contactsWith(outside)).toBe(0);

    const page = await signedIn(DESKTOP, `/tickets/${ticket.uuid}`);
    // The WhatsApp checks the page asks for, by number.
    const lookups: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname === '/api/contacts/whatsapp-check') lookups.push((request.postDataJSON() as { number: string }).number);
    });
    const checked = (number: string) => lookups.filter((asked) => asked === number).length;
    const target = page.locator('[data-message-id]', { hasText: 'Consigo retirar na loja também?' });
    await target.waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await target.locator('[data-reactions]').getAttribute('data-reactions')).toBe('👍');
    // The reaction is not a message of its own.
    expect(await page.locator('[data-message-id]', { hasText: /^👍/ }).count()).toBe(0);

    const location = page.locator('[data-location-card]');
    await location.waitFor();
    expect(await location.locator('[data-coordinates]').textContent()).toBe('23.561414° S, 46.655881° W');
    const mapLink = location.getByRole('link', { name: 'Abrir no mapa' });
    expect(await mapLink.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=-23.561414&mlon=-46.655881#map=17/-23.561414/-46.655881');
    expect(await mapLink.getAttribute('target')).toBe('_blank');

    // Each card, once on screen, is checked on WhatsApp: the unknown number not on WhatsApp shows the outside state.
    const card = (number: string) => page.locator(`[data-vcard="${number}"]`);
    await card(outside).scrollIntoViewIfNeeded();
    await page.locator(`[data-vcard="${outside}"][data-vcard-check="outside"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await card(outside).getByRole('button', { name: 'CONTATO FORA DO WHATSAPP' }).isDisabled()).toBe(true);
    await card(available).scrollIntoViewIfNeeded();
    await page.locator(`[data-vcard="${available}"][data-vcard-check="available"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(await card(available).getByRole('button', { name: 'Conversar' }).isEnabled()).toBe(true);
    expect([checked(outside), checked(available)]).toEqual([1, 1]);
    // The check created no contact.
    expect(await contactsWith(outside)).toBe(0);
    await card(outside).scrollIntoViewIfNeeded();
    await screenshot(page, 'conversation-cards');

    // 'Conversar' on the number on WhatsApp creates its contact and asks for the queue.
    await card(available).getByRole('button', { name: 'Conversar' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecione a Fila' });
    await picker.waitFor({ timeout: 10000 * TIME_FACTOR });
    await waitFor(async () => (await contactsWith(available)) === 1);
    await page.locator(`[data-vcard="${available}"][data-vcard-check="known"]`).waitFor();
    await screenshot(page, 'conversation-cards-queue-picker');
    await picker.getByRole('button', { name: 'Cancelar' }).click();
    await picker.waitFor({ state: 'detached' });

    // Another screen and back (the page is not reloaded): the cards show the answers kept, without asking again.
    await page.click('a[href="/kanban"]');
    await page.waitForURL(/\/kanban$/);
    await page.goBack();
    await page.locator(`[data-vcard="${outside}"][data-vcard-check="outside"]`).waitFor({ timeout: 10000 * TIME_FACTOR });
    await page.locator(`[data-vcard="${available}"][data-vcard-check="known"]`).waitFor();
    await card(outside).scrollIntoViewIfNeeded();
    await page.waitForTimeout(2000 * TIME_FACTOR); // longer than the check's delay: no second check comes
    expect([checked(outside), checked(available)]).toEqual([1, 1]);
    await page.close();

    const phone = await signedIn(PHONE, `/tickets/${ticket.uuid}`);
    await phone.locator('[data-location-card]').waitFor({ timeout: 10000 * TIME_FACTOR });
    await phone.locator('[data-reactions]').first().scrollIntoViewIfNeeded();
    await screenshot(phone, 'conversation-cards-phone');
    await phone.close();
  });
});
