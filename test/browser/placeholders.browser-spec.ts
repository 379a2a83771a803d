import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { QuickMessage } from '../../src/modules/quick-messages/quick-message.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login } from '../utils/factories.js';
import { Company } from '../../src/modules/companies/company.entity.js';

/** The chips of the shared picker in a dialog, as their labels. */
const chipsOf = async (dialog: Locator) => dialog.getByRole('group', { name: 'Variáveis:' }).getByRole('button').allTextContents();

/** Every editor of texts sent to a contact shows the same picker, writing the same spelling. */
describe('one placeholder language', () => {
  const suite = demoBrowserSuite();
  let page: Page;

  beforeAll(async () => {
    page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/quick-messages"]');
  });
  afterAll(() => page?.close());

  it('writes {{key}} at the caret in a quick reply, on desktop and on a phone', async () => {
    await page.goto(`${suite.t.baseUrl}/quick-messages/create`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="shortcode"]').fill('saudar');
    const message = dialog.locator('textarea[name="message"]').first();
    await message.fill('Olá !');
    await message.press('End');
    await message.press('ArrowLeft');
    expect(await chipsOf(dialog)).toEqual(['{{firstName}}', '{{name}}', '{{ms}}', '{{protocol}}', '{{hora}}']);
    await dialog.getByRole('button', { name: /^Inserir \{\{firstName\}\} \(primeiro nome do contato\)/ }).click();
    await message.press('End');
    await message.pressSequentially(' Protocolo {protocolo}.');
    expect(await message.inputValue()).toBe('Olá {{firstName}}! Protocolo {protocolo}.');
    await screenshot(page, 'placeholders-quick-message');
    await page.setViewportSize({ width: 390, height: 844 });
    // The chips wrap inside the phone's dialog (by CSS: the phone's menu drawer hides the rest from the a11y tree).
    const group = page.locator('[role="group"][aria-label="Variáveis:"]');
    expect((await group.boundingBox())!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'placeholders-quick-message-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('[role="dialog"] button[type="submit"]').click();
    const saved = await waitFor(() => suite.t.em().fork().findOne(QuickMessage, { shortcode: 'saudar' }, { filters: false }));
    expect(saved.message).toBe('Olá {{firstName}}! Protocolo {protocolo}.');
  });

  it('shows the same picker for queue and connection texts, writing into the field last focused', async () => {
    await page.goto(`${suite.t.baseUrl}/queues/create`);
    let dialog = page.getByRole('dialog');
    const greeting = dialog.locator('textarea[name="greetingMessage"]').first();
    await greeting.waitFor();
    expect(await chipsOf(dialog)).toEqual(['{{firstName}}', '{{name}}', '{{ms}}', '{{protocol}}', '{{hora}}']);
    await greeting.click();
    await dialog.getByRole('button', { name: /^Inserir \{\{ms\}\}/ }).click();
    expect(await greeting.inputValue()).toBe('{{ms}}');
    await screenshot(page, 'placeholders-queue');
    await page.keyboard.press('Escape');

    await page.goto(`${suite.t.baseUrl}/connections/create`);
    dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Mensagens' }).click();
    const rating = dialog.locator('textarea[name="ratingMessage"]').first();
    await rating.waitFor();
    await rating.fill('Avalie, ');
    await dialog.getByRole('button', { name: /^Inserir \{\{firstName\}\}/ }).click();
    expect(await rating.inputValue()).toBe('Avalie, {{firstName}}');
    expect(await dialog.locator('textarea[name="greetingMessage"]').first().inputValue()).toBe('');
  });

  it('offers the contact fields and the company variables in campaigns, with the same chips', async () => {
    // A second admin for the API: signing the demo admin in again would end the browser's session.
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    const admin = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    await suite.t.http().put('/api/settings/campaignsEnabled').set(admin.auth).send({ value: 'true' }).expect(200);
    await suite.t.http().post('/api/campaign-settings/variables').set(admin.auth).send({ key: 'cupom', value: 'BF10' }).expect(200);
    await page.goto(`${suite.t.baseUrl}/campaigns/create`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea[name="message1"]').waitFor();
    await waitFor(async () => (await chipsOf(dialog)).includes('{{cupom}}'));
    expect(await chipsOf(dialog)).toEqual(['{{firstName}}', '{{name}}', '{{number}}', '{{email}}', '{{ms}}', '{{hora}}', '{{cupom}}']);
    await dialog.getByRole('button', { name: /^Inserir \{\{cupom\}\} \(variável da campanha\)/ }).click();
    expect(await dialog.locator('textarea[name="message1"]').inputValue()).toBe('{{cupom}}');
    await screenshot(page, 'placeholders-campaign');
  });
});
