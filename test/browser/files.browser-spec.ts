import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { FileList } from '../../src/modules/files/file-list.entity.js';
import type { CampaignSettings } from '../../src/shared/campaigns.js';
import type { FileListResponse } from '../../src/shared/campaign-api-types.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { customerWrites } from '../utils/tickets.js';

/** A solid-colour PNG large enough to be seen in the screenshots. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const PIXEL_PNG = solidPng(160, 100, [0, 121, 107]);
const PDF = Buffer.from('%PDF-1.4 catálogo');

/** /files (react-admin's generated list with the options dialog), /campaigns-config, and a file list sent from a ticket. */
describe('file lists and campaign settings', () => {
  const suite = demoBrowserSuite();
  let page: Page;
  let admin: Session;

  beforeAll(async () => {
    // Sessions are single per user: the API calls go as a second admin, the browser as the demo admin.
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    admin = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/files"]');
  });
  afterAll(() => page?.close());

  it('creates a file list with two options and their files, after the spec’s validation', async () => {
    await page.click('a[href="/files"]');
    const add = page.getByRole('link', { name: 'Adicionar lista' });
    await add.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar lista de arquivos').first().waitFor();
    await dialog.locator('input[name="name"]').fill('ab');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('nome muito curto').waitFor();
    await dialog.getByText('Obrigatório').waitFor();

    await dialog.locator('input[name="name"]').fill('Boas-vindas');
    await dialog.locator('textarea[name="message"]').first().fill('Olá! Segue nosso material.');
    await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
    await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
    await dialog.locator('input[name="options.0.name"]').fill('Catálogo');
    await dialog.locator('input[name="options.1.name"]').fill('Foto da loja');
    const fileInputs = dialog.locator('input[type="file"]');
    await fileInputs.nth(0).setInputFiles({ name: 'catalogo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await fileInputs.nth(1).setInputFiles({ name: 'loja.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await dialog.getByText('catalogo.pdf').waitFor();
    await screenshot(page, 'files-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Lista de arquivos salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 opções (2 com arquivo)').waitFor();

    const api = await suite.t.http().get('/api/files').query({ searchParam: 'Boas' }).set(admin.auth);
    const list = api.body.files[0] as FileListResponse;
    expect(list.options.map((o) => [o.name, o.mediaName, o.mediaType])).toEqual([
      ['Catálogo', 'catalogo.pdf', 'application/pdf'],
      ['Foto da loja', 'loja.png', 'image/png'],
    ]);

    // Editing shows the stored files; a third option goes in, the first is removed.
    await page.getByRole('link', { name: 'Editar Boas-vindas' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByText('Editar lista de arquivos').waitFor();
    await edit.getByRole('link', { name: 'loja.png' }).waitFor();
    await screenshot(page, 'files-edit');
    await edit.getByRole('button', { name: 'Adicionar opção' }).click();
    await edit.locator('input[name="options.2.name"]').fill('Tabela');
    await edit.locator('input[type="file"]').nth(2).setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await edit.getByRole('button', { name: 'Remover opção' }).first().click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Lista de arquivos salva com sucesso!').waitFor();
    const edited = await waitFor(async () => {
      const body = (await suite.t.http().get(`/api/files/${list.id}`).set(admin.auth)).body as FileListResponse;
      return body.options.length === 2 && body.options[1]?.mediaName === 'tabela.png' ? body : null;
    });
    expect(edited.options.map((o) => o.name)).toEqual(['Foto da loja', 'Tabela']);

    // Another session's list shows live.
    await suite.t.http().post('/api/files').set(admin.auth).send({ name: 'Promoções', message: 'Confira!' }).expect(201);
    await page.locator('[data-file-list-id]', { hasText: 'Promoções' }).waitFor();
    await screenshot(page, 'files');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-file-list-id]', { hasText: 'Promoções' }).waitFor();
    await screenshot(page, 'files-phone');
    await page.getByRole('link', { name: 'Editar Boas-vindas' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'tabela.png' }).waitFor();
    await screenshot(page, 'files-dialog-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('edits the campaign settings: intervals, the variable shortcut and the anti-ban limits', async () => {
    await page.goto(`${suite.t.baseUrl}/campaigns-config`);
    await page.getByRole('heading', { name: 'Configurações de Campanhas' }).waitFor();
    await page.getByText('Nenhuma variável cadastrada').waitFor();

    await page.getByRole('combobox', { name: 'Intervalo randômico de disparo' }).click();
    await page.getByRole('option', { name: '10 segundos' }).click();
    await page.getByRole('combobox', { name: 'Intervalo maior após' }).click();
    await page.getByRole('option', { name: '40 mensagens' }).click();

    // The shortcut saves at once; the same key again changes nothing.
    await page.getByRole('button', { name: 'Adicionar variável' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Chave').fill('nome');
    await dialog.getByRole('button', { name: 'Adicionar variável' }).click();
    await dialog.getByText('nome, numero e email já são variáveis do contato').waitFor();
    await dialog.getByLabel('Chave').fill('empresa');
    await dialog.getByLabel('Valor').fill('Loja Central');
    await screenshot(page, 'campaigns-config-variable');
    await dialog.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByText('Variável empresa adicionada').waitFor();
    await page.locator('[data-variable-key="empresa"]').waitFor();
    await page.getByRole('button', { name: 'Adicionar variável' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Chave').fill('empresa');
    await dialog.getByLabel('Valor').fill('Outra');
    await dialog.getByRole('button', { name: 'Adicionar variável' }).click();
    await page.getByText('A variável empresa já existe: nada foi alterado.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByLabel('Limite diário por conexão').fill('300');
    await page.getByLabel('Silêncio a partir de').fill('21:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe os dois horários, ou nenhum').waitFor();
    await page.getByLabel('Silêncio até').fill('08:00');
    await page.getByLabel('Palavras de descadastro').fill('SAIR, PARAR, cancelar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas').waitFor();
    await screenshot(page, 'campaigns-config');

    const saved = (await suite.t.http().get('/api/campaign-settings').set(admin.auth)).body as CampaignSettings;
    expect(saved).toEqual({
      messageInterval: 10,
      longerIntervalAfter: 40,
      greaterInterval: 60,
      variables: [{ key: 'empresa', value: 'Loja Central' }],
      dailyCap: 300,
      quietHoursStart: '21:00',
      quietHoursEnd: '08:00',
      optOutKeywords: ['SAIR', 'PARAR', 'cancelar'],
      failurePauseThreshold: 5,
      // Untouched here: their defaults.
      optOutReply: 'Pronto! Você não receberá mais nossas campanhas.',
      confirmationWindowHours: 24,
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-variable-key="empresa"]').waitFor();
    await screenshot(page, 'campaigns-config-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('sends a file list from the ticket’s message input', async () => {
    await startConnections(suite.t);
    const connection = await suite.t.em().findOneOrFail(Whatsapp, { name: 'WhatsApp Demo' }, { filters: false });
    const ticket = await customerWrites(suite.t, admin, connection.id, '5511955550777', 'Pode me mandar o catálogo?', 'Lia Souza');
    await suite.t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: admin.userId }).expect(200);
    const list = await waitFor(() => suite.t.em().findOne(FileList, { name: 'Boas-vindas' }, { filters: false }));

    await page.goto(`${suite.t.baseUrl}/tickets/${ticket.uuid}`);
    await page.getByText('Pode me mandar o catálogo?').waitFor();
    await page.getByRole('button', { name: 'Listas de arquivos' }).click();
    await page.locator(`[role="menuitem"][data-file-list-id="${list.id}"]`).waitFor();
    // The menu has finished growing in (no transition still running on the page).
    await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): unknown[] } }).document.getAnimations().length === 0);
    await screenshot(page, 'files-ticket-picker');
    const sentByUs = () => suite.t.em().fork().count(Message, { ticket: ticket.id, fromMe: true }, { filters: false });
    const before = await sentByUs();
    await page.locator(`[role="menuitem"][data-file-list-id="${list.id}"]`).click();
    // It asks first, showing the message and each file under its option's name; cancelling sends nothing.
    const confirm = page.getByRole('dialog', { name: 'Enviar a lista "Boas-vindas"?' });
    await confirm.locator('[data-file-list-message]', { hasText: 'Olá! Segue nosso material.' }).waitFor();
    expect(await confirm.locator('[data-file-list-file]').count()).toBeGreaterThan(0);
    await screenshot(page, 'files-ticket-confirm');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await sentByUs()).toBe(before);
    await page.getByRole('button', { name: 'Listas de arquivos' }).click();
    await page.locator(`[role="menuitem"][data-file-list-id="${list.id}"]`).click();
    await confirm.getByRole('button', { name: 'Enviar', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Olá! Segue nosso material.').first().waitFor();
    await page.getByText('tabela.png').first().waitFor();
    await waitFor(async () => (await page.locator('[data-ack="3"]').count()) >= 2);
    await screenshot(page, 'files-ticket-sent');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Listas de arquivos' }).waitFor();
    await page.getByText('Olá! Segue nosso material.').first().waitFor();
    await screenshot(page, 'files-ticket-phone');
  });
});
