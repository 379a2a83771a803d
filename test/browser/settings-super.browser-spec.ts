import { describe, expect, it } from '@jest/globals';
import { addMonths, format } from 'date-fns';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Help } from '../../src/modules/helps/help.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { DEFAULT_TIME_ZONE, dayFromToday, dueDayText } from '../../src/shared/due-date.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { choose, newPtPage, offline, openSettings, seedCompany, settle } from '../utils/super-browser.js';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const day = (date: Date) => format(date, 'dd/MM/yyyy');

describe('super user settings and the help gallery in the browser', () => {
  const suite = demoBrowserSuite();

  it('lets a super user create a plan, a company on it, renew its due date, add a user to it and add a help video', async () => {
    const page = await newPtPage(suite.browser);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    const panel = page.getByRole('tabpanel');

    // Planos
    await page.getByRole('tab', { name: 'Planos' }).click();
    await panel.locator('tr:has-text("Plano Demo")').waitFor();
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Plano Ouro');
    await panel.getByRole('spinbutton', { name: 'Usuários' }).fill('5');
    await panel.getByRole('spinbutton', { name: 'Conexões' }).fill('2');
    await panel.getByRole('spinbutton', { name: 'Filas' }).fill('3');
    await panel.getByRole('textbox', { name: 'Valor' }).fill('99,90');
    await choose(page, panel, 'Kanban', 'Desabilitado');
    await settle(page);
    await screenshot(page, 'settings-plans-form');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    const planRow = panel.locator('tr:has-text("Plano Ouro")');
    await planRow.waitFor();
    expect(await planRow.textContent()).toContain('R$');
    expect(await planRow.textContent()).toContain('99,90');
    const plan = await waitFor(() => suite.t.em().findOne(Plan, { name: 'Plano Ouro' }));
    expect(plan).toMatchObject({ users: 5, connections: 2, queues: 3, useKanban: false, useCampaigns: true });
    expect(Number(plan.value)).toBe(99.9);
    await settle(page);
    await screenshot(page, 'settings-plans');

    // Empresas: the required fields are checked before anything is sent.
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await panel.locator('tr:has-text("Empresa Demo")').waitFor();
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.getByText('Obrigatório').first().waitFor();
    expect(await panel.getByText('Obrigatório').count()).toBeGreaterThanOrEqual(3);
    await settle(page);
    await screenshot(page, 'settings-companies-required');

    // Five days after today in São Paulo, the company's zone (where the tint counts), as a local calendar date.
    const [year, month, date] = dueDayText(dayFromToday(5, DEFAULT_TIME_ZONE)).split('-').map(Number) as [number, number, number];
    const dueInFive = new Date(year, month - 1, date);
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Loja Azul');
    await panel.getByRole('textbox', { name: 'E-mail' }).fill('contato@lojaazul.example');
    await panel.getByRole('textbox', { name: 'Telefone' }).fill('(21) 98888-7777');
    await choose(page, panel, 'Plano', 'Plano Ouro');
    await choose(page, panel, 'Campanhas', 'Desabilitadas');
    await panel.getByRole('textbox', { name: 'Data de Vencimento' }).fill(day(dueInFive));
    await panel.getByRole('button', { name: 'Salvar' }).click();
    const companyRow = panel.locator('tr:has-text("Loja Azul")');
    await companyRow.waitFor();
    // Due in exactly 5 days: the yellow band.
    expect(await companyRow.getAttribute('data-due-tint')).toBe('yellow');
    expect(await companyRow.textContent()).toContain(day(dueInFive));
    expect(await companyRow.textContent()).toContain('(21) 98888-7777');
    await settle(page);
    await screenshot(page, 'settings-companies');

    // '+ Vencimento' moves the form's date a month on; Salvar stores it and the tint goes.
    await companyRow.click();
    const dueDate = panel.getByRole('textbox', { name: 'Data de Vencimento' });
    expect(await dueDate.inputValue()).toBe(day(dueInFive));
    await panel.getByRole('button', { name: '+ Vencimento' }).click();
    const renewed = addMonths(dueInFive, 1);
    expect(await dueDate.inputValue()).toBe(day(renewed));
    await settle(page);
    await screenshot(page, 'settings-company-renew');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await companyRow.filter({ hasText: day(renewed) }).waitFor();
    expect(await companyRow.getAttribute('data-due-tint')).toBeNull();
    const company = await waitFor(() => suite.t.em().findOne(Company, { name: 'Loja Azul' }));
    expect(company.dueDate?.toISOString()).toBe(`${iso(renewed)}T00:00:00.000Z`);
    expect(company).toMatchObject({ email: 'contato@lojaazul.example', phone: '21988887777', recurrence: 'MENSAL', status: true });
    expect(company.plan?.id).toBe(plan.id);

    // Usuário lists that company's users (none yet) and adds one.
    await companyRow.click();
    await panel.getByRole('button', { name: 'Usuário' }).click();
    const users = page.getByRole('dialog', { name: 'Usuários de Loja Azul' });
    await users.getByText('Nenhum usuário encontrado').waitFor();
    await users.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar usuário em Loja Azul' });
    await dialog.locator('input[name="name"]').fill('Bruna Azul');
    await dialog.locator('input[name="email"]').fill('bruna@lojaazul.example');
    await dialog.locator('input[name="password"]').fill('Bruna123');
    await choose(page, dialog, 'Perfil', 'Admin');
    await settle(page);
    await screenshot(page, 'settings-company-user');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await users.locator('tr:has-text("bruna@lojaazul.example")').waitFor();
    const user = await waitFor(() => suite.t.em().findOne(User, { email: 'bruna@lojaazul.example' }, { filters: false }));
    expect(user.company.id).toBe(company.id);
    expect(user.profile).toBe('admin');
    await users.getByRole('button', { name: 'Fechar' }).click();
    await users.waitFor({ state: 'detached' });

    // Excluir asks first; a plan a company uses is refused with the code's text.
    await page.getByRole('tab', { name: 'Planos' }).click();
    await panel.locator('tr:has-text("Plano Ouro")').click();
    await panel.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Exclusão de Registro' });
    await confirm.getByText('Deseja realmente excluir "Plano Ouro"?').waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Este plano está em uso por uma ou mais empresas.').waitFor();
    expect(await suite.t.em().count(Plan, { name: 'Plano Ouro' })).toBe(1);

    // Ajuda
    await page.getByRole('tab', { name: 'Ajuda' }).click();
    await panel.getByText('Nenhuma ajuda cadastrada').waitFor();
    await panel.getByRole('textbox', { name: 'Código do Vídeo' }).fill('not a code!');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.getByText('Use apenas letras, números, _ e -').waitFor();
    await panel.getByRole('textbox', { name: 'Título' }).fill('Primeiros passos');
    await panel.getByRole('textbox', { name: 'Código do Vídeo' }).fill('dQw4w9WgXcQ');
    await panel.getByRole('textbox', { name: 'Descrição' }).fill('Como conectar o WhatsApp e atender o primeiro cliente.');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await panel.locator('tr:has-text("Primeiros passos")').waitFor();
    await settle(page);
    await screenshot(page, 'settings-helps');
    const help = await waitFor(() => suite.t.em().findOne(Help, { title: 'Primeiros passos' }));
    expect(help).toMatchObject({ video: 'dQw4w9WgXcQ', description: 'Como conectar o WhatsApp e atender o primeiro cliente.' });
    await page.close();
  });

  it('lets a super user edit a user of another company with that company’s queues and connections', async () => {
    const verde = await seedCompany(suite.t, 'Loja Verde', 'Verde');
    const page = await newPtPage(suite.browser);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    const panel = page.getByRole('tabpanel');
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await panel.locator('tr:has-text("Loja Verde")').click();
    await panel.getByRole('button', { name: 'Usuário' }).click();

    // Only that company's users are listed.
    const users = page.getByRole('dialog', { name: 'Usuários de Loja Verde' });
    const row = users.locator(`tr[data-user-id="${verde.user.id}"]`);
    await row.waitFor();
    expect(await users.locator('tbody tr[data-user-id]').count()).toBe(1);
    expect(await users.textContent()).not.toContain('Administrador');
    await settle(page);
    await screenshot(page, 'settings-company-users');

    await row.getByRole('button', { name: 'Editar Carla Verde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário de Loja Verde' });
    const name = dialog.locator('input[name="name"]');
    await waitFor(async () => (await name.inputValue()) === 'Carla Verde');
    await name.fill('Carla Souza');

    // The selects offer that company's queues and connections, not the super user's own.
    await dialog.getByRole('combobox', { name: 'Filas' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Vendas Verde']);
    await options.first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByRole('combobox', { name: 'Conexão Padrão' }).click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['Nenhuma', 'WhatsApp Verde']);
    await page.getByRole('option', { name: 'WhatsApp Verde', exact: true }).click();
    await settle(page);
    await screenshot(page, 'settings-company-user-edit');

    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Carla Souza' }).waitFor();
    const saved = await suite.t.em().findOneOrFail(User, verde.user.id, { filters: false, populate: ['queues'] });
    expect(saved).toMatchObject({ name: 'Carla Souza', whatsappId: verde.connection.id, profile: 'admin' });
    expect(saved.company.id).toBe(verde.company.id);
    expect(saved.queues.getItems().map((queue) => queue.id)).toEqual([verde.queue.id]);
    await page.close();
  });

  it('does not show the super user tabs to an ordinary admin', async () => {
    const page = await newPtPage(suite.browser, 1366, 800);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Opções']);
    for (const name of ['Empresas', 'Planos', 'Ajuda']) expect(await page.getByRole('tab', { name }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'settings-admin-tabs');
    await page.close();
  });

  it('shows the help entry in the gallery and plays it in a dialog that Escape closes', async () => {
    const page = await newPtPage(suite.browser, 1366, 800);
    await offline(page);
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/helps"]');
    await page.click('a[href="/helps"]');
    await page.getByRole('heading', { name: 'Central de Ajuda (1)' }).waitFor();
    const card = page.getByRole('button', { name: 'Assistir: Primeiros passos' });
    await card.getByText('Como conectar o WhatsApp').waitFor();
    await settle(page);
    await screenshot(page, 'helps-gallery');

    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Primeiros passos' });
    const player = dialog.locator('iframe[title="Vídeo: Primeiros passos"]');
    expect(await player.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    await settle(page);
    await screenshot(page, 'helps-video');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});
