import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { connectedSimulator, drainPipeline, startConnections, waitFor } from '../utils/channels.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const VCARD = 'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Maria;;;\nFN:Maria Silva\nTEL;type=CELL;waid=5511999990001:+55 11 99999-0001\nEND:VCARD';
const FILE = Buffer.from('not really a file').toString('base64');

/** What each customer sent last and the line their ticket row shows for it (issue 14, previews a person can read). */
const CUSTOMERS = [
  { number: '5511970000001', name: 'Rafael Lima', send: { type: 'location', latitude: -23.5505, longitude: -46.6333 }, shows: '📍 Localização' },
  { number: '5511970000002', name: 'Paula Souza', send: { type: 'media', mimetype: 'audio/ogg', mediaBase64: FILE, fileName: 'voz.ogg' }, shows: '🎤 Áudio' },
  { number: '5511970000003', name: 'Tiago Alves', send: { type: 'vcard', body: VCARD }, shows: '📇 Contato: Maria Silva' },
  { number: '5511970000004', name: 'Carla Nunes', send: { body: 'Mensagem que será apagada' }, revoke: true, shows: 'Mensagem apagada' },
  { number: '5511970000005', name: 'Jonas Prado', send: { body: 'Quero o plano básico' }, edit: 'Quero o plano *completo*', shows: 'Quero o plano completo' },
  { number: '5511970000006', name: 'Lúcia Mendes', send: { body: '*Bom dia*, preciso do _boleto_ ~antigo~' }, shows: 'Bom dia, preciso do boleto antigo' },
  {
    number: '5511970000007',
    name: 'Otávio Reis',
    send: { type: 'media', mimetype: 'application/pdf', mediaBase64: FILE, fileName: 'contrato.pdf' },
    shows: '📄 contrato.pdf',
  },
  { number: '5511970000008', name: 'Beatriz Rocha', send: { type: 'media', mimetype: 'image/png', mediaBase64: FILE, body: '' }, shows: '📷 Foto' },
] as const;

describe('ticket previews in the list (desktop and phone)', () => {
  let api: Session;
  let connectionId: number;
  const contexts: BrowserContext[] = [];
  const suite = demoBrowserSuite();
  let sequence = 0;

  const inject = async (body: Record<string, unknown>): Promise<string> => {
    const id = `BP${Date.now().toString(36)}${++sequence}`;
    const res = await suite.t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(api.auth)
      .send({ id, ...body });
    expect(res.status).toBe(202);
    await drainPipeline(suite.t);
    return id;
  };

  const openTickets = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${suite.t.baseUrl}/tickets`);
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    return page;
  };

  const row = (page: Page, name: string) => page.locator('[data-ticket-id]', { hasText: name });

  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // A connection without queues nor greeting: the last message of each ticket is the customer's.
    connectionId = (await connectedSimulator(suite.t, company.id, 'Pré-visualizações')).id;
    for (const customer of CUSTOMERS) {
      const id = await inject({ from: customer.number, name: customer.name, ...customer.send });
      if ('revoke' in customer) await inject({ from: customer.number, type: 'revoke', targetId: id });
      if ('edit' in customer) await inject({ from: customer.number, type: 'edit', targetId: id, body: customer.edit });
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('shows each kind of last message as a person reads it, with rows of one height', async () => {
    // Many long tags on one ticket: its chips would wrap to a second line.
    const tagged = await suite.t.http().get('/api/tickets').query({ status: 'pending', showAll: true, searchParam: 'Lúcia Mendes' }).set(api.auth);
    const ticketId = (tagged.body.tickets as Array<{ id: number }>)[0]!.id;
    const tags = [];
    for (const name of ['Cliente VIP prioritário', 'Financeiro atrasado', 'Renovação de contrato', 'Indicação']) {
      const res = await suite.t.http().post('/api/tags').set(api.auth).send({ name, color: '#5C6BC0' });
      expect(res.status).toBe(201);
      tags.push({ id: res.body.id as number });
    }
    await suite.t.http().post('/api/tags/sync').set(api.auth).send({ ticketId, tags }).expect(200);

    const page = await openTickets(DESKTOP);
    await row(page, 'Lúcia Mendes').locator('[data-chip="tag"]').first().waitFor();
    const chips = await row(page, 'Lúcia Mendes')
      .locator('[data-chip]')
      .evaluateAll((all) => new Set(all.map((chip) => Math.round(chip.getBoundingClientRect().top))).size);
    expect(chips).toBe(1);
    // The chips stop where the row's buttons start.
    const chipsRight = await row(page, 'Lúcia Mendes')
      .locator('[data-chips]')
      .evaluate((box) => box.getBoundingClientRect().right);
    const buttonsLeft = await row(page, 'Lúcia Mendes')
      .getByRole('button', { name: 'Aceitar' })
      .evaluate((button) => button.getBoundingClientRect().left);
    expect(chipsRight).toBeLessThanOrEqual(buttonsLeft);
    for (const customer of CUSTOMERS) await expect(row(page, customer.name).locator('[data-preview]').textContent()).resolves.toBe(customer.shows);
    const heights = await page.locator('[data-ticket-id]').evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    await screenshot(page, 'ticket-previews-desktop');

    // The notifications list reads the same lines.
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await page.locator('[data-notifications]').getByText('📇 Contato: Maria Silva').waitFor();
    await page.locator('[data-notifications]').getByText('Mensagem apagada').waitFor();
    // The popover has grown in (the transition ends with an opaque, untransformed paper).
    await waitFor(async () => {
      const style = await page.locator('[data-notifications]').evaluate((box) => box.closest('.MuiPaper-root')?.getAttribute('style') ?? '');
      return /opacity: 1/.test(style) && /transform: none/.test(style);
    });
    await screenshot(page, 'ticket-previews-notifications');
    await page.keyboard.press('Escape');

    // A new message on one ticket moves it first; the edit above did not.
    await inject({ from: CUSTOMERS[0].number, name: CUSTOMERS[0].name, body: 'Cheguei!' });
    await row(page, CUSTOMERS[0].name).locator('[data-preview]', { hasText: 'Cheguei!' }).waitFor();
    await expect(page.locator('[data-ticket-id]').first().textContent()).resolves.toContain(CUSTOMERS[0].name);
  });

  it('fits the previews in a 390 px phone row', async () => {
    const page = await openTickets(PHONE);
    await row(page, CUSTOMERS[2].name).locator('[data-preview]').waitFor();
    const preview = await row(page, CUSTOMERS[2].name).locator('[data-preview]').textContent();
    expect(preview?.startsWith('📇 Contato')).toBe(true);
    const widths = await page.locator('[data-ticket-id]').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().right));
    for (const right of widths) expect(right).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'ticket-previews-phone');
  });
});
