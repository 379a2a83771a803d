import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_NAMED_TEMPLATE, FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { MessageTemplatesService } from '../../src/modules/message-templates/message-templates.service.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

const APP_SECRET = 'segredo-do-app-dos-modelos';
const CUSTOMER = '5511955550077';
const LIVE_TIMEOUT = 15_000 * TIME_FACTOR;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A Cloud API conversation whose customer wrote more than 24 hours ago: the chat says the window closed and offers the
 * connection's approved templates instead of free text; one goes out with its values. The templates screen lists
 * what the sync read from Meta.
 */
describe('Cloud API templates and the 24-hour window in the browser', () => {
  const suite = demoBrowserSuite();
  let fake: FakeGraphApi;
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET };
  let ticketUuid: string;

  const sql = <T>(text: string, params: unknown[] = []) => suite.t.em().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    fake = await startFakeGraphApi(fakeOptions);
    suite.t.config.channels.cloudApi = { graphBaseUrl: fake.baseUrl, graphVersion: DEFAULT_GRAPH_VERSION };
    const login = await suite.t.http().post('/api/auth/login').send({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    const auth = { Authorization: `Bearer ${login.body.token}` };
    const created = await suite.t
      .http()
      .post('/api/whatsapp')
      .set(auth)
      .send({
        name: 'Meta Modelos',
        provider: 'cloud',
        cloud: { phoneNumberId: FAKE_PHONE_NUMBER_ID, businessAccountId: FAKE_BUSINESS_ACCOUNT_ID, accessToken: FAKE_ACCESS_TOKEN, appSecret: APP_SECRET },
      });
    expect(created.status).toBe(201);
    const connectionId = created.body.id as number;
    fakeOptions.webhookUrl = `${suite.t.baseUrl}/api/cloud-api/${connectionId}/webhook`;
    // Connecting reads the templates once.
    await waitFor(async () => (await sql<{ n: number }>('select count(*)::int as n from message_templates where whatsapp_id = ?', [connectionId]))[0]!.n === 4);

    // The customer wrote a day and an hour ago, as far as the server and Meta know.
    expect(
      await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, {
        from: CUSTOMER,
        profileName: 'Dora Modelo',
        type: 'text',
        text: { body: 'Quero saber do meu pedido' },
      }),
    ).toBe(200);
    const ticket = await waitFor(() => suite.t.em().findOne(Ticket, { contact: { number: CUSTOMER } }, { filters: false }));
    await waitFor(async () => (await sql('select id from messages where ticket_id = ?', [ticket.id])).length > 0);
    const old = new Date(Date.now() - DAY_MS - 60 * 60 * 1000);
    await sql('update messages set created_at = ? where ticket_id = ?', [old, ticket.id]);
    fake.markInbound(CUSTOMER, old.getTime());
    const admin = await suite.t.em().findOneOrFail(User, { email: DEMO_ACCOUNTS.admin.email }, { filters: false });
    await suite.t.em().nativeUpdate(Ticket, { id: ticket.id }, { status: 'open', user: admin.id }, { filters: false });
    ticketUuid = ticket.uuid;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('shows the closed window and sends an approved template with its values through the picker', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    // Signed in (the menu is there) before the conversation's address is opened.
    await page.waitForSelector('a[href="/message-templates"]');
    await page.goto(`${suite.t.baseUrl}/tickets/${ticketUuid}`);
    await page.getByText('Quero saber do meu pedido').last().waitFor();
    const bar = page.getByTestId('service-window');
    await bar.getByText('Janela de 24 h encerrada').waitFor();
    expect(await bar.getAttribute('data-open')).toBe('false');
    // No free text outside the window: the composer is the template picker.
    expect(await page.getByRole('textbox', { name: 'Digite uma mensagem' }).count()).toBe(0);
    const composer = page.getByTestId('template-composer');
    await composer.getByRole('combobox', { name: 'Modelo de mensagem' }).click();
    expect(await page.getByRole('option', { name: /promocao_relampago/ }).count()).toBe(0);
    await page.getByRole('option', { name: 'pedido_confirmado (pt_BR)' }).click();
    await composer.getByLabel('Variável {{1}}').fill('Dora');
    await composer.getByLabel('Variável {{2}}').fill('#777');
    await composer.getByTestId('template-preview').getByText('Olá Dora, seu pedido #777 foi confirmado.').waitFor();
    await screenshot(page, 'cloud-template-picker');
    await composer.getByRole('button', { name: 'Enviar modelo' }).click();
    await page.getByText('Olá Dora, seu pedido #777 foi confirmado.').last().waitFor();
    const sent = await waitFor(() => fake.wire.find((w) => w.type === 'template'));
    expect((sent.payload as { template: unknown }).template).toEqual({
      name: 'pedido_confirmado',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Dora' },
            { type: 'text', text: '#777' },
          ],
        },
      ],
    });
    // Meta's statuses come back as receipts on the template too.
    await page.locator('[data-ack="4"]').last().waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(page, 'cloud-template-sent');

    // A template with named values, a text header and a URL button: one field per slot, named after its part.
    fake.templates.push(structuredClone(FAKE_NAMED_TEMPLATE));
    const [{ whatsapp_id: connectionId, company_id: companyId }] = await sql<{ whatsapp_id: number; company_id: number }>(
      'select whatsapp_id, company_id from tickets where uuid = ?',
      [ticketUuid],
    );
    // As "Sincronizar" does (an API login here would sign this browser out: one session per user).
    await suite.t.app.get(MessageTemplatesService).sync(companyId, connectionId);
    await page.reload();
    await composer.getByRole('combobox', { name: 'Modelo de mensagem' }).click();
    await page.getByRole('option', { name: 'rastreio_pedido (pt_BR)' }).click();
    await composer.getByLabel('Cabeçalho: Variável {{order_id}}').fill('A-9');
    await composer.getByLabel('Variável {{first_name}}').fill('Dora');
    await composer.getByLabel('Variável {{order_id}}', { exact: true }).fill('A-9');
    await composer.getByLabel('Variável {{carrier}}').fill('Correios');
    await composer.getByLabel('Botão 2: Variável {{1}}').fill('A-9');
    await composer.getByTestId('template-preview').getByText('Olá Dora, seu pedido A-9 saiu com Correios.', { exact: false }).waitFor();
    await screenshot(page, 'cloud-template-named');
    await composer.getByRole('button', { name: 'Enviar modelo' }).click();
    const tracked = await waitFor(() => fake.wire.find((w) => (w.payload as { template?: { name: string } }).template?.name === 'rastreio_pedido'));
    expect((tracked.payload as { template: { components: unknown[] } }).template.components).toHaveLength(3);
    await page.getByText('Olá Dora, seu pedido A-9 saiu com Correios.', { exact: false }).last().waitFor();
    // Meta stops listing it: the next sync removes it (the list below counts the fixtures' templates).
    fake.templates.pop();
    await suite.t.app.get(MessageTemplatesService).sync(companyId, connectionId);

    // The customer answers: the window opens again, and the usual composer is back.
    expect(await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, { from: CUSTOMER, profileName: 'Dora Modelo', type: 'text', text: { body: 'Obrigada!' } })).toBe(
      200,
    );
    await page.getByText('Obrigada!').last().waitFor({ timeout: LIVE_TIMEOUT });
    await bar.getByText(/Janela de 24 h fecha (às|em)/).waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByRole('textbox', { name: 'Digite uma mensagem' }).waitFor();
    await screenshot(page, 'cloud-template-window-open');
    await page.close();
  });

  it('lists the synced templates for the admin and syncs them again on request', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.click('a[href="/message-templates"]');
    await page.getByRole('heading', { name: 'Modelos de mensagem' }).waitFor();
    await page.getByText('pedido_confirmado').waitFor();
    const rejected = page.locator('tr', { has: page.getByText('promocao_relampago') });
    await rejected.getByText('Rejeitado').waitFor();
    await rejected.getByText('Meta Modelos').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(4);
    await screenshot(page, 'cloud-templates-list');

    fake.templates.push({
      id: '9000000000099',
      name: 'lembrete_pagamento',
      language: 'pt_BR',
      status: 'PENDING',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Seu boleto vence em {{1}}.' }],
    });
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sincronizar' }).click();
    await page.getByText('5 modelos sincronizados (0 removidos).').waitFor();
    await page
      .locator('tr', { has: page.getByText('lembrete_pagamento') })
      .getByText('Em análise')
      .waitFor();
    await page.getByPlaceholder('Pesquisar pelo nome...').fill('lembrete');
    await waitFor(async () => (await page.locator('tbody tr').count()) === 1);
    await screenshot(page, 'cloud-templates-synced');
    await page.close();
  });
});
