import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import type { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

const DESKTOP = { width: 1440, height: 900 };
const WAIT = 10000 * TIME_FACTOR;

/** The attendant reacts to a customer's message from its menu, sees the emoji under the bubble, then takes it back. */
describe('reacting to a message', () => {
  const suite = demoBrowserSuite();
  let admin: Session;
  let ticket: Ticket;
  let context: BrowserContext;
  let page: Page;

  const ourReactions = (targetId: number) =>
    suite.t
      .em()
      .getConnection()
      .execute<Array<{ body: string }>>("select body from messages where quoted_msg_id = ? and from_me and media_type = 'reactionMessage'", [targetId]);

  beforeAll(async () => {
    await startConnections(suite.t);
    admin = await login(suite.t, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    ticket = await customerWrites(suite.t, admin, connection.id, '5511955550777', 'Recebi o pedido, obrigada!', 'Paula Reis');
    await suite.t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: admin.userId }).expect(200);
    context = await suite.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: WAIT });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('offers "Reagir" with a row of emojis, shows ours under the bubble, and "Remover reação" takes it back', async () => {
    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    const bubble = page.locator('[data-message-id]', { hasText: 'Recebi o pedido, obrigada!' });
    await bubble.waitFor({ timeout: WAIT });
    const targetId = Number(await bubble.getAttribute('data-message-id'));

    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    // No reaction of ours yet: nothing to remove.
    await page.getByRole('menuitem', { name: 'Reagir' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Remover reação' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Reagir' }).click();
    const picker = page.getByRole('group', { name: 'Reagir' });
    await picker.waitFor();
    expect(await picker.getByRole('button').allTextContents()).toEqual(['👍', '❤️', '😂', '😮', '😢', '🙏']);
    await screenshot(page, 'reactions-picker');
    await picker.getByRole('button', { name: 'Reagir com ❤️' }).click();

    const badge = bubble.locator('[data-reactions]');
    await badge.waitFor({ timeout: WAIT });
    expect(await badge.getAttribute('data-reactions')).toBe('❤️');
    expect(await badge.getAttribute('aria-label')).toBe('Reações: ❤️');
    await waitFor(async () => (await ourReactions(targetId)).length === 1, WAIT);
    expect(await ourReactions(targetId)).toEqual([{ body: '❤️' }]);
    await screenshot(page, 'reactions-shown');
    // Our reaction is not a bubble of its own.
    expect(await page.locator('[data-message-id]', { hasText: '❤️' }).count()).toBe(1);

    // Another emoji replaces ours.
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Reagir' }).click();
    await page.getByRole('group', { name: 'Reagir' }).getByRole('button', { name: 'Reagir com 🙏' }).click();
    await waitFor(async () => (await badge.getAttribute('data-reactions')) === '🙏', WAIT);
    // The page shows the new one as soon as it is stored; the older one is deleted once WhatsApp took the new one.
    await waitFor(async () => (await ourReactions(targetId)).length === 1, WAIT);
    expect(await ourReactions(targetId)).toEqual([{ body: '🙏' }]);

    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Remover reação' }).click();
    await badge.waitFor({ state: 'detached', timeout: WAIT });
    await waitFor(async () => (await ourReactions(targetId)).length === 1, WAIT);
    expect(await ourReactions(targetId)).toEqual([{ body: '' }]);
  });
});
