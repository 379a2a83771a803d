import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { TIME_FACTOR } from '../utils/time.js';

const APP_SECRET = 'segredo-do-app-da-meta';
const CUSTOMER = '5511966660042';
const LIVE_TIMEOUT = 15_000 * TIME_FACTOR;

/** An admin adds a WhatsApp Cloud API connection in the dialog, a customer writes through Meta, an attendant answers. */
describe('a WhatsApp Cloud API connection in the browser', () => {
  const suite = demoBrowserSuite();
  let fake: FakeGraphApi;
  // The fake reads where to post on each webhook: the URL names the connection, known once it is created.
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET };

  beforeAll(async () => {
    fake = await startFakeGraphApi(fakeOptions);
    suite.t.config.channels.cloudApi = { graphBaseUrl: fake.baseUrl, graphVersion: DEFAULT_GRAPH_VERSION };
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('creates the connection, shows where Meta must call, receives a message and answers it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/connections"]');
    await page.click('a[href="/connections"]');
    await page.getByRole('link', { name: 'Adicionar conexão' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Meta Oficial');
    await dialog.getByRole('combobox', { name: 'Tipo de conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Cloud API' }).click();
    await dialog.getByTestId('cloud-settings').waitFor();
    await dialog.getByRole('textbox', { name: 'ID do número de telefone' }).fill(FAKE_PHONE_NUMBER_ID);
    await dialog.getByRole('textbox', { name: 'ID da conta do WhatsApp Business' }).fill(FAKE_BUSINESS_ACCOUNT_ID);
    await dialog.getByLabel('Token de acesso permanente').fill(FAKE_ACCESS_TOKEN);
    await dialog.getByLabel('Chave secreta do app').fill(APP_SECRET);
    await screenshot(page, 'cloud-api-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Conexão salva com sucesso!').waitFor();
    const tokenDialog = page.getByRole('dialog').filter({ hasText: 'Token da API — Meta Oficial' });
    await tokenDialog.getByRole('button', { name: 'Fechar' }).click();

    // Its credentials are checked at once: the row turns connected, with the number Meta reports.
    const row = page.locator('tr', { has: page.getByText('Meta Oficial', { exact: true }) });
    await row.locator('[data-status="CONNECTED"]').waitFor({ timeout: LIVE_TIMEOUT });
    await row.getByText('15550783881').waitFor();

    // The edit dialog shows the webhook URL and verify token to paste into Meta's dashboard, never the secrets.
    await page.getByRole('link', { name: 'Editar Meta Oficial' }).click();
    const edit = page.getByRole('dialog');
    const webhookUrl = await edit.getByTestId('cloud-webhook-url').inputValue();
    expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/cloud-api\/\d+\/webhook$/);
    expect(await edit.getByTestId('cloud-verify-token').inputValue()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await edit.getByLabel('Token de acesso permanente').inputValue()).toBe('');
    await edit.getByText(`••••${FAKE_ACCESS_TOKEN.slice(-4)}`).waitFor();
    await screenshot(page, 'cloud-api-edit');
    // "Testar conexão" reads the number with what was saved: the number and the name Meta verified.
    await edit.getByRole('button', { name: 'Testar conexão' }).click();
    await edit.getByTestId('cloud-test-result').getByText('Conectado: 15550783881 — Loja Exemplo').waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(page, 'cloud-api-test-connection');
    await page.keyboard.press('Escape');

    // A customer writes through Meta: the signed webhook lands in a ticket.
    fakeOptions.webhookUrl = webhookUrl;
    expect(
      await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, { from: CUSTOMER, profileName: 'Dora Cloud', type: 'text', text: { body: 'Bom dia! Vocês entregam?' } }),
    ).toBe(200);
    const ticket = await waitFor(() => suite.t.em().findOne(Ticket, { contact: { number: CUSTOMER } }, { filters: false }));
    const admin = await suite.t.em().findOneOrFail(User, { email: DEMO_ACCOUNTS.admin.email }, { filters: false });
    await suite.t.em().nativeUpdate(Ticket, { id: ticket.id }, { status: 'open', user: admin.id }, { filters: false });

    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await page.getByText('Bom dia! Vocês entregam?').last().waitFor();
    const input = page.getByRole('textbox', { name: 'Digite uma mensagem' });
    await input.fill('Entregamos sim, Dora!');
    await input.press('Enter');
    await page.getByText('Entregamos sim, Dora!').last().waitFor();
    await screenshot(page, 'cloud-api-sent');
    await waitFor(() => fake.wire.some((w) => (w.payload as { text?: { body?: string } }).text?.body?.endsWith('Entregamos sim, Dora!')));
    // Meta's statuses come back as receipts: the answer shows read.
    await page.locator('[data-ack="4"]').last().waitFor({ timeout: LIVE_TIMEOUT });
    await screenshot(page, 'cloud-api-conversation');

    // A send Meta accepts and then reports failed: the bubble shows a red icon whose tooltip says why.
    fake.setAutoStatuses(false);
    await input.fill('Esta não chega');
    await input.press('Enter');
    const failedWire = await waitFor(() => fake.wire.find((w) => (w.payload as { text?: { body?: string } }).text?.body?.endsWith('Esta não chega')));
    expect(
      await fake.deliverStatus(FAKE_PHONE_NUMBER_ID, {
        id: failedWire.id,
        recipient_id: CUSTOMER,
        // Meta echoes the send's own reference: the status may arrive before the send's answer names the message.
        biz_opaque_callback_data: (failedWire.payload as { biz_opaque_callback_data?: string }).biz_opaque_callback_data,
        status: 'failed',
        errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }],
      }),
    ).toBe(200);
    const failedIcon = page.getByTestId('send-error').last();
    await failedIcon.waitFor({ timeout: LIVE_TIMEOUT });
    await failedIcon.hover();
    await page
      .getByRole('tooltip')
      .getByText(/Não entregue: O WhatsApp não conseguiu entregar/)
      .waitFor();
    // The tooltip fades in: the screenshot waits until it is opaque.
    await waitFor(() =>
      page.getByRole('tooltip').evaluate((element) => {
        const view = globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } };
        return view.getComputedStyle((element as unknown as { firstElementChild: unknown }).firstElementChild).opacity === '1';
      }),
    );
    await screenshot(page, 'cloud-api-failed-status');
    fake.setAutoStatuses(true);

    // A token Meta no longer accepts: "Testar conexão" says so in the user's language, without the token.
    await page.goto(`${suite.t.baseUrl}/connections`);
    await page.getByRole('link', { name: 'Editar Meta Oficial' }).click();
    const again = page.getByRole('dialog');
    await again.getByLabel('Token de acesso permanente').fill('EAAG-token-que-expirou-ontem');
    await again.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Conexão atualizada com sucesso!').waitFor();
    await page.getByRole('link', { name: 'Editar Meta Oficial' }).click();
    const expired = page.getByRole('dialog');
    await expired.getByRole('button', { name: 'Testar conexão' }).click();
    const failure = expired.getByTestId('cloud-test-result');
    await failure
      .getByText('Falha no teste: O token de acesso da conexão Cloud API expirou ou foi revogado.', { exact: false })
      .waitFor({ timeout: LIVE_TIMEOUT });
    expect(await failure.textContent()).not.toContain('EAAG-token-que-expirou-ontem');
    await screenshot(page, 'cloud-api-test-connection-expired');
    await page.close();
  });
});
