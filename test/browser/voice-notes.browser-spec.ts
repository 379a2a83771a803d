import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { wire } from '../utils/campaigns.js';
import { FAKE_MEDIA_ARGS, loginThroughForm, screenshot } from '../utils/browser.js';
import { connectedSimulator, drainPipeline, startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const CUSTOMER = { from: '5511966660001', name: 'Renata Voz' };

describe('voice notes recorded in the chat composer', () => {
  let api: Session;
  let connectionId: number;
  const contexts: BrowserContext[] = [];
  const suite = demoBrowserSuite(undefined, FAKE_MEDIA_ARGS);

  const open = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport, permissions: ['microphone'] });
    contexts.push(context);
    const page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${suite.t.baseUrl}/tickets`);
    return page;
  };
  const row = (page: Page) => page.locator('[data-ticket-id]', { hasText: CUSTOMER.name });

  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // A connection without queues nor greeting: the voice note is the ticket's last message.
    connectionId = (await connectedSimulator(suite.t, company.id, 'Voz')).id;
    const res = await suite.t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(api.auth)
      .send({ ...CUSTOMER, body: 'Pode me mandar um áudio?' });
    expect(res.status).toBe(202);
    await drainPipeline(suite.t);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('records from the microphone, sends a push-to-talk Ogg voice note and shows its length in the list', async () => {
    const page = await open({ width: 1440, height: 900 });
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await row(page).getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Gravar áudio' }).click();
    const bar = page.locator('[data-recording]');
    // Two seconds on the recorder's own clock.
    await bar.getByText('00:02').waitFor({ timeout: 10_000 * TIME_FACTOR });
    await screenshot(page, 'voice-note-recording');
    await bar.getByRole('button', { name: 'Enviar áudio' }).click();

    // The bubble plays the stored Ogg file: Chromium reads its length from the Ogg pages.
    const player = page.locator('audio').last();
    await player.waitFor({ timeout: 10_000 * TIME_FACTOR });
    expect(await player.getAttribute('src')).toMatch(/\.ogg$/);
    const duration = await waitFor(
      () =>
        player.evaluate((audio) => {
          const { duration } = audio as unknown as { duration: number };
          return Number.isFinite(duration) && duration > 0 ? duration : 0;
        }),
      10_000 * TIME_FACTOR,
    );
    expect(duration).toBeGreaterThan(1.5);

    // What WhatsApp received: a voice note with its whole seconds.
    const sent = await waitFor(
      () => wire(suite.t, connectionId).find((entry) => 'media' in entry) as { media?: { mimetype: string; ptt: boolean; seconds: number } } | undefined,
    );
    expect(sent.media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true });
    expect(Math.abs(sent.media!.seconds - duration)).toBeLessThanOrEqual(1);

    await page.getByRole('tab', { name: /Atendendo/ }).click();
    const preview = row(page).locator('[data-preview]');
    await waitFor(async () => /^🎤 Áudio \(0:0\d\)$/.test((await preview.textContent()) ?? ''), 10_000 * TIME_FACTOR);
    expect(await preview.textContent()).toBe(`🎤 Áudio (0:0${sent.media!.seconds})`);
    expect(await row(page).textContent()).not.toMatch(/audio-record|\.webm|\.ogg/);
    await screenshot(page, 'voice-note-desktop');

    const phone = await open({ width: 390, height: 844 });
    await phone.getByRole('tab', { name: /Atendendo/ }).click();
    await row(phone)
      .locator('[data-preview]')
      .getByText(`🎤 Áudio (0:0${sent.media!.seconds})`)
      .waitFor({ timeout: 10_000 * TIME_FACTOR });
    await screenshot(phone, 'voice-note-phone');
  });
});
