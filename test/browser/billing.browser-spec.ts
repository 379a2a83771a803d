import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Invoice } from '../../src/modules/invoices/invoice.entity.js';
import { DEFAULT_TIME_ZONE, dayFromToday, dueDayShown } from '../../src/shared/due-date.js';
import { invoiceFor } from '../utils/billing.js';
import { launchBrowser, loginThroughForm, screenshot } from '../utils/browser.js';
import { waitFor } from '../utils/channels.js';
import { createTenant, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

const DAY_MS = 24 * 3600 * 1000;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Due dates are days, counted from today in São Paulo (the companies' zone) and shown as set.
const daysFromNow = (days: number) => dayFromToday(days, DEFAULT_TIME_ZONE);
const ddMMyyyy = dueDayShown;

/**
 * Billing in the browser (administration §Invoices, §Subscription checkout; issue 13): /financeiro with its statuses,
 * the 'Falta pouco!' stepper to the Pix screen, the sandbox payment through the dev endpoint and the renewal toast; an
 * expired company's admin paying from the login page; the trial days on /subscription.
 */
describe('billing', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** An invoice of an earlier period, written directly (the daily run only issues the current due date's). */
  async function addInvoice(tenant: TenantFixture, dueDate: Date, status: 'open' | 'paid'): Promise<Invoice> {
    const em = t.em();
    const invoice = em.create(Invoice, {
      company: em.getReference(Company, tenant.company.id),
      detail: tenant.plan.name,
      value: Number(tenant.plan.value),
      dueDate,
      status,
      paidAt: status === 'paid' ? new Date(dueDate.getTime() - DAY_MS) : null,
    });
    await em.flush();
    return invoice;
  }

  /** The sandbox provider's payment, as the test's "bank app": the real webhook path. */
  async function pay(invoiceId: number): Promise<void> {
    const secret = t.config.simulatorSecret!;
    await t
      .http()
      .post('/api/dev/payments/pay')
      .set('x-simulator-secret', secret)
      .send({ invoiceId })
      .expect((res) => {
        if (res.status >= 300) throw new Error(`pay ${invoiceId}: ${res.status} ${JSON.stringify(res.body)}`);
      });
  }

  async function newPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    return { context, page };
  }

  /** Steps 1 → 0 (Back) → validation → 0 filled → 1 → SELECIONAR → 2 → PAGAR, then the Pix screen. */
  async function orderThroughStepper(page: Page, name: string, validate: boolean): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'Falta pouco!' });
    await dialog.getByRole('button', { name: 'SELECIONAR' }).waitFor();
    await screenshot(page, `${name}-plan`);
    if (validate) {
      await dialog.getByRole('button', { name: 'VOLTAR' }).click();
      await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
      for (const text of ['O nome completo é obrigatório', 'O Endereço é obrigatório', 'Cidade é obrigatória', 'CEP é obrigatório', 'País é obrigatório']) {
        await dialog.getByText(text).waitFor();
      }
      await screenshot(page, `${name}-validation`);
      await dialog.getByLabel('Nome completo').fill('Maria da Silva');
      await dialog.getByLabel('Endereço').fill('Rua das Flores, 100');
      await dialog.getByLabel('Cidade').fill('São Paulo');
      await dialog.getByLabel('Estado').fill('SP');
      await dialog.getByLabel('CEP').fill('01001-000');
      await dialog.getByRole('combobox', { name: 'País' }).click();
      await page.getByRole('option', { name: 'Brasil' }).click();
      await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
      // The next step starts untouched: no error texts left over.
      await dialog.getByRole('button', { name: 'SELECIONAR' }).waitFor();
      expect(await dialog.getByText('O nome completo é obrigatório').count()).toBe(0);
    }
    await dialog.getByRole('button', { name: 'SELECIONAR' }).click();
    await dialog.getByText('Resumo da assinatura').waitFor();
    await screenshot(page, `${name}-review`);
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
    await dialog.getByRole('button', { name: 'Copiar código QR' }).waitFor();
    expect(await dialog.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  }

  it('lists the invoices, orders the Pix charge of one through the stepper and renews on the payment event', async () => {
    const tenant = await createTenant(t, { plan: { name: 'Plano Pro', value: 149.9, users: 5, connections: 3, queues: 4 } });
    const open = await invoiceFor(t, tenant.company.id, daysFromNow(10));
    const overdue = await addInvoice(tenant, daysFromNow(-5), 'open');
    const paid = await addInvoice(tenant, daysFromNow(-35), 'paid');
    const { context, page } = await newPage();
    await loginThroughForm(page, t.baseUrl, tenant.admin.email, tenant.password);
    await page.click('a[href="/financeiro"]');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();

    const row = (invoice: Invoice) => page.locator('tr', { has: page.locator(`[data-invoice-id="${invoice.id}"]`) });
    await row(open).getByText('Em Aberto', { exact: true }).waitFor();
    await row(overdue).getByText('Vencido', { exact: true }).waitFor();
    await row(paid).getByText('Pago', { exact: true }).waitFor();
    expect(await row(open).getByText('R$ 149,90').count()).toBe(1);
    expect(await row(paid).getByRole('button', { name: 'PAGO' }).isDisabled()).toBe(true);
    // Newest due date first; the overdue row is tinted.
    expect(await page.locator('[data-invoice-id]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-invoice-id'))))).toEqual([
      open.id,
      overdue.id,
      paid.id,
    ]);
    const tint = (invoice: Invoice) => row(invoice).evaluate((tr) => tr.ownerDocument.defaultView?.getComputedStyle(tr).backgroundColor);
    expect(await tint(overdue)).not.toBe(await tint(open));
    await screenshot(page, 'billing-invoices');

    await row(open)
      .getByRole('link', { name: `Pagar a fatura ${open.id}` })
      .click();
    await page.waitForURL(`**/financeiro/${open.id}/checkout`);
    await orderThroughStepper(page, 'billing-checkout', true);

    const dialog = page.getByRole('dialog', { name: 'Falta pouco!' });
    await dialog.getByRole('button', { name: 'Copiar código QR' }).click();
    await dialog.getByRole('button', { name: 'Copiado' }).waitFor();
    await screenshot(page, 'billing-pix');
    const code = await dialog.getByLabel('Código Pix copia e cola').inputValue();
    expect(code).toMatch(/^000201/);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(code);
    await dialog.getByRole('button', { name: 'Copiar código QR' }).waitFor({ timeout: 5000 * TIME_FACTOR });

    await pay(open.id);
    const renewed = await waitFor(async () => {
      const company = await t.em().findOneOrFail(Company, tenant.company.id, { filters: false });
      return company.dueDate && company.dueDate.getTime() > daysFromNow(30).getTime() ? company.dueDate : undefined;
    });
    const toastAt = Date.now();
    await page.getByText(`Sua licença foi renovada até ${ddMMyyyy(renewed)}!`).waitFor();
    await screenshot(page, 'billing-renewed');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 * TIME_FACTOR });
    expect(Date.now() - toastAt).toBeGreaterThan(3000);
    // The top bar's greeting shows the new due date.
    await page.getByText(`Ativo até ${ddMMyyyy(renewed)}`).waitFor();

    // The phone layout: the list and the checkout of the overdue invoice.
    await page.setViewportSize(PHONE);
    await page.goto(`${t.baseUrl}/financeiro`);
    await row(overdue).getByText('Vencido', { exact: true }).waitFor();
    await row(open).getByText('Pago', { exact: true }).waitFor();
    await screenshot(page, 'billing-invoices-phone');
    await page.goto(`${t.baseUrl}/financeiro/${overdue.id}/checkout`);
    await orderThroughStepper(page, 'billing-checkout-phone', false);
    await screenshot(page, 'billing-pix-phone');
    await context.close();
  });

  it('lets an expired company’s admin pay from the login page and sign in again', async () => {
    const tenant = await createTenant(t, { plan: { name: 'Plano Vencido', value: 89.5 } });
    const expiredOn = daysFromNow(-3);
    const invoice = await invoiceFor(t, tenant.company.id, expiredOn);
    const expiredText = `Opss! Sua assinatura venceu ${ddMMyyyy(expiredOn)}. Entre em contato com o Suporte para mais informações!`;

    // An attendant sees only the expiry text.
    const attendant = await newPage();
    await loginThroughForm(attendant.page, t.baseUrl, tenant.user.email, tenant.password);
    await attendant.page.getByText(expiredText).waitFor();
    expect(await attendant.page.getByRole('button', { name: 'Pagar agora' }).count()).toBe(0);
    await attendant.context.close();

    const { context, page } = await newPage();
    await loginThroughForm(page, t.baseUrl, tenant.admin.email, tenant.password);
    await page.getByText(expiredText).waitFor();
    await screenshot(page, 'billing-expired-login');
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await page.waitForURL('**/renew');
    await page.getByRole('heading', { name: 'Renovar assinatura' }).waitFor();
    await page.getByRole('link', { name: `Pagar a fatura ${invoice.id}` }).waitFor();
    // The billing token is this tab's only: nothing in the normal session store.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'billing-renew');

    await page.getByRole('link', { name: `Pagar a fatura ${invoice.id}` }).click();
    await orderThroughStepper(page, 'billing-renew-checkout', false);
    await pay(invoice.id);
    const renewed = await waitFor(async () => {
      const company = await t.em().findOneOrFail(Company, tenant.company.id, { filters: false });
      return company.dueDate && company.dueDate.getTime() > Date.now() ? company.dueDate : undefined;
    });
    await page.getByText(`Sua licença foi renovada até ${ddMMyyyy(renewed)}!`).waitFor();
    await screenshot(page, 'billing-renew-paid');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15000 * TIME_FACTOR });
    await page.getByText(`Sua licença foi renovada até ${ddMMyyyy(renewed)}! Entre novamente para continuar.`).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('billingSession'))).toBeNull();

    // Signing in works again.
    await page.fill('input[name="email"]', tenant.admin.email);
    await page.fill('input[name="password"]', tenant.password);
    await page.click('button[type="submit"]');
    await page.getByText(`Ativo até ${ddMMyyyy(renewed)}`).waitFor();

    // The phone layout of the expired login and the renewal page.
    const phone = await newPage(PHONE);
    const again = await createTenant(t);
    await invoiceFor(t, again.company.id, daysFromNow(-1));
    await loginThroughForm(phone.page, t.baseUrl, again.admin.email, again.password);
    await phone.page.getByRole('button', { name: 'Pagar agora' }).click();
    await phone.page.getByRole('heading', { name: 'Renovar assinatura' }).waitFor();
    await phone.page.getByText('Vencido', { exact: true }).waitFor();
    await screenshot(phone.page, 'billing-renew-phone');
    await phone.context.close();
    await context.close();
  });

  it('shows the trial days remaining, the plan, the next due date and the latest invoices on /subscription', async () => {
    const tenant = await createTenant(t, {
      plan: { name: 'Plano Teste', value: 49 },
      company: { trialExpiration: daysFromNow(3) },
    });
    const dueDate = daysFromNow(3);
    const invoice = await invoiceFor(t, tenant.company.id, dueDate);
    const { context, page } = await newPage();
    await loginThroughForm(page, t.baseUrl, tenant.admin.email, tenant.password);
    await page.click('a[href="/subscription"]');
    await page.getByRole('heading', { name: 'Assinatura' }).waitFor();
    await page.getByText(/Período de teste: restam \d+ dias/).waitFor();
    await page.locator('[data-plan-id]').getByText('Plano Teste').waitFor();
    await page
      .getByText(ddMMyyyy(daysFromNow(3)))
      .first()
      .waitFor();
    await page.getByRole('link', { name: `Pagar a fatura ${invoice.id}` }).waitFor();
    await screenshot(page, 'billing-subscription');
    await page.getByRole('link', { name: `Pagar a fatura ${invoice.id}` }).click();
    await page.waitForURL(`**/subscription/${invoice.id}/checkout`);
    await page.getByRole('dialog', { name: 'Falta pouco!' }).getByRole('button', { name: 'SELECIONAR' }).waitFor();
    await page.setViewportSize(PHONE);
    await page.goto(`${t.baseUrl}/subscription`);
    await page.getByText(/Período de teste: restam \d+ dias/).waitFor();
    await screenshot(page, 'billing-subscription-phone');
    await context.close();
  });
});
