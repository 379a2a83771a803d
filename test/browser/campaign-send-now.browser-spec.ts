import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { CampaignSuppression } from '../../src/modules/campaigns/campaign-suppression.entity.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { contactListWith, setCampaignSettings } from '../utils/campaigns.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

const COMPANY_ZONE = 'America/Sao_Paulo';

describe('campaigns: send now, variants, confirmations and the suppression list', () => {
  const suite = demoBrowserSuite({ campaigns: { secondMs: 100 } });
  const contexts: BrowserContext[] = [];
  let admin: Session;
  let companyId: number;
  let whatsappId: number;
  let listId: number;
  let listName: string;
  let page: Page;

  const api = () => suite.t.http();
  const campaignRow = (name: string) => page.locator('tr', { has: page.locator(`[data-campaign-id]:has-text("${name}")`) });
  const statusOf = (name: string, status: string) => campaignRow(name).locator(`[data-campaign-status="${status}"]:visible`);

  beforeAll(async () => {
    await startConnections(suite.t);
    const em = suite.t.em();
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    companyId = company.id;
    whatsappId = (await em.findOneOrFail(Whatsapp, { company: company.id, name: 'WhatsApp Demo' }, { filters: false })).id;
    admin = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    await api().put('/api/settings/campaignsEnabled').set(admin.auth).send({ value: 'true' }).expect(200);
    await setCampaignSettings(suite.t, company.id, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
    });
    const list = await contactListWith(suite.t, company.id, [
      { name: 'Ana Lima', number: '5511977770001', email: 'ana@ex.com' },
      { name: 'Bruno Reis', number: '5511977770002' },
      { name: 'Carla Dias', number: '5511977770003' },
    ]);
    listId = list.id;
    listName = list.name;
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: COMPANY_ZONE });
    contexts.push(context);
    page = await context.newPage();
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('names the campaign settings entry apart from the company settings', async () => {
    await page.getByText('Campanhas', { exact: true }).click();
    const entry = page.locator('a[href="/campaigns-config"]');
    await entry.waitFor();
    expect((await entry.textContent())?.trim()).toBe('Configurações de campanha');
    await screenshot(page, 'campaign-menu');
  });

  it('marks the filled variants, previews them for a sample recipient and refuses a past schedule', async () => {
    await page.click('a[href="/campaigns"]');
    await page.getByRole('link', { name: 'Nova Campanha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Agora Sim');
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Demo' }).click();
    await dialog.getByRole('combobox', { name: 'Lista de Contatos' }).click();
    await page.getByRole('option', { name: listName }).click();
    await dialog.locator('textarea[name="message1"]').fill('Oi {nome}, ofertas da {loja}!');
    await dialog.getByRole('tab', { name: 'Msg. 3 (vazia)' }).click();
    await dialog.locator('textarea[name="message3"]').fill('Olá {nome} ({email})');
    await dialog.getByRole('tab', { name: 'Msg. 3 (preenchida)' }).waitFor();
    await dialog.getByRole('tab', { name: 'Msg. 1 (preenchida)' }).waitFor();
    expect(await dialog.locator('[data-variant-filled="true"]').count()).toBe(2);
    await dialog.getByText('2 variantes preenchidas de 5; as vazias não são enviadas.').waitFor();
    await dialog.locator('[data-variant-preview="3"]').getByText('Olá Maria Silva (maria@exemplo.com)').waitFor();
    await dialog.getByRole('tab', { name: 'Msg. 1 (preenchida)' }).click();
    await dialog.locator('[data-variant-preview="1"]').getByText('Oi Maria Silva, ofertas da Loja Centro!').waitFor();
    await dialog.getByRole('tab', { name: 'Msg. 2 (vazia)' }).click();
    await dialog.getByText('Esta variante está vazia e não será enviada.').waitFor();
    await dialog.getByRole('tab', { name: 'Msg. 1 (preenchida)' }).click();

    // Today at 00:01 has passed: refused with the way out, not sent silently.
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: COMPANY_ZONE });
    await dialog.getByRole('textbox', { name: /^Agendamento/ }).fill(`${today} 00:01`);
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Esta data já passou. Deixe o agendamento em branco e use “Enviar agora”.').waitFor();
    await screenshot(page, 'campaign-dialog-variants');
    await dialog.getByRole('textbox', { name: /^Agendamento/ }).fill('');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusOf('Agora Sim', 'INATIVA').waitFor();
  });

  it('sends an inactive campaign now after naming the list and the recipients, and the report shows each text', async () => {
    await campaignRow('Agora Sim').getByRole('button', { name: 'Enviar Agora Sim agora' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`A campanha Agora Sim será enviada agora para 3 destinatários da lista ${listName}.`).waitFor();
    await confirm.getByRole('button', { name: 'Voltar' }).waitFor();
    await screenshot(page, 'campaign-send-now-confirm');
    await confirm.getByRole('button', { name: 'Enviar agora' }).click();
    await page.getByText('Campanha iniciada').waitFor();
    await statusOf('Agora Sim', 'FINALIZADA').waitFor({ timeout: 15_000 * TIME_FACTOR });

    await campaignRow('Agora Sim').getByRole('button', { name: 'Relatório de Agora Sim' }).click();
    await page.getByRole('heading', { name: 'Relatório de Agora Sim' }).waitFor();
    await page.locator('tr[data-shipping-status="delivered"]', { hasText: 'Ana Lima' }).getByText('Oi Ana Lima, ofertas da Loja Centro!').waitFor();
    await page.locator('tr[data-shipping-status="delivered"]', { hasText: 'Bruno Reis' }).getByText('Olá Bruno Reis ()').waitFor();
    await screenshot(page, 'campaign-report-texts');
  });

  it('stops and restarts from the report page, waits for confirmations and says how many', async () => {
    const created = await api().post('/api/campaigns').set(admin.auth).send({
      name: 'Confirma',
      confirmation: true,
      message1: 'Cupom para {nome}',
      confirmationMessage1: '{nome}, quer um cupom?',
      whatsappId,
      contactListId: listId,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await page.goto(`${suite.t.baseUrl}/campaign/${id}/report`);
    await page.getByRole('heading', { name: 'Relatório de Confirma' }).waitFor();
    await page.getByRole('button', { name: 'Enviar agora' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar agora' }).click();
    // All asked, nobody answered: running, not finished, and the page says how many wait.
    const notice = page.getByText('Todos já foram contatados; 3 destinatários ainda não responderam à confirmação.', { exact: false });
    await notice.waitFor({ timeout: 15_000 * TIME_FACTOR });
    await waitFor(async () => (await page.locator('tr[data-shipping-status="awaiting"]').count()) === 3, 10_000 * TIME_FACTOR);
    await page.locator('[data-campaign-status="EM_ANDAMENTO"]').waitFor();
    await page.locator('[data-count="awaiting"] [data-count-value="3"]').waitFor();
    await page.locator('tr[data-shipping-status="awaiting"]', { hasText: 'Ana Lima' }).getByText('Confirmação: Ana Lima, quer um cupom?').waitFor();
    await screenshot(page, 'campaign-report-awaiting');

    await page.getByRole('button', { name: 'Parar', exact: true }).click();
    await page.getByText('Parar a campanha Confirma?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Voltar' }).waitFor();
    await screenshot(page, 'campaign-report-stop-confirm');
    await page.getByRole('button', { name: 'Parar campanha' }).click();
    await page.locator('[data-campaign-status="CANCELADA"]').waitFor();
    await page.getByRole('button', { name: 'Reiniciar', exact: true }).click();
    await page.getByRole('button', { name: 'Reiniciar campanha' }).click();
    await page.locator('[data-campaign-status="EM_ANDAMENTO"]').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-awaiting="3"]').waitFor();
    await screenshot(page, 'campaign-report-awaiting-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('names the campaigns that use a contact list or a file list in their delete confirmation', async () => {
    const files = await api().post('/api/files').set(admin.auth).send({ name: 'Catálogo', message: 'Nosso catálogo' }).expect(201);
    await api()
      .post('/api/campaigns')
      .set(admin.auth)
      .send({ name: 'Com arquivos', message1: 'Veja', whatsappId, contactListId: listId, fileListId: files.body.id })
      .expect(201);

    await page.goto(`${suite.t.baseUrl}/contact-lists`);
    await page.getByRole('button', { name: `Excluir ${listName}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Excluir a lista ${listName}?`).waitFor();
    await confirm.getByText('Usada pelas campanhas “Agora Sim”, “Com arquivos”, “Confirma”, que ficarão sem lista de contatos.').waitFor();
    await screenshot(page, 'contact-list-delete-used');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.goto(`${suite.t.baseUrl}/files`);
    await page.getByRole('button', { name: 'Excluir Catálogo' }).click();
    await page.getByRole('dialog').getByText('Usada pela campanha “Com arquivos”, que ficará sem lista de arquivos.').waitFor();
    await screenshot(page, 'file-list-delete-used');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  });

  it('edits the opt-out answer and manages the suppression list on the campaign settings screen', async () => {
    await page.goto(`${suite.t.baseUrl}/campaigns-config`);
    await page.getByRole('heading', { name: 'Números descadastrados' }).waitFor();
    const reply = page.locator('#campaign-setting-optOutReply');
    expect(await reply.inputValue()).toBe('Pronto! Você não receberá mais nossas campanhas.');
    await reply.fill('Tudo certo, você saiu da lista.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await waitFor(async () => (await api().get('/api/campaign-settings').set(admin.auth)).body.optOutReply === 'Tudo certo, você saiu da lista.');

    const list = page.locator('[data-suppression-list]');
    await list.getByLabel('Número', { exact: true }).fill('+55 (11) 96666-0001');
    await list.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Número adicionado à lista').waitFor();
    await list.locator('[data-suppressed="5511966660001"]').getByText('Adicionado manualmente').waitFor();
    await list.getByLabel('Número', { exact: true }).fill('12');
    await list.getByRole('button', { name: 'Adicionar' }).click();
    await list.getByText('Informe o número com DDI e DDD (8 a 50 dígitos)').waitFor();
    await list.getByLabel('Número', { exact: true }).fill('5511966660002');
    await list.getByRole('button', { name: 'Adicionar' }).click();
    await list.locator('[data-suppressed="5511966660002"]').waitFor();
    await list.getByLabel('Pesquisar número').fill('0002');
    await waitFor(async () => (await list.locator('[data-suppressed]').count()) === 1);
    await screenshot(page, 'campaign-settings-suppressions');

    const download = page.waitForEvent('download');
    await list.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await download).suggestedFilename()).toBe('descadastrados.csv');

    await list.getByRole('button', { name: 'Remover 5511966660002' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Número removido da lista').waitFor();
    await list.getByText('Nenhum número descadastrado').waitFor();
    expect(await suite.t.em().count(CampaignSuppression, { company: companyId }, { filters: false })).toBe(1);

    await list.getByLabel('Pesquisar número').fill('');
    await list.locator('[data-suppressed="5511966660001"]').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await list.locator('[data-suppressed="5511966660001"]').waitFor();
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'campaign-settings-suppressions-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
