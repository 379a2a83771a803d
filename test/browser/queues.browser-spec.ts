import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { QueueOption } from '../../src/modules/queue-options/queue-option.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { addQueueOption } from '../utils/automation-browser.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, login, type Session } from '../utils/factories.js';

/**
 * /queues is react-admin's generated screen: List, DataTable, CreateBase/EditBase dialogs with the data and hours tabs
 * (the options tree on the queue-options resource), DeleteWithConfirmButton. The spec's queue list has no search.
 */
describe('the queues screen', () => {
  const suite = demoBrowserSuite();
  let api: Session;
  // One signed-in page and the queue it creates, through the three steps.
  let page: Page;
  let created: Queue;

  beforeAll(async () => {
    const company = await suite.t.em().findOneOrFail(Company, { name: 'Empresa Demo' });
    // A second admin drives the API, so the browser's session is not replaced by an API login.
    api = await login(suite.t, (await createUser(suite.t, company, 'admin')).email);
    // Working hours per queue: the dialog gets its 'Horários de Atendimento' tab and the out-of-hours message.
    await suite.t.http().put('/api/settings/scheduleType').set(api.auth).send({ key: 'scheduleType', value: 'queue' }).expect(200);
    page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/queues"]');
    await page.click('a[href="/queues"]');
    await page.locator('td.column-name:has-text("Comercial")').waitFor();
  });
  afterAll(() => page?.close());

  it('creates a queue after the validation errors, and shows the server refusing its name again', async () => {
    const add = page.getByRole('link', { name: 'Adicionar fila' });

    // Create, with the spec's validation first: name 2 to 50 characters, a colour.
    await add.click();
    expect(new URL(page.url()).pathname).toBe('/queues/create');
    let dialog = page.getByRole('dialog');
    await dialog.getByText('Salve a fila para adicionar as opções do chatbot.').waitFor();
    await dialog.locator('input[name="name"]').fill('C');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByText('Obrigatório').waitFor();
    await screenshot(page, 'queues-create');
    await dialog.locator('input[name="name"]').fill('Cobrança');
    await dialog
      .getByRole('button', { name: /^Usar a cor/ })
      .nth(10)
      .click();
    await dialog.locator('input[name="orderQueue"]').fill('3');
    await dialog.locator('textarea[name="greetingMessage"]').first().fill('Você está na Cobrança.');
    await dialog.locator('textarea[name="outOfHoursMessage"]').first().fill('A Cobrança atende das 9h às 18h.');
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await dialog.getByRole('textbox', { name: 'Hora inicial' }).first().fill('0900');
    await page.getByText('Clique em salvar para registar as alterações').waitFor();
    await screenshot(page, 'queues-hours');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('td.column-name:has-text("Cobrança")').waitFor();
    created = await waitFor(() => suite.t.em().fork().findOne(Queue, { name: 'Cobrança' }, { filters: false }));
    expect(created).toMatchObject({ orderQueue: 3, greetingMessage: 'Você está na Cobrança.', outOfHoursMessage: 'A Cobrança atende das 9h às 18h.' });
    expect(created.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTime: '09:00', endTime: '18:00' });

    // The same name again, sent from the hours tab: the data tab comes back with the server's refusal on the field.
    await add.click();
    dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Cobrança');
    await dialog
      .getByRole('button', { name: /^Usar a cor/ })
      .nth(12)
      .click();
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await dialog.getByText('Já existe uma fila com este nome.').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Dados da Fila' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits the queue through its dialog route: greeting, an option with a sub-option, and the hours', async () => {
    // Edit through the dialog route: the greeting, an option with a sub-option, and Friday's hours.
    await page.getByRole('link', { name: 'Editar Cobrança' }).click();
    await page.getByText('Editar fila').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/queues/${created.id}`);
    let dialog = page.getByRole('dialog');
    await dialog.locator('textarea[name="greetingMessage"]').first().fill('Bem-vindo à Cobrança.');
    const tree = dialog.getByRole('group', { name: 'Opções do chatbot' });
    await addQueueOption(dialog, tree.getByRole('button', { name: 'Adicionar opção' }), '1', 'Boletos', 'Escolha o boleto:');
    await dialog
      .locator('[data-option-path="1"]')
      .getByRole('button', { name: /Boletos/ })
      .first()
      .click();
    await addQueueOption(dialog, dialog.getByRole('button', { name: 'Adicionar sub-opção' }), '1.1', 'Segunda via', 'Enviamos por e-mail.');
    await screenshot(page, 'queues-options');
    await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
    await dialog.getByRole('textbox', { name: 'Hora final' }).nth(4).fill('1700');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('td.column-greetingMessage:has-text("Bem-vindo à Cobrança.")').waitFor();
    const edited = await waitFor(async () => {
      const queue = await suite.t.em().fork().findOneOrFail(Queue, created.id, { filters: false });
      return queue.greetingMessage === 'Bem-vindo à Cobrança.' ? queue : null;
    });
    expect(edited.schedules[4]).toMatchObject({ weekdayEn: 'friday', startTime: '08:00', endTime: '17:00' });
    const options = await suite.t
      .em()
      .fork()
      .find(QueueOption, { queue: created.id }, { filters: false, orderBy: { id: 'ASC' } });
    expect(options.map((o) => [o.title, o.option, o.parent?.id ?? null])).toEqual([
      ['Boletos', 1, null],
      ['Segunda via', 1, options[0]!.id],
    ]);

    // Reopened, the tree loads its first level from the server.
    await page.getByRole('link', { name: 'Editar Cobrança' }).click();
    dialog = page.getByRole('dialog');
    await dialog.locator('[data-option-path="1"]').getByRole('button', { name: 'Editar Boletos' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows another session’s queue live, deletes through the confirmation, and fits a phone', async () => {
    // Another session adds a queue: the list shows it without a reload (socket event → cache invalidation).
    await suite.t.http().post('/api/queue').set(api.auth).send({ name: 'Vinda do outro lado', color: '#C62828', greetingMessage: 'Olá!' }).expect(201);
    await page.locator('td.column-name:has-text("Vinda do outro lado")').waitFor();
    await screenshot(page, 'queues');

    // Delete asks first, with the queue's name.
    await page.getByRole('button', { name: 'Excluir Cobrança' }).click();
    await page.getByText('Excluir Cobrança?').waitFor();
    await page.getByText('Os atendimentos dessa fila continuarão existindo').waitFor();
    await screenshot(page, 'queues-delete');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Fila excluída com sucesso!').waitFor();
    await page.locator('td.column-name:has-text("Cobrança")').waitFor({ state: 'detached' });
    expect(await suite.t.em().fork().findOne(Queue, created.id, { filters: false })).toBeNull();

    // The phone layout of the list and of the dialog.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('td.column-name:has-text("Vinda do outro lado")').waitFor();
    await screenshot(page, 'queues-phone');
    await page.getByRole('link', { name: 'Editar Comercial' }).click();
    await page.getByRole('dialog').locator('input[name="name"]').waitFor();
    await screenshot(page, 'queues-dialog-phone');
  });
});
