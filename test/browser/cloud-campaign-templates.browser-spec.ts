import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addHours, format } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { contactListWith, setCampaignSettings } from '../utils/campaigns.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const APP_SECRET = 'segredo-das-campanhas-no-navegador';
const RECIPIENTS = [
  { name: 'Ana Lima', number: '5511933330001' },
  { name: 'Bruno Reis', number: '5511933330002' },
];

/**
 * A campaign on a WhatsApp Cloud API connection in the dialog: the connection's approved templates are offered per
 * message, with a text per {{n}} (placeholders allowed) and a preview; saved, sent now, each recipient gets the
 * template with its own values.
 */
describe('a Cloud API campaign by template in the browser', () => {
  const suite = demoBrowserSuite({ campaigns: { secondMs: 10 } });
  const contexts: BrowserContext[] = [];
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET };
  let fake: FakeGraphApi;
  let admin: Session;
  let listName: string;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeGraphApi(fakeOptions);
    suite.t.config.channels.cloudApi = { graphBaseUrl: fake.baseUrl, graphVersion: DEFAULT_GRAPH_VERSION };
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    admin = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    await suite.t.http().put('/api/settings/campaignsEnabled').set(admin.auth).send({ value: 'true' }).expect(200);
    await setCampaignSettings(suite.t, company.id, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, dailyCap: 0 });
    const created = await suite.t
      .http()
      .post('/api/whatsapp')
      .set(admin.auth)
      .send({
        name: 'Meta Campanhas',
        provider: 'cloud',
        cloud: { phoneNumberId: FAKE_PHONE_NUMBER_ID, businessAccountId: FAKE_BUSINESS_ACCOUNT_ID, accessToken: FAKE_ACCESS_TOKEN, appSecret: APP_SECRET },
      });
    expect(created.status).toBe(201);
    const connectionId = created.body.id as number;
    fakeOptions.webhookUrl = `${suite.t.baseUrl}/api/cloud-api/${connectionId}/webhook`;
    await waitFor(
      async () =>
        (await em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from message_templates where whatsapp_id = ?', [connectionId]))[0]!.n ===
        4,
    );
    listName = (await contactListWith(suite.t, company.id, RECIPIENTS)).name;
    await suite.t.http().post('/api/contacts').set(admin.auth).send({ name: 'Lia Nuvem', number: '5511933330077' }).expect(201);

    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.getByText('Campanhas', { exact: true }).click();
    await page.click('a[href="/campaigns"]');
    await page.getByRole('link', { name: 'Nova Campanha' }).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await fake?.close();
  });

  it('picks an approved template for the message, fills its values with placeholders, and sends it to each recipient', async () => {
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nova Campanha').waitFor();
    await dialog.locator('input[name="name"]').fill('Pedidos Meta');
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'Meta Campanhas' }).click();
    await dialog.getByTestId('cloud-campaign-notice').waitFor();
    await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).click();
    await page.getByRole('option', { name: listName }).click();
    await dialog.locator('textarea[name="message1"]').fill('Confirmação de pedido');

    const picker = dialog.getByTestId('template-choice');
    await picker.getByRole('combobox', { name: 'Modelo aprovado (WhatsApp Cloud API)' }).click();
    // Only approved templates are offered.
    expect(await page.getByRole('option', { name: /promocao_relampago/ }).count()).toBe(0);
    await page.getByRole('option', { name: 'pedido_confirmado (pt_BR)' }).click();
    await picker.getByLabel('Texto de {{1}}').fill('{nome}');
    await picker.getByLabel('Texto de {{2}}').fill('P-{numero}');
    await picker
      .getByTestId('template-choice-preview')
      .getByText(/^Olá .+, seu pedido P-5511999990000 foi confirmado\.$/)
      .waitFor();
    await picker.getByTestId('template-choice-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'cloud-campaign-template-picker');

    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Operação realizada com sucesso').waitFor();
    const saved = (await suite.t.http().get('/api/campaigns').query({ searchParam: 'Pedidos Meta' }).set(admin.auth).expect(200)).body.records[0];
    expect(saved.templates).toEqual([{ variant: 1, templateId: expect.any(Number), variables: ['{nome}', 'P-{numero}'] }]);

    await suite.t.http().post(`/api/campaigns/${saved.id}/start`).set(admin.auth).expect(200);
    const sent = await waitFor(() => {
      const templates = fake.wire.filter((entry) => entry.type === 'template');
      return templates.length === RECIPIENTS.length ? templates : null;
    }, 20_000 * TIME_FACTOR);
    for (const recipient of RECIPIENTS) {
      const entry = sent.find((e) => e.to === recipient.number)!;
      expect((entry.payload as { template: unknown }).template).toEqual({
        name: 'pedido_confirmado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: recipient.name },
              { type: 'text', text: `P-${recipient.number}` },
            ],
          },
        ],
      });
    }
    // Reopened, the dialog shows the choice as saved.
    await page.goto(`${suite.t.baseUrl}/campaigns/${saved.id}`);
    await page.getByRole('dialog').getByTestId('template-choice').getByText('pedido_confirmado (pt_BR)').waitFor();
    await screenshot(page, 'cloud-campaign-template-saved');
  });

  it('asks by template when confirmation is on, and takes the address of a file its header shows', async () => {
    await page.goto(`${suite.t.baseUrl}/campaigns`);
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nova Campanha').waitFor();
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'Meta Campanhas' }).click();
    await dialog.getByTestId('cloud-campaign-notice').waitFor();
    // Without confirmation only templates go: no file list.
    expect(await dialog.getByRole('combobox', { name: 'Lista de Arquivos' }).getAttribute('aria-disabled')).toBe('true');
    await dialog.getByLabel('Confirmação').check();
    await dialog
      .getByTestId('cloud-campaign-notice')
      .getByText(/com confirmação/)
      .waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Lista de Arquivos' }).getAttribute('aria-disabled')).toBeNull();
    // The template is the request: no confirmation text of our own.
    expect(await dialog.locator('textarea[name="confirmationMessage1"]').count()).toBe(0);
    const picker = dialog.getByTestId('template-choice');
    await picker.getByRole('combobox', { name: 'Pedido de confirmação (modelo aprovado)' }).click();
    await page.getByRole('option', { name: 'boas_vindas (pt_BR)' }).click();
    await picker.getByLabel('Endereço (https) do arquivo do cabeçalho').fill('https://cdn.example.com/boas-vindas.png');
    await picker.getByLabel('Texto de {{1}}').fill('{nome}');
    await picker.getByTestId('template-choice-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'cloud-campaign-confirmation');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('schedules a message by template: the dialog offers the connection’s approved templates and keeps the values', async () => {
    await page.goto(`${suite.t.baseUrl}/schedules`);
    await page.locator('.rbc-calendar').waitFor();
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.getByRole('combobox', { name: /^Contato/ }).fill('Lia');
    await page.getByRole('option', { name: /Lia Nuvem/ }).click();
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'Meta Campanhas' }).click();
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Lembrete do pedido');
    const picker = dialog.getByTestId('template-choice');
    await picker.getByRole('combobox', { name: 'Modelo aprovado (WhatsApp Cloud API)' }).click();
    await page.getByRole('option', { name: 'pedido_confirmado (pt_BR)' }).click();
    await picker.getByLabel('Texto de {{1}}').fill('{{firstName}}');
    await picker.getByLabel('Texto de {{2}}').fill('L-9');
    await picker
      .getByTestId('template-choice-preview')
      .getByText(/^Olá .+, seu pedido L-9 foi confirmado\.$/)
      .waitFor();
    await dialog.getByRole('textbox', { name: /^Data de agendamento/ }).fill(format(addHours(new Date(), 2), 'dd/MM/yyyy HH:mm'));
    await picker.getByTestId('template-choice-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'cloud-schedule-template-picker');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Agendamento salvo com sucesso.').waitFor();
    const stored = await waitFor(async () => {
      const rows = await suite.t
        .em()
        .getConnection()
        .execute<{ template_id: number | null; template_variables: string[] }[]>(
          `select s.template_id, s.template_variables from schedules s join contacts c on c.id = s.contact_id where c.number = '5511933330077'`,
        );
      return rows[0] ?? null;
    });
    expect(stored.template_id).toEqual(expect.any(Number));
    expect(stored.template_variables).toEqual(['{{firstName}}', 'L-9']);
  });
});
