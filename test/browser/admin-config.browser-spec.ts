import { describe, expect, it } from '@jest/globals';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { Setting } from '../../src/modules/settings/setting.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';

describe('settings and queues in the browser', () => {
  const suite = demoBrowserSuite();

  it('saves a setting on change, shows the company hours tab and stores the week', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/settings"]');
    await page.click('a[href="/settings"]');
    expect(await page.getByRole('tab', { name: 'Horários' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Gerenciamento de Expediente' }).click();
    await page.getByRole('option', { name: 'Gerenciamento Por Empresa' }).click();
    await page.getByText('Operação atualizada com sucesso.').waitFor();
    await page.getByRole('tab', { name: 'Horários' }).click();
    const monday = page.getByRole('textbox', { name: 'Hora inicial' }).first();
    await monday.fill('0930');
    await screenshot(page, 'settings-hours');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Horários atualizados com sucesso.').waitFor();

    const em = suite.t.em();
    const setting = await em.findOneOrFail(Setting, { key: 'scheduleType' }, { filters: false });
    expect(setting.value).toBe('company');
    const company = await em.findOneOrFail(Company, { name: 'Empresa Demo' });
    expect(company.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTime: '09:30' });
    await page.close();
  });

  it('adds a queue through the dialog and lists it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginThroughForm(page, suite.t.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.waitForSelector('a[href="/queues"]');
    await page.click('a[href="/queues"]');
    await page.waitForSelector('tr:has-text("Comercial")');
    await page.getByRole('link', { name: 'Adicionar fila' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill('Financeiro');
    await dialog
      .getByRole('button', { name: /^Usar a cor/ })
      .nth(5)
      .click();
    await dialog.locator('textarea[name="greetingMessage"]').first().fill('{{ms}}, {{name}}! Você está no Financeiro.');
    await screenshot(page, 'queue-dialog');
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.waitForSelector('tr:has-text("Financeiro")');
    await screenshot(page, 'queues');
    const queue = await waitFor(() => suite.t.em().findOne(Queue, { name: 'Financeiro' }, { filters: false }));
    expect(queue.color).toMatch(/^#[0-9A-F]{6}$/);
    await page.close();
  });
});
