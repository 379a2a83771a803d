import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { connectedSimulator, drainPipeline, startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';

const DESKTOP = { width: 1440, height: 900 };
const VOICE = Buffer.from('not really a voice note').toString('base64');
const PAULA = { number: '5511971000001', name: 'Paula Souza' };
const RAFAEL = { number: '5511971000002', name: 'Rafael Lima' };

interface Recorded {
  title: string;
  body: string;
  tag: string;
}

/**
 * Before any page script: every Notification built is recorded in window.__notifications (and its object kept in
 * window.__notices, to click it); document.visibilityState follows window.__setHidden, which also fires
 * visibilitychange, as a minimised or background tab would. (Page code is given as text: tests compile without the
 * DOM types.)
 */
const RECORD_NOTIFICATIONS = `
  window.__notifications = [];
  window.__notices = [];
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const Native = window.Notification;
  if (Native) {
    function Recording(title, options = {}) {
      window.__notifications.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
      let notice;
      try {
        notice = new Native(title, options);
      } catch {
        notice = { onclick: null, close() {} };
      }
      window.__notices.push(notice);
      return notice;
    }
    Object.defineProperty(Recording, 'permission', { get: () => Native.permission });
    Recording.requestPermission = Native.requestPermission.bind(Native);
    Recording.prototype = Native.prototype;
    window.Notification = Recording;
  }
`;

/** Shows the recorded notifications and the hidden tab's title over the page, for the screenshot. */
const SHOW_PANEL = (title: string, notices: Recorded[]) => `{
  const panel = document.createElement('pre');
  panel.setAttribute('data-test-panel', '');
  panel.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:99999;margin:0;padding:12px 16px;max-width:560px;white-space:pre-wrap;' +
    'font:13px/1.5 monospace;background:#263238;color:#fff;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.4)';
  panel.textContent = ${JSON.stringify(
    [`document.title (hidden tab): ${title}`, '', 'Notifications:', ...notices.map((n) => `[tag ${n.tag}] ${n.title} — ${n.body}`)].join('\n'),
  )};
  document.body.append(panel);
}`;

describe('desktop notifications and the hidden tab’s title', () => {
  let api: Session;
  let connectionId: number;
  let context: BrowserContext;
  const suite = demoBrowserSuite();
  let sequence = 0;

  const inject = async (body: Record<string, unknown>): Promise<void> => {
    const res = await suite.t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(api.auth)
      .send({ id: `DN${Date.now().toString(36)}${++sequence}`, ...body });
    expect(res.status).toBe(202);
    await drainPipeline(suite.t);
  };

  const ticketOf = async (name: string): Promise<{ id: number; uuid: string }> => {
    const res = await suite.t.http().get('/api/tickets').query({ status: 'pending', showAll: true, searchParam: name }).set(api.auth);
    return (res.body.tickets as Array<{ id: number; uuid: string }>)[0]!;
  };

  const recorded = (page: Page) => page.evaluate<Recorded[]>('window.__notifications');
  const noticeFor = (page: Page, tag: number, count = 1) =>
    waitFor(async () => {
      const mine = (await recorded(page)).filter((notice) => notice.tag === String(tag));
      return mine.length >= count ? mine[count - 1] : null;
    });
  const setHidden = (page: Page, hidden: boolean) => page.evaluate(`window.__setHidden(${hidden})`);
  const previewOf = (page: Page, name: string) => page.locator('[data-ticket-id]', { hasText: name }).locator('[data-preview]').textContent();
  const bellCount = async (page: Page) => Number(await page.locator('[data-notifications-count]').getAttribute('data-notifications-count'));

  const openWaiting = async (page: Page, path: string) => {
    await page.goto(`${suite.t.baseUrl}${path}`);
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await page.locator('[data-ticket-id]', { hasText: RAFAEL.name }).waitFor();
  };

  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // Without queues nor greeting: the customer's message is the ticket's last; waiting tickets notify the demo admin
    // (allTicket enabled).
    connectionId = (await connectedSimulator(suite.t, company.id, 'Notificações')).id;
    for (const customer of [PAULA, RAFAEL]) await inject({ from: customer.number, name: customer.name, body: 'Olá' });
    context = await suite.browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['notifications'], { origin: suite.t.baseUrl });
    await context.addInitScript({ content: RECORD_NOTIFICATIONS });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('notifies with the list’s preview, one notice per ticket; a hidden tab shows the count and the latest message', async () => {
    const paula = await ticketOf(PAULA.name);
    const rafael = await ticketOf(RAFAEL.name);
    const page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect(page.evaluate('Notification.permission')).resolves.toBe('granted');
    await openWaiting(page, '/tickets');
    const visibleTitle = await page.title();

    // Visible tab, no conversation open: a voice note notifies with the row's own line, titled with the contact.
    await inject({ from: PAULA.number, type: 'media', mimetype: 'audio/ogg', mediaBase64: VOICE, fileName: 'voz.ogg', seconds: 12, voiceNote: true });
    const voice = await noticeFor(page, paula.id);
    await waitFor(async () => (await previewOf(page, PAULA.name)) === '🎤 Áudio (0:12)');
    expect(voice).toEqual({ title: `Mensagem de ${PAULA.name}`, body: '🎤 Áudio (0:12)', tag: String(paula.id) });
    // The visible tab keeps naming the screen.
    expect((await page.title()).replace(/^\(\d+\) /, '')).toBe(visibleTitle.replace(/^\(\d+\) /, ''));

    // The conversation on screen in a visible tab does not notify; another ticket does.
    await openWaiting(page, `/tickets/${paula.uuid}`);
    await inject({ from: PAULA.number, body: 'Viu meu áudio?' });
    await inject({ from: RAFAEL.number, body: '*Bom dia*' });
    await expect(noticeFor(page, rafael.id)).resolves.toMatchObject({ body: 'Bom dia' });
    expect((await recorded(page)).filter((notice) => notice.tag === String(paula.id))).toEqual([]);

    // Hidden tab: the count and the latest message, as the list reads it.
    await setHidden(page, true);
    await inject({ from: RAFAEL.number, type: 'location', latitude: -23.5505, longitude: -46.6333 });
    const location = await noticeFor(page, rafael.id, 2);
    await waitFor(async () => (await previewOf(page, RAFAEL.name)) === '📍 Localização');
    expect(location).toEqual({ title: `Mensagem de ${RAFAEL.name}`, body: '📍 Localização', tag: String(rafael.id) });
    await waitFor(async () => (await page.title()).includes(RAFAEL.name));
    expect(await page.title()).toBe(`(${await bellCount(page)}) ${RAFAEL.name}: 📍 Localização`);

    // Hidden, the open conversation notifies too; the latest message takes the title.
    await inject({ from: PAULA.number, type: 'media', mimetype: 'audio/ogg', mediaBase64: VOICE, fileName: 'voz.ogg', seconds: 7, voiceNote: true });
    await expect(noticeFor(page, paula.id)).resolves.toMatchObject({ body: '🎤 Áudio (0:07)', tag: String(paula.id) });
    await waitFor(async () => (await page.title()).includes(PAULA.name));
    expect(await page.title()).toBe(`(${await bellCount(page)}) ${PAULA.name}: 🎤 Áudio (0:07)`);
    const hiddenTitle = await page.title();

    // The list beside what was recorded.
    const notices = await recorded(page);
    await page.evaluate(SHOW_PANEL(hiddenTitle, notices));
    await screenshot(page, 'desktop-notifications');
    await page.evaluate(`document.querySelector('[data-test-panel]')?.remove()`);

    // Visible again: the title names the screen.
    await setHidden(page, false);
    await waitFor(async () => !(await page.title()).includes(PAULA.name));
    expect(await page.title()).toMatch(/^\(\d+\) /);
    expect((await page.title()).replace(/^\(\d+\) /, '')).toBe(visibleTitle.replace(/^\(\d+\) /, ''));

    // A click on Rafael's notice opens his conversation.
    const index = notices.findLastIndex((notice) => notice.tag === String(rafael.id));
    await page.evaluate(`window.__notices[${index}].onclick?.(new Event('click'))`);
    await page.waitForURL((url) => url.pathname === `/tickets/${rafael.uuid}`);
  });
});
