import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { Announcement } from '../../src/modules/announcements/announcement.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, DEFAULT_PASSWORD, login } from '../utils/factories.js';
import { choose, newPtPage, seedCompany, settle } from '../utils/super-browser.js';

const ROLE_REFUSAL = 'Seu perfil de usuário não tem permissão para acessar esta página! Estamos lhe redirecionando.';

/** A small PNG banner (a horizontal gradient), so the thumbnail shows in the screenshots. */
function bannerPng(width = 320, height = 100): Buffer {
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
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([30 + Math.round((x / width) * 60), 90 + Math.round((x / width) * 100), 200], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * /announcements is react-admin's generated screen for super users (InfiniteList, DataTable, CreateBase/EditBase
 * dialog); the top-bar bell shows the active announcements to every user of every company, live.
 */
describe('announcements in the browser', () => {
  const suite = demoBrowserSuite();
  let superPage: Page;
  let attendant: Page;
  /** Another super user for API calls: signing the demo super user in again would end its browser session. */
  let otherSuper: string;
  const bell = (page: Page) => page.locator('[data-announcements-unread]');
  const unread = async (page: Page) => Number(await bell(page).getAttribute('data-announcements-unread'));
  const stored = (title: string) => suite.t.em().fork().findOne(Announcement, { title });

  beforeAll(async () => {
    // An attendant of another company, signed in before anything is published.
    const other = await seedCompany(suite.t, 'Loja Azul', 'LojaAzul');
    const user = await createUser(suite.t, other.company, 'user', { name: 'Bruno Azul' });
    otherSuper = (await createUser(suite.t, other.company, 'admin', { super: true })).email;
    attendant = await newPtPage(suite.browser);
    await loginThroughForm(attendant, suite.t.baseUrl, user.email, DEFAULT_PASSWORD);
    await bell(attendant).waitFor();
    expect(await unread(attendant)).toBe(0);

    superPage = await newPtPage(suite.browser);
    await loginThroughForm(superPage, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    await superPage.waitForSelector('a[href="/announcements"]');
    await superPage.click('a[href="/announcements"]');
    await superPage.getByText('Nenhum informativo encontrado').waitFor();
  });
  afterAll(async () => {
    await superPage?.close();
    await attendant?.close();
  });

  it('lets a super user publish an announcement with an image through the dialog', async () => {
    await superPage.getByRole('link', { name: 'Novo informativo' }).click();
    const dialog = superPage.getByRole('dialog');
    await dialog.getByText('Novo informativo').first().waitFor();
    // Title and text are required; priority starts low and status active.
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Obrigatório').first().waitFor();
    expect(await dialog.getByText('Obrigatório').count()).toBe(2);
    expect(await dialog.getByRole('combobox', { name: 'Prioridade' }).textContent()).toContain('Baixa');
    expect(await dialog.getByRole('switch', { name: /Ativo/ }).isChecked()).toBe(true);

    await choose(superPage, dialog, 'Prioridade', 'Alta');
    await dialog.locator('input[name="title"]').fill('Nova versão no ar');
    await dialog.locator('textarea[name="text"]').first().fill('Atualizamos o sistema com o kanban e as campanhas.\nRecarregue a página.');
    // Only png, jpg and jpeg are taken.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await superPage.getByText('Escolha uma imagem png, jpg ou jpeg.').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng() });
    await dialog.getByText('enviado ao salvar').waitFor();
    await settle(superPage);
    await screenshot(superPage, 'announcements-create');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await superPage.getByText('Informativo salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = superPage.locator('tr:has([data-announcement-id])', { hasText: 'Nova versão no ar' });
    await row.waitFor();
    await row.getByText('banner.png').waitFor();
    expect(await row.locator('[data-priority="1"]').textContent()).toBe('Alta');
    expect(await row.textContent()).toContain('Ativo');
    const created = await waitFor(async () => {
      const record = await stored('Nova versão no ar');
      return record?.mediaPath ? record : null;
    });
    expect(created).toMatchObject({ priority: 1, status: true, mediaName: 'banner.png' });
    await settle(superPage);
    await screenshot(superPage, 'announcements');
  });

  it("shows it live in another company's attendant bell, and clears the badge once opened", async () => {
    await waitFor(async () => (await unread(attendant)) === 1);
    await screenshot(attendant, 'announcements-bell-badge');
    await bell(attendant).click();
    const list = attendant.locator('[data-announcements-bell-list]');
    const item = list.locator('[data-announcement-item]', { hasText: 'Nova versão no ar' });
    await item.waitFor();
    await item.getByText('Recarregue a página.', { exact: false }).waitFor();
    await item.getByText('Novo', { exact: true }).waitFor();
    await item.locator('img').waitFor();
    await waitFor(() => item.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0));
    await waitFor(async () => (await unread(attendant)) === 0);
    await settle(attendant);
    await screenshot(attendant, 'announcements-bell');
    await attendant.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    // Read for this attendant only: the super user's own badge still counts it.
    expect(await unread(superPage)).toBe(1);
  });

  it('drops a switched-off announcement from the bell live, and fits a phone', async () => {
    await superPage.getByRole('link', { name: 'Editar Nova versão no ar' }).click();
    const dialog = superPage.getByRole('dialog');
    await dialog.locator('[data-attachment-name="banner.png"]').waitFor();
    await dialog.getByRole('switch', { name: /Ativo/ }).uncheck();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await superPage.getByText('Informativo salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await superPage.locator('tr', { hasText: 'Nova versão no ar' }).getByText('Inativo').waitFor();

    await attendant.setViewportSize({ width: 390, height: 844 });
    await attendant.reload();
    await bell(attendant).click();
    await attendant.getByText('Nenhum informativo no momento.').waitFor();
    await attendant.keyboard.press('Escape');

    // Published again (it stays read by this attendant) and a second one arrives: the phone's bell counts only that one.
    await superPage.getByRole('link', { name: 'Editar Nova versão no ar' }).click();
    await superPage.getByRole('dialog').getByRole('switch', { name: /Ativo/ }).check();
    await superPage.getByRole('dialog').getByRole('button', { name: 'Salvar', exact: true }).click();
    await superPage.getByRole('dialog').waitFor({ state: 'detached' });
    await suite.t
      .http()
      .post('/api/announcements')
      .set((await login(suite.t, otherSuper)).auth)
      .send({ title: 'Manutenção sábado', text: 'O sistema fica fora do ar das 22h às 23h.', priority: 2 })
      .expect(201);
    await waitFor(async () => (await unread(attendant)) === 1);
    await bell(attendant).click();
    await attendant.locator('[data-announcement-item]', { hasText: 'Manutenção sábado' }).waitFor();
    await attendant.locator('[data-announcement-item]', { hasText: 'Nova versão no ar' }).waitFor();
    await waitFor(async () => (await unread(attendant)) === 0);
    await settle(attendant);
    await screenshot(attendant, 'announcements-bell-phone');
    await attendant.keyboard.press('Escape');

    await superPage.setViewportSize({ width: 390, height: 844 });
    await superPage.reload();
    await superPage.locator('[data-announcement-id]', { hasText: 'Manutenção sábado' }).waitFor();
    await settle(superPage);
    await screenshot(superPage, 'announcements-phone');
    await superPage.getByRole('link', { name: 'Editar Manutenção sábado' }).click();
    await superPage.getByRole('dialog').locator('input[name="title"]').waitFor();
    await settle(superPage);
    await screenshot(superPage, 'announcements-dialog-phone');
    await superPage.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await superPage.setViewportSize({ width: 1440, height: 900 });
  });

  it('deletes through the confirmation, live in the bell', async () => {
    await superPage.getByRole('button', { name: 'Excluir Manutenção sábado' }).click();
    await superPage.getByText('Excluir o informativo Manutenção sábado?').waitFor();
    await settle(superPage);
    await screenshot(superPage, 'announcements-delete');
    await superPage.getByRole('button', { name: 'Confirmar' }).click();
    await superPage.getByText('Informativo excluído com sucesso!').waitFor();
    await superPage.locator('[data-announcement-id]', { hasText: 'Manutenção sábado' }).waitFor({ state: 'detached' });
    expect(await stored('Manutenção sábado')).toBeNull();
    await bell(attendant).click();
    await attendant.locator('[data-announcement-item]', { hasText: 'Nova versão no ar' }).waitFor();
    expect(await attendant.locator('[data-announcement-item]').count()).toBe(1);
    await attendant.keyboard.press('Escape');
  });

  it('sends a company admin who is not a super user away from /announcements with the notice', async () => {
    const page = await newPtPage(suite.browser);
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/tickets"]');
    expect(await page.locator('a[href="/announcements"]').count()).toBe(0);
    await page.goto(`${suite.t.baseUrl}/announcements`);
    // The role refuses it, not the plan: the notice says so.
    await page.getByText(ROLE_REFUSAL, { exact: true }).waitFor();
    await screenshot(page, 'announcements-denied');
    await page.waitForURL(`${suite.t.baseUrl}/`);
    // The admin still has the bell, with the announcement in it.
    await waitFor(async () => (await unread(page)) === 1);
    await page.close();
  });
});
