import { describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { DEMO_ACCOUNTS } from '../../src/modules/companies/demo-data.seed.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import type { User } from '../../src/modules/users/user.entity.js';
import { loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { demoBrowserSuite } from '../utils/demo-suite.js';
import { createUser, DEFAULT_PASSWORD, login } from '../utils/factories.js';
import { offline, openSettings, settle } from '../utils/super-browser.js';

/** The browser's zone: three hours west of UTC, where reading a UTC-midnight day as a local instant shows the day before. */
const ZONE = 'America/Sao_Paulo';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 3600 * 1000;

/** yyyy-MM-dd of today in São Paulo plus `offset` days: the days the super user's form would send. */
function spDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}
const shown = (day: string) => day.split('-').reverse().join('/');

/**
 * Billing in a São Paulo browser: due dates shown as the day set on every screen (Empresas list and its tints, the
 * expiry text, the renew page, invoices, the top bar, the subscription page, the checkout), overdue companies standing
 * out, an expired company always having an invoice to pay, and the checkout keeping its billing data.
 */
describe('billing dates and data in a São Paulo browser', () => {
  const suite = demoBrowserSuite();
  let planId: number;

  async function company(name: string, dueDate: string, extra: Record<string, unknown> = {}): Promise<{ id: number; admin: User }> {
    // Sessions are single: the super user's browser login ends an earlier API session, so sign in each time.
    const superUser = await login(suite.t, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    planId ??= (await suite.t.em().findOneOrFail(Plan, { name: 'Plano Demo' })).id;
    const res = await suite.t
      .http()
      .post('/api/companies')
      .set(superUser.auth)
      .send({ name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`, planId, dueDate, ...extra });
    if (res.status !== 201) throw new Error(`company ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    const admin = await createUser(suite.t, await suite.t.em().findOneOrFail(Company, res.body.id), 'admin');
    return { id: res.body.id, admin };
  }

  async function spPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: ZONE });
    const page = await context.newPage();
    await offline(page);
    return { context, page };
  }

  const invoicesOf = (companyId: number) => suite.t.em().find(Invoice, { company: companyId }, { filters: false });

  it('shows the due dates as set in the Empresas list, with the tints and the overdue companies standing out', async () => {
    const overdue = spDay(-10);
    const red = spDay(-4);
    const orange = spDay(2);
    const later = spDay(40);
    await company('Aurora Vencida', overdue);
    await company('Aurora Quatro Dias', red);
    await company('Aurora Laranja', orange);
    await company('Aurora Em Dia', later, { billingName: 'Aurora Comércio Ltda', addressCity: 'Campinas' });

    const { context, page } = await spPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE);
    await openSettings(page, suite.t.baseUrl, DEMO_ACCOUNTS.super.email, DEMO_ACCOUNTS.super.password);
    await page.getByRole('tab', { name: 'Empresas' }).click();
    const panel = page.getByRole('tabpanel');
    const row = (name: string) => panel.locator(`tr:has-text("${name}")`);
    await row('Aurora Vencida').waitFor();

    expect(await row('Aurora Vencida').textContent()).toContain(shown(overdue));
    expect(await row('Aurora Vencida').getAttribute('data-overdue')).toBe('true');
    await row('Aurora Vencida').getByText('Vencida há 10 dias').waitFor();
    expect(await row('Aurora Quatro Dias').textContent()).toContain(shown(red));
    expect(await row('Aurora Quatro Dias').getAttribute('data-due-tint')).toBe('red');
    expect(await row('Aurora Quatro Dias').getAttribute('data-overdue')).toBeNull();
    expect(await row('Aurora Laranja').textContent()).toContain(shown(orange));
    expect(await row('Aurora Laranja').getAttribute('data-due-tint')).toBe('orange');
    expect(await row('Aurora Em Dia').textContent()).toContain(shown(later));
    expect(await row('Aurora Em Dia').getAttribute('data-due-tint')).toBeNull();
    expect(await row('Aurora Em Dia').getAttribute('data-overdue')).toBeNull();
    // The overdue row's edge is red, the others have none.
    const edge = (name: string) => row(name).evaluate((tr) => tr.ownerDocument.defaultView?.getComputedStyle(tr).boxShadow ?? '');
    expect(await edge('Aurora Vencida')).toContain('inset');
    expect(await edge('Aurora Em Dia')).toBe('none');
    await settle(page);
    await screenshot(page, 'billing-dates-companies');

    // The form reads the same day and holds the billing data for the super user to correct.
    await row('Aurora Em Dia').click();
    expect(await panel.getByRole('textbox', { name: 'Data de Vencimento' }).inputValue()).toBe(shown(later));
    const billingName = panel.getByRole('textbox', { name: 'Titular da cobrança' });
    expect(await billingName.inputValue()).toBe('Aurora Comércio Ltda');
    await billingName.fill('Aurora Comércio e Serviços Ltda');
    await panel.getByRole('textbox', { name: 'Bairro' }).fill('Cambuí');
    await settle(page);
    await screenshot(page, 'billing-dates-company-form');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Operação realizada com sucesso!').first().waitFor();
    const saved = await waitFor(async () => {
      const stored = await suite.t.em().findOneOrFail(Company, { name: 'Aurora Em Dia' });
      return stored.addressDistrict === 'Cambuí' ? stored : undefined;
    });
    expect(saved).toMatchObject({ billingName: 'Aurora Comércio e Serviços Ltda', addressCity: 'Campinas' });
    expect(saved.dueDate?.toISOString()).toBe(`${later}T00:00:00.000Z`);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await row('Aurora Vencida').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'billing-dates-companies-phone');
    await context.close();
  });

  it("lets an expired company's admin pay the invoice issued when the date was set, keeping the billing data", async () => {
    const due = spDay(-6);
    const expired = await company('Boreal Vencida', due);
    // Issued when the super user set the date: no daily run needed.
    expect((await invoicesOf(expired.id)).map((invoice) => invoice.dueDate.toISOString())).toEqual([`${due}T00:00:00.000Z`]);

    const { context, page } = await spPage();
    await loginThroughForm(page, suite.t.baseUrl, expired.admin.email, DEFAULT_PASSWORD);
    await page.getByText(`Opss! Sua assinatura venceu ${shown(due)}. Entre em contato com o Suporte para mais informações!`).waitFor();
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await page.getByRole('heading', { name: 'Renovar assinatura' }).waitFor();
    await page
      .getByRole('alert')
      .getByText(`Opss! Sua assinatura venceu ${shown(due)}.`, { exact: false })
      .waitFor();
    const [invoice] = await invoicesOf(expired.id);
    const pay = page.getByRole('link', { name: `Pagar a fatura ${invoice!.id}` });
    await pay.waitFor();
    const invoiceRow = page.locator('tr', { has: pay });
    expect(await invoiceRow.textContent()).toContain(shown(due));
    await invoiceRow.getByText('Vencido', { exact: true }).waitFor();
    expect(await page.getByText('Não há faturas em aberto').count()).toBe(0);
    await screenshot(page, 'billing-dates-renew');

    await pay.click();
    const dialog = page.getByRole('dialog', { name: 'Falta pouco!' });
    await dialog.getByRole('button', { name: 'SELECIONAR' }).waitFor();
    // The plan step has one way forward: its card's SELECIONAR.
    expect(await dialog.getByRole('button', { name: 'PRÓXIMO' }).count()).toBe(0);
    await screenshot(page, 'billing-dates-checkout-plan');
    await dialog.getByRole('button', { name: 'VOLTAR' }).click();
    await dialog.getByLabel('Nome completo').fill('Joana Boreal');
    await dialog.getByLabel('Endereço').fill('Avenida Paulista, 1000');
    await dialog.getByLabel('Bairro').fill('Bela Vista');
    await dialog.getByLabel('Cidade').fill('São Paulo');
    await dialog.getByLabel('Estado').fill('SP');
    await dialog.getByLabel('CEP').fill('01310-100');
    await dialog.getByRole('combobox', { name: 'País' }).click();
    await page.getByRole('option', { name: 'Brasil' }).click();
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByRole('button', { name: 'SELECIONAR' }).click();
    await dialog.getByText('Resumo da assinatura').waitFor();
    const billed = dialog.getByTestId('billing-details');
    for (const text of ['Joana Boreal', 'Avenida Paulista, 1000', 'Bela Vista, São Paulo - SP', 'CEP 01310-100']) await billed.getByText(text).waitFor();
    expect(await dialog.textContent()).toContain(shown(due));
    await settle(page);
    await screenshot(page, 'billing-dates-checkout-review');
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await dialog.getByRole('button', { name: 'Copiar código QR' }).waitFor();
    const stored = await suite.t.em().findOneOrFail(Company, expired.id);
    expect(stored).toMatchObject({
      billingName: 'Joana Boreal',
      addressStreet: 'Avenida Paulista, 1000',
      addressDistrict: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
      addressZipCode: '01310-100',
    });

    // Next time, step 0 starts with what was given.
    await page.goto(`${suite.t.baseUrl}/renew/${invoice!.id}/checkout`);
    await dialog.getByRole('button', { name: 'VOLTAR' }).click();
    expect(await dialog.getByLabel('Nome completo').inputValue()).toBe('Joana Boreal');
    expect(await dialog.getByLabel('Bairro').inputValue()).toBe('Bela Vista');
    expect(await dialog.getByLabel('CEP').inputValue()).toBe('01310-100');
    await page.setViewportSize(PHONE);
    await settle(page);
    await screenshot(page, 'billing-dates-checkout-data-phone');
    await context.close();
  });

  it('issues the invoice of a company that expired without one when its renew page opens', async () => {
    const silent = await company('Cerrado Sem Fatura', spDay(60));
    // Expired behind the API's back: no event, no daily run.
    await suite.t.em().nativeUpdate(Company, { id: silent.id }, { dueDate: new Date(`${spDay(-2)}T00:00:00Z`) });
    expect(await invoicesOf(silent.id)).toHaveLength(0);

    const { context, page } = await spPage(PHONE);
    await loginThroughForm(page, suite.t.baseUrl, silent.admin.email, DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await page.getByRole('heading', { name: 'Renovar assinatura' }).waitFor();
    const issued = await waitFor(async () => (await invoicesOf(silent.id))[0]);
    await page.getByRole('link', { name: `Pagar a fatura ${issued.id}` }).waitFor();
    expect(await page.getByText('Não há faturas em aberto').count()).toBe(0);
    expect(issued.dueDate.toISOString()).toBe(`${spDay(-2)}T00:00:00.000Z`);
    await screenshot(page, 'billing-dates-renew-issued-phone');
    await context.close();
  });

  it('shows an active company the due date as set in the top bar, the invoices and the subscription page', async () => {
    const due = spDay(12);
    const active = await company('Delta Ativa', due, {
      billingName: 'Delta Serviços',
      addressStreet: 'Rua XV de Novembro, 50',
      addressCity: 'Curitiba',
      addressState: 'PR',
    });
    const [invoice] = await invoicesOf(active.id);
    expect(invoice?.dueDate.toISOString()).toBe(`${due}T00:00:00.000Z`);

    const { context, page } = await spPage();
    await loginThroughForm(page, suite.t.baseUrl, active.admin.email, DEFAULT_PASSWORD);
    await page.getByText(`Ativo até ${shown(due)}`).waitFor();
    await page.goto(`${suite.t.baseUrl}/financeiro`);
    const row = page.locator('tr', { has: page.locator(`[data-invoice-id="${invoice!.id}"]`) });
    await row.getByText('Em Aberto', { exact: true }).waitFor();
    expect(await row.textContent()).toContain(shown(due));
    await screenshot(page, 'billing-dates-invoices');

    await page.goto(`${suite.t.baseUrl}/subscription`);
    await page.getByTestId('subscription-due-date').getByText(shown(due)).waitFor();
    const billed = page.getByTestId('billing-details');
    for (const text of ['Delta Serviços', 'Rua XV de Novembro, 50', 'Curitiba - PR']) await billed.getByText(text).waitFor();
    await settle(page);
    await screenshot(page, 'billing-dates-subscription');

    await page.setViewportSize(PHONE);
    await page.goto(`${suite.t.baseUrl}/financeiro`);
    await row.getByText('Em Aberto', { exact: true }).waitFor();
    expect(await row.textContent()).toContain(shown(due));
    await screenshot(page, 'billing-dates-invoices-phone');
    await context.close();
  });
});
