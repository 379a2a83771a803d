import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Help } from '../../src/modules/helps/help.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { choose, newPtPage, openSettings, settle } from '../utils/super-browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The settings tab `name`, its list loaded (a row with `rowText`). */
async function openTab(page: Page, name: string, rowText: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  const panel = page.getByRole('tabpanel');
  await panel.locator(`tr:has-text("${rowText}")`).waitFor();
  return panel;
}

/** Clicks the row holding `text` and waits until the form above holds that record. */
async function pick(panel: Locator, text: string, id: number): Promise<void> {
  await panel.locator(`tr:has-text("${text}")`).click();
  await panel.locator(`section[data-editing="${id}"]`).waitFor();
}

/** Excluir on the loaded record, through react-admin's confirmation with the spec's texts. */
async function deleteLoaded(page: Page, panel: Locator, name: string, shot: string): Promise<void> {
  await panel.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Exclusão de Registro' });
  await confirm.getByText(`Deseja realmente excluir "${name}"?`).waitFor();
  await settle(page);
  await screenshot(page, shot);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByText('Operação realizada com sucesso!').first().waitFor();
  await panel.locator(`tr:has-text("${name}")`).waitFor({ state: 'detached' });
  // Back to a new record.
  await panel.locator('section[data-editing="new"]').waitFor();
}

/** A phone's view of the page as it is now (and of its table further down, when it has one), then the desktop again. */
async function phoneShot(page: Page, name: string): Promise<void> {
  // Back at the top, where the app bar (hidden while scrolling down) shows again.
  await page.mouse.wheel(0, -100_000);
  // A menu open on the desktop would be a drawer over the whole page on a phone. (The toggle's name is its
  // tooltip's, which hovering hides, so its icon tells the state.)
  const openMenu = page.locator('.RaSidebarToggleButton-menuButtonIconOpen');
  if ((await openMenu.count()) > 0) await openMenu.click();
  await page.locator('.RaSidebarToggleButton-menuButtonIconClosed').waitFor();
  // No tooltip left under the pointer.
  await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 1);
  await page.setViewportSize(PHONE);
  await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
  await settle(page);
  await screenshot(page, name);
  const table = page.getByRole('tabpanel').locator('table');
  if ((await table.count()) > 0) {
    await table.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, `${name}-list`);
  }
  await page.setViewportSize(DESKTOP);
}

