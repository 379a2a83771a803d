import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Prompt } from '../../src/modules/prompts/prompt.entity.js';
import { QueueIntegration } from '../../src/modules/queue-integrations/queue-integration.entity.js';
import { QueueOption } from '../../src/modules/queue-options/queue-option.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { addQueueOption, automationBrowserSuite, chooseOption } from '../utils/automation-browser.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

const NO_PAGE_PERMISSION = 'Esta empresa não possui permissão para acessar essa página!';
/** A one-pixel PNG, as the queue's greeting attachment. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('chatbot automation in the browser', () => {
  let api: Session;
  let company: Company;

  const suite = automationBrowserSuite();
  beforeAll(async () => {
    company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // Working hours per queue: the queue dialog gets its 'Horários de Atendimento' tab.
    await suite.t.http().put('/api/settings/scheduleType').set(api.auth).send({ key: 'scheduleType', value: 'queue' }).expect(200);
  });

  const setPlanFlags = (flags: Partial<Pick<Plan, 'useOpenAi' | 'useIntegrations'>>) =>
    suite.t.em().nativeUpdate(Plan, { id: company.plan!.id }, flags, { filters: false });

  async function adminPage(path: string): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/queues"]');
    await page.goto(`${suite.t.baseUrl}${path}`);
    return page;
  }

  const botReplies = async (ticketId: number): Promise<string[]> => {
    const res = await suite.t.http().get(`/api/messages/${ticketId}`).set(api.auth).expect(200);
    const messages = res.body.messages as Array<{ id: number; body: string; fromMe: boolean }>;
    return messages
      .filter((m) => m.fromMe)
      .sort((a, b) => a.id - b.id)
      .map((m) => m.body);
  };

  it('builds a two-level options tree in the queue dialog, and the bot walks it with a customer', async () => {
    const page = await adminPage('/queues');
    await page.waitForSelector('tr:has-text("Comercial")');
    await page.getByRole('link', { name: 'Adicionar fila' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Financeiro');
    await dialog
      .getByRole('button', { name: /^Usar a cor/ })
      .nth(7)
      .click();
    await dialog.locator('textarea[name="greetingMessage"]').first().fill('Você está no Financeiro.');
    // A new queue saves first: its options are saved one by one against it.
    await dialog.getByText('Salve a fila para adicionar as opções do chatbot.').waitFor();

    // Open every day and all day, so the bot answers whenever the test runs.
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    const starts = dialog.getByRole('textbox', { name: 'Hora inicial' });
    const ends = dialog.getByRole('textbox', { name: 'Hora final' });
    expect(await starts.first().inputValue()).toBe('08:00');
    expect(await ends.nth(5).inputValue()).toBe('12:00');
    for (let day = 0; day < 7; day++) {
      await starts.nth(day).fill('0000');
      await ends.nth(day).fill('2359');
    }
    await page.getByText('Clique em salvar para registar as alterações').waitFor();
    await screenshot(page, 'automation-queue-hours');
    await dialog.getByRole('tab', { name: 'Dados da Fila' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Financeiro")');
    const queue = await waitFor(() => suite.t.em().findOne(Queue, { name: 'Financeiro' }, { filters: false }));
    expect(queue.schedules.map((day) => `${day.startTime}-${day.endTime}`)).toEqual(Array(7).fill('00:00-23:59'));

    await page.getByRole('link', { name: 'Editar Financeiro' }).click();
    dialog = page.getByRole('dialog');
    const tree = dialog.getByRole('group', { name: 'Opções do chatbot' });
    await addQueueOption(dialog, tree.getByRole('button', { name: 'Adicionar opção' }).last(), '1', 'Financeiro', 'Escolha o assunto:');
    await dialog
      .locator('[data-option-path="1"]')
      .getByRole('button', { name: /Financeiro/ })
      .first()
      .click();
    await addQueueOption(
      dialog,
      dialog.getByRole('button', { name: 'Adicionar sub-opção' }),
      '1.1',
      'Boletos',
      'A segunda via do boleto chega por e-mail em até 1 hora.',
    );
    await dialog
      .locator('[data-option-path="1.1"]')
      .getByRole('button', { name: /Boletos/ })
      .first()
      .click();
    await dialog.locator('[data-option-path="1.1"]').getByText('A segunda via do boleto chega por e-mail em até 1 hora.').waitFor();
    await screenshot(page, 'automation-options-tree');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const options = await suite.t.em().find(QueueOption, { queue: queue.id }, { filters: false, orderBy: { id: 'ASC' } });
    expect(options.map((o) => [o.title, o.option, o.parent?.id ?? null])).toEqual([
      ['Financeiro', 1, null],
      ['Boletos', 1, options[0]!.id],
    ]);

    // A connection whose only queue is Financeiro: the customer goes straight into its menu.
    const connection = await connectedSimulator(suite.t, company.id, 'Automação');
    await suite.t
      .http()
      .put(`/api/whatsapp/${connection.id}`)
      .set(api.auth)
      .send({ queueIds: [queue.id] })
      .expect(200);
    const ticket = await customerWrites(suite.t, api, connection.id, '5511944440001', 'oi', 'Helena Souza');
    await customerWrites(suite.t, api, connection.id, '5511944440001', '1');
    await customerWrites(suite.t, api, connection.id, '5511944440001', '1');
    expect(await botReplies(ticket.id)).toEqual([
      '*[ 1 ]* - Financeiro\n*[ # ]* - Menu inicial',
      'Escolha o assunto:\n\n*[ 1 ]* - Boletos\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial',
      'A segunda via do boleto chega por e-mail em até 1 hora.',
    ]);

    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await page
      .getByText('A segunda via do boleto chega por e-mail em até 1 hora.')
      .first()
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'automation-ticket-bot');
    await page.close();
  });

  it("shows a ticket closed with ratings on as waiting for the customer's rating, until the answer closes it", async () => {
    await suite.t.http().put('/api/settings/userRating').set(api.auth).send({ value: 'enabled' }).expect(200);
    try {
      const connection = await connectedSimulator(suite.t, company.id, 'Avaliação');
      const comercial = await suite.t.em().findOneOrFail(Queue, { name: 'Comercial' }, { filters: false });
      await suite.t
        .http()
        .put(`/api/whatsapp/${connection.id}`)
        .set(api.auth)
        .send({ queueIds: [comercial.id], ratingMessage: 'Avalie nosso atendimento' })
        .expect(200);
      const ticket = await customerWrites(suite.t, api, connection.id, '5511944440002', 'oi', 'Igor Lima');
      const admin = await suite.t.em().findOneOrFail(User, { email: DEMO_ACCOUNTS.admin.email }, { filters: false });
      await suite.t.http().put(`/api/tickets/${ticket.id}`).set(api.auth).send({ status: 'open', userId: admin.id }).expect(200);
      const closing = await suite.t.http().put(`/api/tickets/${ticket.id}`).set(api.auth).send({ status: 'closed' }).expect(200);
      expect(closing.body.ratingPending).toBe(true);

      const page = await adminPage(`/tickets/${ticket.uuid}`);
      await page.getByText('Aguardando a avaliação do cliente').waitFor({ timeout: 10000 * TIME_FACTOR });
      await page.locator('[data-chip="rating"]').first().waitFor();
      await screenshot(page, 'automation-rating-pending');
      await customerWrites(suite.t, api, connection.id, '5511944440002', '3');
      await page
        .getByText('Resolvido')
        .first()
        .waitFor({ timeout: 10000 * TIME_FACTOR });
      expect(await page.locator('[data-chip="rating"]').count()).toBe(0);
      await page.close();
    } finally {
      await suite.t.http().put('/api/settings/userRating').set(api.auth).send({ value: 'disabled' }).expect(200);
    }
  });

  it('attaches a file to a queue, and renumbers the options left after a delete', async () => {
    const page = await adminPage('/queues');
    await page.getByRole('link', { name: 'Editar Suporte' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Sem anexo').waitFor();
    await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'tabela-precos.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await dialog.getByText('enviado ao salvar').waitFor();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    const saved = await waitFor(async () => {
      const queue = await suite.t.em().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false });
      return queue.mediaName ? queue : null;
    });
    expect(saved.mediaName).toBe('tabela-precos.png');

    await page.getByRole('link', { name: 'Editar Suporte' }).click();
    dialog = page.getByRole('dialog');
    const tree = dialog.getByRole('group', { name: 'Opções do chatbot' });
    await addQueueOption(dialog, tree.getByRole('button', { name: 'Adicionar opção' }), '1', 'Hardware', 'Qual equipamento?');
    await addQueueOption(dialog, tree.getByRole('button', { name: 'Adicionar opção' }), '2', 'Software', 'Qual programa?');
    // Deleting the first option makes the second one number 1, on screen and stored.
    await dialog.getByRole('button', { name: 'Excluir Hardware' }).click();
    await page.getByRole('dialog', { name: 'Excluir a opção Hardware?' }).getByRole('button', { name: 'Ok' }).click();
    await dialog.locator('[data-option-path="1"]').getByRole('button', { name: 'Editar Software' }).waitFor();
    const left = await waitFor(async () => {
      const options = await suite.t.em().find(QueueOption, { queue: saved.id }, { filters: false });
      return options.length === 1 ? options : null;
    });
    expect(left.map((o) => [o.title, o.option])).toEqual([['Software', 1]]);

    // An option's file goes up at once.
    await dialog
      .locator('[data-option-path="1"]')
      .getByRole('button', { name: /Software/ })
      .first()
      .click();
    await dialog.locator('input[aria-label="Anexar arquivo à opção Software"]').setInputFiles({ name: 'manual.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await dialog.locator('[data-option-path="1"] [data-attachment-name="manual.png"]').waitFor();
    await waitFor(async () => (await suite.t.em().findOneOrFail(QueueOption, { title: 'Software' }, { filters: false })).mediaName === 'manual.png');
    const queueFile = dialog.locator('[data-attachment-name="tabela-precos.png"]');
    await queueFile.scrollIntoViewIfNeeded();
    await screenshot(page, 'automation-queue-attachment');

    await dialog.getByRole('button', { name: 'Remover anexo' }).first().click();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await waitFor(async () => (await suite.t.em().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false })).mediaName === null);
    await page.close();
  });

  it('adds a prompt through its dialog, lists it live and offers it to queues and connections', async () => {
    await setPlanFlags({ useOpenAi: true });
    const page = await adminPage('/prompts');
    await page.getByText('Créditos do provedor de IA').waitFor();
    await page.getByRole('link', { name: 'Adicionar Prompt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Assistente Comercial');
    await dialog.locator('textarea[name="prompt"]').first().fill('Você é um assistente de vendas cordial. Responda em português.');
    await dialog.locator('input[name="apiKey"]').fill('sk-test-0123456789abcdef');
    expect(await dialog.locator('input[name="maxTokens"]').inputValue()).toBe('100');
    expect(await dialog.locator('input[name="temperature"]').inputValue()).toBe('1');
    expect(await dialog.locator('input[name="maxMessages"]').inputValue()).toBe('10');
    // No queue yet: the form says so at submit.
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Informe o setor').waitFor();
    await chooseOption(page, dialog, 'Setor', 'Comercial');
    await screenshot(page, 'automation-prompt-dialog');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Assistente Comercial")');
    const prompt = await waitFor(() => suite.t.em().findOne(Prompt, { name: 'Assistente Comercial' }, { filters: false }));
    expect(prompt).toMatchObject({ maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' });
    expect(prompt.apiKey).toBe('sk-test-0123456789abcdef');

    // Another admin's prompt shows up without a reload.
    const queueId = (await suite.t.em().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false })).id;
    await suite.t
      .http()
      .post('/api/prompt')
      .set(api.auth)
      .send({ name: 'Assistente Suporte', prompt: 'Ajude com problemas técnicos.', apiKey: 'sk-other', queueId })
      .expect(201);
    await page.waitForSelector('tr:has-text("Assistente Suporte")', { timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'automation-prompts');

    // Editing keeps the stored key when the field stays empty.
    await page.getByRole('link', { name: 'Editar Assistente Comercial' }).click();
    const edit = page.getByRole('dialog');
    await edit
      .getByText(/Deixe em branco para manter a chave atual/)
      .first()
      .waitFor();
    await edit.locator('input[name="maxTokens"]').fill('300');
    await edit.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.waitForSelector('tr:has-text("300")');
    const edited = await suite.t.em().findOneOrFail(Prompt, { name: 'Assistente Comercial' }, { filters: false });
    expect(edited).toMatchObject({ maxTokens: 300, apiKey: 'sk-test-0123456789abcdef' });

    // The queue dialog offers the prompts.
    await page.goto(`${suite.t.baseUrl}/queues`);
    await page.getByRole('link', { name: 'Editar Comercial' }).click();
    const queueDialog = page.getByRole('dialog');
    await chooseOption(page, queueDialog, 'Prompt', 'Assistente Comercial');
    await queueDialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    const comercial = await suite.t.em().findOneOrFail(Queue, { name: 'Comercial' }, { filters: false });
    expect(comercial.prompt?.id).toBe(prompt.id);

    // So does the connection dialog.
    await page.goto(`${suite.t.baseUrl}/connections`);
    await page.getByRole('link', { name: 'Editar WhatsApp Demo' }).click();
    const connectionDialog = page.getByRole('dialog');
    await chooseOption(page, connectionDialog, 'Prompt', 'Assistente Suporte');
    await screenshot(page, 'automation-connection-prompt');
    await connectionDialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Conexão atualizada com sucesso!').waitFor();
    const demo = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    expect(demo.prompt?.id).toBe((await suite.t.em().findOneOrFail(Prompt, { name: 'Assistente Suporte' }, { filters: false })).id);
    await page.close();

    // An attendant reads the prompts but may not change them.
    const attendant = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(attendant, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await attendant.waitForSelector('a[href="/prompts"]');
    await attendant.click('a[href="/prompts"]');
    await attendant.waitForSelector('tr:has-text("Assistente Comercial")');
    expect(await attendant.getByRole('link', { name: 'Adicionar Prompt' }).count()).toBe(0);
    expect(await attendant.getByRole('link', { name: 'Editar Assistente Comercial' }).count()).toBe(0);
    expect(await attendant.getByRole('button', { name: 'Excluir Assistente Comercial' }).count()).toBe(0);
    await attendant.close();
  });

  it('adds queue integrations of each kind through the dialog and finds them by name', async () => {
    await setPlanFlags({ useIntegrations: true });
    const page = await adminPage('/queue-integration');
    await page.getByRole('link', { name: 'Adicionar integração' }).click();
    let dialog = page.getByRole('dialog');
    // Typebot is the first type offered, with its defaults.
    await dialog.locator('input[name="name"]').fill('Typebot Vendas');
    expect(await dialog.locator('input[name="typebotExpires"]').inputValue()).toBe('1');
    expect(await dialog.locator('input[name="typebotDelayMessage"]').inputValue()).toBe('1000');
    const typebotUrl = suite.typebot.url;
    await dialog.locator('input[name="urlN8N"]').fill(typebotUrl);
    await dialog.locator('input[name="typebotSlug"]').fill('vendas');
    await dialog.locator('input[name="typebotKeywordFinish"]').fill('sair');
    // The test button starts a chat with the configured bot and shows what it said.
    await dialog.getByRole('button', { name: 'Testar Bot' }).click();
    await dialog
      .getByRole('status')
      .getByText('Typebot started')
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    expect(suite.typebot.requests.at(-1)?.path).toBe('/api/v1/typebots/vendas/startChat');
    await screenshot(page, 'automation-integration-typebot');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Typebot Vendas")');

    await page.getByRole('link', { name: 'Adicionar integração' }).click();
    dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Tipo', 'WebHooks');
    await dialog.locator('input[name="name"]').fill('W');
    await dialog.locator('input[name="urlN8N"]').fill(`${suite.webhook.url}/hook`);
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.locator('input[name="name"]').fill('Webhook Pedidos');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Webhook Pedidos")');

    // Dialogflow: its own fields; the test reports a refused sign-in, then the agent's replies.
    await page.getByRole('link', { name: 'Adicionar integração' }).click();
    dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Tipo', 'DialogFlow');
    await dialog.locator('input[name="name"]').fill('Dialogflow Atendimento');
    await dialog.locator('input[name="projectName"]').fill('atendimento-demo');
    await dialog.locator('textarea[name="jsonContent"]').first().fill(suite.dialogflow.untrustedJsonContent);
    await dialog.getByRole('button', { name: 'Testar Bot' }).click();
    await dialog
      .getByRole('status')
      .getByText(/O teste falhou/)
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'automation-integration-dialogflow-error');
    await dialog.locator('textarea[name="jsonContent"]').first().fill(suite.dialogflow.jsonContent);
    suite.dialogflow.reply({ texts: ['Olá! Sou o assistente virtual.', 'Como posso ajudar?'] });
    await dialog.getByRole('button', { name: 'Testar Bot' }).click();
    await dialog
      .getByRole('status')
      .getByText('Como posso ajudar?')
      .waitFor({ timeout: 10000 * TIME_FACTOR });
    await screenshot(page, 'automation-integration-dialogflow');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Dialogflow Atendimento")');

    const stored = await suite.t.em().find(QueueIntegration, { company: company.id }, { filters: false, orderBy: { id: 'ASC' } });
    expect(stored.map((i) => [i.type, i.name, i.projectName])).toEqual([
      ['typebot', 'Typebot Vendas', 'Typebot Vendas'],
      ['webhook', 'Webhook Pedidos', 'Webhook Pedidos'],
      ['dialogflow', 'Dialogflow Atendimento', 'atendimento-demo'],
    ]);
    expect(stored[0]).toMatchObject({
      urlN8N: suite.typebot.url,
      typebotSlug: 'vendas',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: 'sair',
    });
    expect(stored[2]!.language).toBe('pt-BR');

    await page.getByPlaceholder('Pesquisar...').fill('pedidos');
    await waitFor(async () => (await page.locator('tr:has-text("Typebot Vendas")').count()) === 0, 5000);
    expect(await page.locator('tr:has-text("Webhook Pedidos")').count()).toBe(1);
    await page.getByPlaceholder('Pesquisar...').fill('');
    await page.waitForSelector('tr:has-text("Typebot Vendas")');

    // Editing loads the stored configuration.
    await page.getByRole('link', { name: 'Editar Typebot Vendas' }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.locator('input[name="typebotSlug"]').inputValue()).toBe('vendas');
    await dialog.locator('input[name="typebotDelayMessage"]').fill('2500');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Integração salva com sucesso!').waitFor();
    await waitFor(
      async () => (await suite.t.em().findOneOrFail(QueueIntegration, { name: 'Typebot Vendas' }, { filters: false })).typebotDelayMessage === 2500,
    );

    // Another admin's integration shows up live; a delete asks first.
    await suite.t
      .http()
      .post('/api/queueIntegration')
      .set(api.auth)
      .send({ type: 'n8n', name: 'N8N Estoque', urlN8N: `${suite.webhook.url}/n8n` })
      .expect(201);
    await page.waitForSelector('tr:has-text("N8N Estoque")', { timeout: 10000 * TIME_FACTOR });
    await page.getByRole('button', { name: 'Excluir N8N Estoque' }).click();
    await page.getByRole('dialog', { name: 'Excluir N8N Estoque?' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Integração excluída com sucesso!').waitFor();
    expect(await page.locator('tr:has-text("N8N Estoque")').count()).toBe(0);
    await screenshot(page, 'automation-integrations');

    // The queue dialog offers the integrations after 'Nenhum'.
    await page.goto(`${suite.t.baseUrl}/queues`);
    await page.getByRole('link', { name: 'Editar Suporte' }).click();
    const queueDialog = page.getByRole('dialog');
    await chooseOption(page, queueDialog, 'Integração', 'Typebot Vendas');
    await queueDialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    const suporte = await suite.t.em().findOneOrFail(Queue, { name: 'Suporte' }, { filters: false });
    expect(suporte.integration?.id).toBe(stored[0]!.id);
    await page.close();
  });

  it('sends users of a plan without the modules away from both pages', async () => {
    await setPlanFlags({ useOpenAi: false, useIntegrations: false });
    try {
      for (const path of ['/prompts', '/queue-integration']) {
        const page = await adminPage(path);
        await page.getByText(NO_PAGE_PERMISSION, { exact: true }).waitFor();
        await page.waitForURL(`${suite.t.baseUrl}/`, { timeout: 5000 * TIME_FACTOR });
        await page.close();
      }
      // The queue dialog still opens, with empty lists where the plan says no.
      const page = await adminPage('/queues');
      await page.getByRole('link', { name: 'Editar Comercial' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Integração' }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['Nenhum']);
      await page.keyboard.press('Escape');
      await screenshot(page, 'automation-plan-without-modules');
      await page.close();
    } finally {
      await setPlanFlags({ useOpenAi: true, useIntegrations: true });
    }
  });
});
