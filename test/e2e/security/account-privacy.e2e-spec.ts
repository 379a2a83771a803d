import { createTenant, DEFAULT_PASSWORD, type TenantFixture } from '../../utils/factories.js';
import { mailTo, outboxMails } from '../../utils/outbox.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

describe('security: the public forms reveal no account', () => {
  let t: TestApp;
  let tenant: TenantFixture;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers forgot-password the same for a known and an unknown email, in both forms, and mails only the known', async () => {
    const known = tenant.user.email;
    const unknown = `ninguem-${Date.now()}@test.example`;
    const answers = [
      await t.http().post(`/api/forgetpassword/${known}`),
      await t.http().post(`/api/forgetpassword/${unknown}`),
      await t.http().post('/api/forgetpassword').send({ email: known }),
      await t.http().post('/api/forgetpassword').send({ email: unknown }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 200, message: 'Email enviado com sucesso!' });
    }
    expect((await mailTo(t, known)).text).toMatch(/[0-9a-f]{32}/);
    expect(outboxMails(t).some((m) => m.to === unknown)).toBe(false);
  });

  it('answers signup the same for a taken and a new email; the owner of the taken one is told by mail', async () => {
    const form = (email: string) => ({ name: 'Loja Curiosa', email, password: DEFAULT_PASSWORD, planId: tenant.plan.id });
    const taken = await t.http().post('/api/companies/cadastro').send(form(tenant.admin.email));
    const fresh = await t
      .http()
      .post('/api/companies/cadastro')
      .send(form(`nova-${Date.now()}@test.example`));
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect((await mailTo(t, tenant.admin.email, 'Tentativa de cadastro com o seu email')).text).toContain('Esqueci minha senha');
    // The account behind the taken email is untouched: its password still works, the form's does not matter.
    expect((await t.http().post('/api/auth/login').send({ email: tenant.admin.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('refuses bad input on the public forms with 400 naming the field', async () => {
    const bad = await t.http().post('/api/forgetpassword').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.fields)).toContain('email');
    const reset = await t.http().post('/api/resetpasswords').send({ email: tenant.user.email, token: 'short', newPassword: 'x' });
    expect(reset.status).toBe(400);
    expect(JSON.stringify(reset.body.fields)).toContain('token');
  });
});
