import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addMinutes, format } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { CampaignShipping } from '../../src/modules/campaigns/campaign-shipping.entity.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { contactListWith, setCampaignSettings } from '../utils/campaigns.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

/** The company's zone (the demo company's default): the browser runs in it, so a typed schedule means the same instant. */
const COMPANY_ZONE = 'America/Sao_Paulo';
const TYPED = 'dd/MM/yyyy HH:mm';
/** The recipients: five on WhatsApp and one number the simulator says is not (it ends in 0000). */
const RECIPIENTS = [
  { name: 'Ana Lima', number: '5511988880001' },
  { name: 'Bruno Reis', number: '5511988880002' },
  { name: 'Carla Dias', number: '5511988880003' },
  { name: 'Davi Souza', number: '5511988880004' },
  { name: 'Elisa Prado', number: '5511988880005' },
  { name: 'Fora do Zap', number: '5511988880000' },
];

/** A wall time of the company's zone, in a date-fns pattern (as typed into the dialog unless told). */
const typedInZone = (at: Date, pattern = TYPED) => format(new Date(at.toLocaleString('en-US', { timeZone: COMPANY_ZONE })), pattern);

describe('the campaign screens', () => {
  // A campaign "second" of 300 ms: messageInterval 5 is 1.5 s between contacts, slow enough to stop a run midway.
  const suite = demoBrowserSuite({ campaigns: { secondMs: 300 } });
  const contexts: BrowserContext[] = [];
  /** A second admin for API calls: signing in through the browser would replace the demo admin's API session. */
  let admin: Session;
  let contactListId: number;
  let contactListName: string;
  let tagId: number;
  let whatsappId: number;
  let page: Page;

  const api = () => suite.t.http();
  const campaignRow = (name: string) => page.locator('tr', { has: page.locator(`[data-campaign-id]:has-text("${name}")`) });
  /** The row's status chip (the one shown: a phone shows it under the name). */
  const statusOf = (name: string, status: string) => campaignRow(name).locator(`[data-campaign-status="${status}"]:visible`);
  const count = (key: string) => page.locator(`[data-count="${key}"] [data-count-value]`);

  beforeAll(async () => {
    await startConnections(suite.t);
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    whatsappId = (await em.findOneOrFail(Whatsapp, { company: company.id, name: 'WhatsApp Demo' }, { filters: false })).id;
    const apiUser = await createUser(suite.t, company, 'admin');
    admin = await login(suite.t, apiUser.email);
    await api().put('/api/settings/campaignsEnabled').set(admin.auth).send({ value: 'true' }).expect(200);
    // Settings as the settings page stores them: a variable, and a short interval with no long pause.
    await setCampaignSettings(suite.t, company.id, {
      messageInterval: 5,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [{ key: 'cupom', value: 'BF10' }],
    });
    // The list is written directly (its own API and import are tested in contact-lists.browser-spec.ts).
    const list = await contactListWith(
      suite.t,
      company.id,
      RECIPIENTS.map((recipient) => ({ ...recipient, valid: recipient.number.endsWith('0000') ? null : true })),
    );
    contactListId = list.id;
    contactListName = list.name;
    const tag = await api().post('/api/tags').set(admin.auth).send({ name: 'Clientes', color: '#2E7D32' }).expect(201);
    tagId = tag.body.id;

    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: COMPANY_ZONE });
    contexts.push(context);
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    // The menu's campaign group (admins, with the plan flag and the setting on) opens onto the list.
    await page.getByText('Campanhas', { exact: true }).click();
    await page.click('a[href="/campaigns"]');
    await page.getByRole('link', { name: 'Nova Campanha' }).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('creates a campaign in the dialog: five variants, confirmation texts, placeholders and an attachment', async () => {
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nova Campanha').waitFor();

    // campaigns §5: 2 to 50 characters.
    await dialog.locator('input[name="name"]').fill('B');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.locator('input[name="name"]').fill('Black Friday');

    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Demo' }).click();
    // The audience: a contact list, or the contacts of a tag.
    await dialog.getByLabel('Lista de Tags').check();
    await dialog.getByRole('combobox', { name: 'Lista de Tags' }).click();
    await page.getByRole('option', { name: 'Clientes' }).click();

    // The shared picker puts the placeholder at the caret of the focused message; `{nome}` typed still works.
    const message1 = dialog.locator('textarea[name="message1"]');
    await message1.fill('Olá !');
    await message1.press('End');
    await message1.press('ArrowLeft');
    await dialog.getByRole('button', { name: /^Inserir \{\{name\}\}/ }).click();
    await message1.press('End');
    // The company's variables are chips too once GET /campaign-settings answers; typed here.
    await message1.pressSequentially(' Cupom: {cupom}');
    expect(await message1.inputValue()).toBe('Olá {{name}}! Cupom: {cupom}');

    // Confirmation texts appear only with "confirmation" on.
    expect(await dialog.locator('textarea[name="confirmationMessage1"]').count()).toBe(0);
    await dialog.getByLabel('Confirmação').check();
    await dialog.locator('textarea[name="confirmationMessage1"]').fill('Podemos te mandar uma oferta, {nome}?');
    await dialog.getByRole('tab', { name: 'Msg. 2' }).click();
    await dialog.locator('textarea[name="message2"]').fill('Oi {nome}, a Black Friday chegou!');
    await dialog.locator('textarea[name="confirmationMessage2"]').fill('Quer receber nossas ofertas?');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await screenshot(page, 'campaigns-create');

    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Operação realizada com sucesso').waitFor();
    await statusOf('Black Friday', 'INATIVA').waitFor();

    const created = (await api().get('/api/campaigns').query({ searchParam: 'Black Friday' }).set(admin.auth).expect(200)).body.records[0];
    expect(created).toMatchObject({
      status: 'INATIVA',
      message1: 'Olá {{name}}! Cupom: {cupom}',
      message2: 'Oi {nome}, a Black Friday chegou!',
      confirmationMessage1: 'Podemos te mandar uma oferta, {nome}?',
      confirmationMessage2: 'Quer receber nossas ofertas?',
      confirmation: true,
      whatsappId,
      tagListId: tagId,
      contactListId: null,
      scheduledAt: null,
    });
    await waitFor(async () => (await api().get(`/api/campaigns/${created.id}`).set(admin.auth)).body.mediaName === 'oferta.png');
  });

  it('sends a typed schedule in the company’s time and shows a campaign due within the hour read-only', async () => {
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Em breve');
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Demo' }).click();
    // The contact lists come from GET /contact-lists/list.
    await dialog.getByRole('radio', { name: 'Lista de Contatos' }).check();
    await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).click();
    await page.getByRole('option', { name: contactListName }).click();
    const at = addMinutes(new Date(), 30);
    at.setSeconds(0, 0);
    await dialog.getByRole('textbox', { name: /^Agendamento/ }).fill(typedInZone(at));
    await dialog.locator('textarea[name="message1"]').fill('Falta pouco!');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await statusOf('Em breve', 'PROGRAMADA').waitFor();
    const soon = (await api().get('/api/campaigns').query({ searchParam: 'Em breve' }).set(admin.auth).expect(200)).body.records[0];
    // 'YYYY-MM-DD HH:mm:ss' in the company's zone is the instant that was typed.
    expect(new Date(soon.scheduledAt).getTime()).toBe(at.getTime());
    expect(soon.contactListId).toBe(contactListId);

    // campaigns §4: PROGRAMADA less than an hour away is read-only.
    await page.getByRole('link', { name: 'Editar Em breve' }).click();
    await dialog.getByText('Campanha (apenas visualização)').waitFor();
    await dialog.getByText('Esta campanha não pode mais ser alterada.').waitFor();
    expect(await dialog.locator('input[name="name"]').isDisabled()).toBe(true);
    expect(await dialog.locator('textarea[name="message1"]').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await screenshot(page, 'campaigns-readonly');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const refused = await api().put(`/api/campaigns/${soon.id}`).set(admin.auth).send({ name: 'Mudou' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  });

  it('stops and restarts a running campaign, keeps a cancelled one’s messages editable, and fills the report live', async () => {
    const created = await api()
      .post('/api/campaigns')
      .set(admin.auth)
      // Scheduled for now: it starts at once.
      .send({ name: 'Relâmpago', message1: 'Olá {nome}, use {cupom}!', whatsappId, contactListId, confirmation: false, scheduledAt: new Date().toISOString() });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // The table follows the run live; stop asks first.
    const row = campaignRow('Relâmpago');
    await statusOf('Relâmpago', 'EM_ANDAMENTO').waitFor({ timeout: 10_000 * TIME_FACTOR });
    await row.getByRole('button', { name: 'Parar Relâmpago' }).click();
    await page.getByText('Parar a campanha Relâmpago?').waitFor();
    // The buttons say what they do.
    await page.getByRole('dialog').getByRole('button', { name: 'Voltar' }).waitFor();
    await page.getByRole('button', { name: 'Parar campanha' }).click();
    await page.getByText('Campanha cancelada').waitFor();
    await statusOf('Relâmpago', 'CANCELADA').waitFor();
    const stoppedAt = await suite.t.em().count(CampaignShipping, { campaign: id, status: 'delivered' }, { filters: false });
    expect(stoppedAt).toBeLessThan(5);

    // A cancelled campaign: only its messages may change.
    await page.getByRole('link', { name: 'Editar Relâmpago' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Campanha cancelada: apenas as mensagens podem ser alteradas.').waitFor();
    expect(await dialog.locator('input[name="name"]').isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).textContent()).toBe(contactListName);
    await dialog.locator('textarea[name="message1"]').fill('Oi {nome}, use {cupom} hoje!');
    await screenshot(page, 'campaigns-cancelled-edit');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => (await api().get(`/api/campaigns/${id}`).set(admin.auth)).body.message1 === 'Oi {nome}, use {cupom} hoje!');

    // Restart asks first too, then the report fills up without a reload.
    await row.getByRole('button', { name: 'Reiniciar Relâmpago' }).click();
    await page.getByText('Reiniciar a campanha Relâmpago?').waitFor();
    await page.getByRole('button', { name: 'Reiniciar campanha' }).click();
    await page.getByText('Campanha reiniciada').waitFor();
    await row.getByRole('button', { name: 'Relatório de Relâmpago' }).click();
    await page.getByRole('heading', { name: 'Relatório de Relâmpago' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/campaign/${id}/report`);
    await count('total').filter({ hasText: '6' }).waitFor();
    await waitFor(async () => Number(await count('delivered').textContent()) > stoppedAt, 10_000 * TIME_FACTOR);
    await screenshot(page, 'campaign-report-running');

    await page.locator('[data-campaign-status="FINALIZADA"]').waitFor({ timeout: 20_000 * TIME_FACTOR });
    await count('delivered').filter({ hasText: '5' }).waitFor();
    await count('skipped').filter({ hasText: '1' }).waitFor();
    await count('pending').filter({ hasText: '0' }).waitFor();
    await page.locator('[data-campaign-progress="100"]').waitFor();
    await waitFor(async () => (await page.locator('[data-shipping-status="delivered"]').count()) === 5);
    expect(await page.locator('tr[data-shipping-status]', { hasText: 'Ana Lima' }).textContent()).toContain('Entregue');
    // The number not on WhatsApp is skipped, with the reason in the user's words (the rows refresh after the last event).
    await page.locator('tr[data-shipping-status="skipped"]', { hasText: 'Fora do Zap' }).waitFor({ timeout: 10_000 * TIME_FACTOR });
    await screenshot(page, 'campaign-report');

    // The last recipient, sent after the restart, got the edited message with their name and the company's variable.
    const elisa = await suite.t.em().findOneOrFail(CampaignShipping, { campaign: id, number: '5511988880005' }, { filters: false });
    expect(elisa.body).toBe('Oi Elisa Prado, use BF10 hoje!');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-campaign-status="FINALIZADA"]').waitFor();
    await screenshot(page, 'campaign-report-phone');
    await page.goto(`${suite.t.baseUrl}/campaigns`);
    await campaignRow('Relâmpago').waitFor();
    await screenshot(page, 'campaigns-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'campaigns');
  });

  it('pages the shipping records by position as the table scrolls', async () => {
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    await setCampaignSettings(suite.t, company.id, { messageInterval: 0 });
    const many = await contactListWith(
      suite.t,
      company.id,
      Array.from({ length: 60 }, (_, i) => ({ name: `Cliente ${String(i + 1).padStart(2, '0')}`, number: `55119777${String(i + 1).padStart(5, '0')}` })),
    );
    const created = await api()
      .post('/api/campaigns')
      .set(admin.auth)
      .send({ name: 'Sessenta', message1: 'Oi {nome}', whatsappId, contactListId: many.id, scheduledAt: new Date().toISOString() });
    expect(created.status).toBe(201);
    await page.goto(`${suite.t.baseUrl}/campaign/${created.body.id}/report`);
    await page.locator('[data-campaign-status="FINALIZADA"]').waitFor({ timeout: 30_000 * TIME_FACTOR });
    await count('delivered').filter({ hasText: '60' }).waitFor();
    // A page is 50 records; the next loads when the table's bottom comes near, after the last position shown.
    await waitFor(async () => (await page.locator('tr[data-shipping-status]').count()) === 50);
    await page.locator('tr[data-shipping-status]').last().scrollIntoViewIfNeeded();
    await waitFor(async () => (await page.locator('tr[data-shipping-status]').count()) === 60);
    const names = await page.locator('tr[data-shipping-status] td:nth-child(2)').allTextContents();
    expect(names).toEqual(Array.from({ length: 60 }, (_, i) => `Cliente ${String(i + 1).padStart(2, '0')}`));
  });

  it('shows why a campaign waits: a chip with the pause reason in the table and the report', async () => {
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    const hour = 3600_000;
    await setCampaignSettings(suite.t, company.id, {
      quietHoursStart: typedInZone(new Date(Date.now() - hour), 'HH:mm'),
      quietHoursEnd: typedInZone(new Date(Date.now() + hour), 'HH:mm'),
    });
    try {
      const created = await api()
        .post('/api/campaigns')
        .set(admin.auth)
        .send({ name: 'Madrugada', message1: 'Oi {nome}', whatsappId, contactListId, scheduledAt: new Date().toISOString() });
      expect(created.status).toBe(201);
      await page.goto(`${suite.t.baseUrl}/campaigns`);
      await campaignRow('Madrugada')
        .locator('[data-pause-reason="QUIET_HOURS"]', { hasText: 'Horário de silêncio' })
        .waitFor({ timeout: 10_000 * TIME_FACTOR });
      await page.getByRole('button', { name: 'Relatório de Madrugada' }).click();
      await page.locator('[data-campaign-report] [data-pause-reason="QUIET_HOURS"]').waitFor();
      await screenshot(page, 'campaign-report-paused');
    } finally {
      await setCampaignSettings(suite.t, company.id, { quietHoursStart: '', quietHoursEnd: '' });
    }
  });
});
