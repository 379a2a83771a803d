import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addMinutes, format, startOfMinute, subMinutes } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Schedule } from '../../src/modules/schedules/schedule.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { startConnections, waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';
import { TIME_FACTOR } from '../utils/time.js';

/** The schedule goes out at the next whole minute: up to a minute of waiting, then the send. */
const SENDS_WITHIN_MS = 180_000 * TIME_FACTOR;

const TYPED = 'dd/MM/yyyy HH:mm';
/** The dialog takes whole minutes: the next minute that is at least this far ahead once the form is filled. */
const MIN_LEAD_SECONDS = 15;

/** The first whole minute at least MIN_LEAD_SECONDS ahead (so between 15 and 75 seconds away). */
const nextSendMinute = () => startOfMinute(addMinutes(new Date(Date.now() + MIN_LEAD_SECONDS * 1000), 1));

describe('schedule calendar in the browser', () => {
  const suite = demoBrowserSuite();
  const contexts: BrowserContext[] = [];
  /** A second admin for API calls: signing in through the browser would replace the demo admin's API session. */
  let admin: Session;
  let adminName: string;
  let contactId: number;
  let page: Page;

  const openSchedules = async (email: string, password: string): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const opened = await context.newPage();
    await loginThroughForm(opened, suite.t.baseUrl, email, password);
    await opened.waitForSelector('a[href="/schedules"]');
    await opened.click('a[href="/schedules"]');
    await opened.locator('.rbc-calendar').waitFor();
    return opened;
  };
  const schedule = (body: string, sendAt: Date) =>
    suite.t.http().post('/api/schedules').set(admin.auth).send({ body, sendAt: sendAt.toISOString(), contactId });
  const event = (scope: Page, text: string) => scope.locator('[data-schedule-id]', { hasText: text });

  beforeAll(async () => {
    await startConnections(suite.t);
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    const apiUser = await createUser(suite.t, company, 'admin');
    adminName = apiUser.name;
    admin = await login(suite.t, apiUser.email);
    const contact = await suite.t.http().post('/api/contacts').set(admin.auth).send({ name: 'Carla Mendes', number: '5511955551234' });
    expect(contact.status).toBe(201);
    contactId = contact.body.id;
    page = await openSchedules(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it(
    'schedules a message through the dialog and watches it go out live',
    async () => {
      for (const label of ['Mês', 'Semana', 'Dia', 'Agenda', 'Hoje']) await page.getByRole('button', { name: label, exact: true }).waitFor();
      for (const label of ['Anterior', 'Próximo']) await page.getByRole('button', { name: label }).waitFor();
      await page.getByRole('button', { name: 'Novo agendamento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
      await dialog.getByRole('combobox', { name: /^Contato/ }).fill('Carla');
      await page.getByRole('option', { name: /Carla Mendes/ }).click();
      await dialog.getByRole('combobox', { name: 'Conexão' }).click();
      await page.getByRole('option', { name: 'WhatsApp Demo' }).click();
      await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Olá {{firstName}}, seu pedido chegou!');
      await expect(dialog.getByText('{{firstName}}', { exact: true }).count()).resolves.toBe(1);

      // A time in the past is refused at the field, before any request.
      const sendAtField = dialog.getByRole('textbox', { name: /^Data de agendamento/ });
      await sendAtField.fill(format(subMinutes(new Date(), 5), TYPED));
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      await dialog.getByText('A data de agendamento deve estar no futuro').waitFor();

      const sendAt = nextSendMinute();
      await sendAtField.fill(format(sendAt, TYPED));
      await screenshot(page, 'schedule-dialog');
      await dialog.getByRole('button', { name: 'Adicionar' }).click();
      await page.getByText('Agendamento salvo com sucesso.').waitFor();
      await expect(dialog.count()).resolves.toBe(0);

      const pending = event(page, 'Carla Mendes');
      await pending.waitFor();
      expect(await pending.getAttribute('data-status')).toBe('PENDENTE');
      expect(await pending.textContent()).toContain(format(sendAt, 'HH:mm'));
      await screenshot(page, 'schedules-month-pending');

      // The server sends it at sendAt through the simulator; the calendar hears it on the socket.
      await page.locator('[data-schedule-id][data-status="ENVIADA"]', { hasText: 'Carla Mendes' }).waitFor({ timeout: 100_000 * TIME_FACTOR });
      const sent = await suite.t.em().findOneOrFail(Schedule, { body: 'Olá {{firstName}}, seu pedido chegou!' }, { filters: false });
      expect(sent.status).toBe('ENVIADA');
      expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(sendAt.getTime() - 1000);
      expect(await suite.t.em().count(Message, { body: 'Olá Carla, seu pedido chegou!', fromMe: true }, { filters: false })).toBe(1);
      await screenshot(page, 'schedules-month-sent');
    },
    SENDS_WITHIN_MS,
  );

  it('edits a pending schedule, shows a sent one read-only and deletes another', async () => {
    const inTwoHours = addMinutes(new Date(), 120);
    const reminder = await schedule('Lembrete: reunião amanhã', inTwoHours);
    const promotion = await schedule('Promoção de fim de semana', addMinutes(inTwoHours, 30));
    expect([reminder.status, promotion.status]).toEqual([201, 201]);

    // The agenda lists the next 30 days, whatever month the two hours fall in; both arrived live.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await event(page, 'Lembrete: reunião amanhã').waitFor();
    await event(page, 'Promoção de fim de semana').waitFor();
    await screenshot(page, 'schedules-agenda');

    await event(page, 'Lembrete: reunião amanhã').getByRole('button', { name: 'Editar' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar agendamento' });
    await expect(editDialog.getByRole('combobox', { name: /^Contato/ }).inputValue()).resolves.toBe('Carla Mendes');
    await expect(editDialog.getByRole('textbox', { name: /^Data de agendamento/ }).inputValue()).resolves.toBe(format(inTwoHours, TYPED));
    await editDialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Lembrete: reunião amanhã às 10h');
    await screenshot(page, 'schedule-edit-dialog');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Agendamento salvo com sucesso.').first().waitFor();
    await event(page, 'Lembrete: reunião amanhã às 10h').waitFor();
    const edited = await suite.t.http().get(`/api/schedules/${reminder.body.id}`).set(admin.auth);
    expect(edited.body).toMatchObject({ body: 'Lembrete: reunião amanhã às 10h', status: 'PENDENTE' });

    // The message sent in the first test is history: its dialog shows it, with when it went out.
    await page.getByRole('button', { name: 'Mês', exact: true }).click();
    const sentEvent = page.locator('[data-schedule-id][data-status="ENVIADA"]', { hasText: 'Carla Mendes' });
    await sentEvent.getByRole('button', { name: 'Ver' }).click();
    const viewDialog = page.getByRole('dialog', { name: 'Agendamento' });
    await viewDialog.getByText(/^Enviada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
    expect(await viewDialog.getByRole('textbox', { name: /^Mensagem/ }).isDisabled()).toBe(true);
    expect(await viewDialog.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await page.waitForTimeout(400);
    await screenshot(page, 'schedule-sent-readonly');
    await viewDialog.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await event(page, 'Promoção de fim de semana').getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: /excluir este agendamento de Carla Mendes/ });
    await confirm.getByText('Esta ação não pode ser revertida.').waitFor();
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await page.getByText('Agendamento excluído com sucesso.').waitFor();
    await waitFor(async () => (await event(page, 'Promoção de fim de semana').count()) === 0, 5000);
    expect((await suite.t.http().get(`/api/schedules/${promotion.body.id}`).set(admin.auth)).status).toBe(404);

    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    await page.locator('.rbc-time-view').waitFor();
    await screenshot(page, 'schedules-week');
  });

  it("lets an attendant read a colleague's schedule but not change it", async () => {
    const attendant = await openSchedules(DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await attendant.getByRole('button', { name: 'Agenda', exact: true }).click();
    const reminder = event(attendant, 'Lembrete: reunião amanhã às 10h');
    await reminder.waitFor();
    expect(await reminder.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await reminder.getByRole('button', { name: 'Ver' }).click();
    const viewDialog = attendant.getByRole('dialog', { name: 'Agendamento' });
    await viewDialog.getByText(`Agendado por ${adminName}`).waitFor();
    expect(await viewDialog.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await attendant.waitForTimeout(400); // the dialog's entrance
    await screenshot(attendant, 'schedules-attendant-view');
  });

  it('reads in English in the dark theme, and fits a phone', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    await context.addInitScript({ content: "localStorage.setItem('language', 'en'); localStorage.setItem('theme', 'dark');" });
    const english = await context.newPage();
    await loginThroughForm(english, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await english.waitForSelector('a[href="/schedules"]');
    await english.click('a[href="/schedules"]');
    for (const label of ['Month', 'Week', 'Day', 'Agenda', 'Today']) await english.getByRole('button', { name: label, exact: true }).waitFor();
    await english.getByText('Pending', { exact: true }).waitFor();
    await event(english, 'Carla Mendes').first().waitFor();
    await screenshot(english, 'schedules-month-en-dark');

    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(phone);
    const small = await phone.newPage();
    await loginThroughForm(small, suite.t.baseUrl, DEMO_ACCOUNTS.attendant.email, DEMO_ACCOUNTS.attendant.password);
    await small.waitForURL(/\/tickets/);
    await small.goto(`${suite.t.baseUrl}/schedules`);
    await small.getByRole('button', { name: 'Agenda', exact: true }).click();
    await event(small, 'Carla Mendes').first().waitFor();
    await screenshot(small, 'schedules-agenda-phone');
    await small.getByRole('button', { name: 'Novo agendamento' }).click();
    await small.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
    await small.waitForTimeout(400);
    await screenshot(small, 'schedule-dialog-phone');
  });

  it('sends users of a company without schedules in its plan back home', async () => {
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' }, { filters: false });
    await suite.t.em().nativeUpdate(Plan, { id: company.plan!.id }, { useSchedules: false });
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const blocked = await context.newPage();
    await loginThroughForm(blocked, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await blocked.waitForSelector('a[href="/tickets"]');
    expect(await blocked.locator('a[href="/schedules"]').count()).toBe(0);
    await blocked.goto(`${suite.t.baseUrl}/schedules`);
    await blocked.getByText('Esta empresa não possui permissão para acessar essa página!', { exact: true }).waitFor();
    await blocked.waitForURL(`${suite.t.baseUrl}/`);
    await screenshot(blocked, 'schedules-plan-denied');
  });
});