/** Empresas, Planos and Ajuda are react-admin's companies, plans and helps resources: inline Create/Edit form above an infinite list. */
describe('the super user’s resource tabs', () => {
  const suite = demoBrowserSuite();

  it('Planos: refuses an invalid plan, then creates, edits and deletes one', async () => {
    const page = await newPtPage(suite.browser, DESKTOP.width, DESKTOP.height);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    const panel = await openTab(page, 'Planos', 'Plano Demo');

    // The form's validators first: nothing is sent.
    await panel.getByRole('textbox', { name: 'Valor' }).fill('abc');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.getByText('Valor inválido: use o formato 49,90').waitFor();
    await panel.getByText('Obrigatório').first().waitFor();
    await settle(page);
    await screenshot(page, 'settings-resources-plans-invalid');
    // Then the server's refusal of a taken name, in the code's words.
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Plano Demo');
    await panel.getByRole('textbox', { name: 'Valor' }).fill('19,90');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Já existe um plano com este nome.').waitFor();

    await panel.getByRole('textbox', { name: 'Nome' }).fill('Plano Prata');
    await panel.getByRole('spinbutton', { name: 'Usuários' }).fill('4');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Plano Prata")').waitFor();
    const created = await waitFor(() => suite.t.em().findOne(Plan, { name: 'Plano Prata' }));
    expect(created).toMatchObject({ users: 4, connections: 0, queues: 0 });

    // Edit: a click on the row loads it into the form.
    await pick(panel, 'Plano Prata', created.id);
    expect(await panel.getByRole('textbox', { name: 'Valor' }).inputValue()).toBe('19,90');
    await panel.getByRole('spinbutton', { name: 'Conexões' }).fill('3');
    await choose(page, panel, 'Open.Ai', 'Desabilitado');
    await settle(page);
    await screenshot(page, 'settings-resources-plans-edit');
    await phoneShot(page, 'settings-resources-plans-phone');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    await panel.locator('section[data-editing="new"]').waitFor();
    const edited = await waitFor(async () => {
      const plan = await suite.t.em().findOneOrFail(Plan, created.id);
      return plan.connections === 3 ? plan : undefined;
    });
    expect(edited).toMatchObject({ name: 'Plano Prata', users: 4, useOpenAi: false, useKanban: true });

    await pick(panel, 'Plano Prata', created.id);
    await deleteLoaded(page, panel, 'Plano Prata', 'settings-resources-plans-delete');
    expect(await suite.t.em().count(Plan, { id: created.id })).toBe(0);
    await page.close();
  });

  it('Empresas: refuses an invalid company, then creates, edits and deletes one', async () => {
    const page = await newPtPage(suite.browser, DESKTOP.width, DESKTOP.height);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    const panel = await openTab(page, 'Empresas', 'Empresa Demo');

    await panel.getByRole('textbox', { name: 'Nome' }).fill('Loja Lilás');
    await panel.getByRole('textbox', { name: 'E-mail' }).fill('not an email');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.getByText('E-mail inválido').waitFor();
    await settle(page);
    await screenshot(page, 'settings-resources-companies-invalid');

    await panel.getByRole('textbox', { name: 'E-mail' }).fill('contato@lojalilas.example');
    await choose(page, panel, 'Plano', 'Plano Demo');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Loja Lilás")').waitFor();
    const created = await waitFor(() => suite.t.em().findOne(Company, { name: 'Loja Lilás' }));
    expect(created).toMatchObject({ email: 'contato@lojalilas.example', status: true, dueDate: null });

    await pick(panel, 'Loja Lilás', created.id);
    expect(await panel.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('contato@lojalilas.example');
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Loja Lilás Centro');
    await choose(page, panel, 'Status', 'Não');
    await settle(page);
    await screenshot(page, 'settings-resources-companies-edit');
    await phoneShot(page, 'settings-resources-companies-phone');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Loja Lilás Centro")').waitFor();
    const edited = await waitFor(async () => {
      const company = await suite.t.em().findOneOrFail(Company, created.id);
      return company.name === 'Loja Lilás Centro' ? company : undefined;
    });
    expect(edited.status).toBe(false);

    // The super user's own company cannot go: the code's text, and it stays.
    const own = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    await pick(panel, 'Empresa Demo', own.id);
    await panel.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Exclusão de Registro' }).getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Você não pode excluir a sua própria empresa.').waitFor();
    expect(await suite.t.em().count(Company, { id: own.id })).toBe(1);

    await pick(panel, 'Loja Lilás Centro', created.id);
    await deleteLoaded(page, panel, 'Loja Lilás Centro', 'settings-resources-companies-delete');
    expect(await suite.t.em().count(Company, { id: created.id })).toBe(0);
    await page.close();
  });

  it('Ajuda: refuses an invalid help, then creates, edits and deletes one, and the gallery follows', async () => {
    const page = await newPtPage(suite.browser, DESKTOP.width, DESKTOP.height);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    await page.getByRole('tab', { name: 'Ajuda' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Nenhuma ajuda cadastrada').waitFor();

    await panel.getByRole('textbox', { name: 'Código do Vídeo' }).fill('abc def');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.getByText('Use apenas letras, números, _ e -').waitFor();
    await panel.getByText('Obrigatório').waitFor();
    await settle(page);
    await screenshot(page, 'settings-resources-helps-invalid');

    await panel.getByRole('textbox', { name: 'Título' }).fill('Filas e chatbot');
    await panel.getByRole('textbox', { name: 'Código do Vídeo' }).fill('abc_DEF-1');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Filas e chatbot")').waitFor();
    const created = await waitFor(() => suite.t.em().findOne(Help, { title: 'Filas e chatbot' }));
    expect(created).toMatchObject({ video: 'abc_DEF-1', description: null });

    await pick(panel, 'Filas e chatbot', created.id);
    await panel.getByRole('textbox', { name: 'Título' }).fill('Filas, chatbot e horários');
    await panel.getByRole('textbox', { name: 'Descrição' }).fill('Monte o menu da fila e os horários de atendimento.');
    await settle(page);
    await screenshot(page, 'settings-resources-helps-edit');
    await phoneShot(page, 'settings-resources-helps-phone');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Filas, chatbot e horários")').waitFor();
    const edited = await waitFor(async () => {
      const help = await suite.t.em().findOneOrFail(Help, created.id);
      return help.description ? help : undefined;
    });
    expect(edited).toMatchObject({ title: 'Filas, chatbot e horários', video: 'abc_DEF-1' });

    // The gallery reads the same resource, a page at a time as its end comes into view.
    const em = suite.t.em();
    for (let index = 1; index <= 30; index += 1) em.create(Help, { title: `Vídeo ${String(index).padStart(2, '0')}` });
    await em.flush();
    await page.click('a[href="/helps"]');
    await page.getByRole('heading', { name: 'Central de Ajuda (31)' }).waitFor();
    await page.getByRole('button', { name: 'Assistir: Filas, chatbot e horários' }).waitFor();
    const cards = page.locator('[data-help-id]');
    expect(await cards.count()).toBe(24);
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 1);
    await settle(page);
    await screenshot(page, 'settings-resources-helps-gallery');
    await cards.last().scrollIntoViewIfNeeded();
    await waitFor(async () => (await cards.count()) === 31);
    await page.getByRole('button', { name: 'Assistir: Vídeo 30' }).waitFor();
    await phoneShot(page, 'settings-resources-helps-gallery-phone');
    await suite.t.em().nativeDelete(Help, { title: { $like: 'Vídeo %' } });

    await page.click('a[href="/settings"]');
    await page.getByRole('tab', { name: 'Ajuda' }).click();
    await pick(panel, 'Filas, chatbot e horários', created.id);
    await deleteLoaded(page, panel, 'Filas, chatbot e horários', 'settings-resources-helps-delete');
    await panel.getByText('Nenhuma ajuda cadastrada').waitFor();
    expect(await suite.t.em().count(Help, { id: created.id })).toBe(0);
    await page.close();
  });
});
