import { waitFor } from '../../utils/channels.js';
import { createTenant, DEFAULT_PASSWORD, login, type TenantFixture } from '../../utils/factories.js';
import { mailTo, outboxMails } from '../../utils/outbox.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

describe('security: request logs carry no secret', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  const written: string[] = [];
  const realWrite = process.stdout.write;

  beforeAll(async () => {
    // The first app of a file sets the process's one request logger (nestjs-pino keeps a single root): this file's.
    // pino writes to process.stdout when its write was replaced: every log line of the app lands here.
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
    t = await createTestApp({ logLevel: 'info' });
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t?.close();
    process.stdout.write = realWrite;
  });

  it("logs every request without reset codes, passwords, tokens, cookies or the path forms' addresses", async () => {
    const session = await login(t, tenant.admin.email);
    expect((await t.http().post(`/api/forgetpassword/${tenant.user.email}`)).status).toBe(200);
    const code = /: ([0-9a-f]{32})/.exec((await mailTo(t, tenant.user.email)).text)?.[1];
    expect(code).toBeDefined();
    const pathPassword = 'CaminhoSecreto123';
    expect((await t.http().post(`/api/resetpasswords/${tenant.user.email}/${code}/${pathPassword}?via=${code}`)).status).toBe(200);
    const before = outboxMails(t).length;
    expect((await t.http().post('/api/forgetpassword').send({ email: tenant.user.email })).status).toBe(200);
    const secondMail = await waitFor(
      () =>
        outboxMails(t)
          .filter((m) => m.to === tenant.user.email)
          .find((m) => !m.text.includes(code!)),
      10_000 * TIME_FACTOR,
    );
    expect(outboxMails(t).length).toBeGreaterThan(before);
    const second = /: ([0-9a-f]{32})/.exec(secondMail.text)?.[1];
    const bodyPassword = 'CorpoSecreto123';
    expect((await t.http().post('/api/resetpasswords').send({ email: tenant.user.email, token: second, newPassword: bodyPassword })).status).toBe(200);
    const created = await t
      .http()
      .post('/api/users')
      .set(session.auth)
      .send({ name: 'Pessoa Nova', email: `nova-log-${Date.now()}@test.example`, password: 'CriadaSecreta123' });
    expect(created.status).toBe(201);
    expect((await t.http().put(`/api/users/${created.body.id}`).set(session.auth).send({ password: 'TrocadaSecreta123' })).status).toBe(200);
    expect((await t.http().post('/api/auth/refresh_token').set('Cookie', session.cookie)).status).toBe(200);

    // The lines were written (the logger is on) and name the routes, with the secret segments hidden.
    const log = await waitFor(() => (written.join('').includes('/api/auth/refresh_token') ? written.join('') : undefined), 5000 * TIME_FACTOR);
    expect(log).toContain('/api/resetpasswords/[redacted]');
    expect(log).toContain('/api/forgetpassword/[redacted]');
    for (const secret of [
      code!,
      second!,
      pathPassword,
      bodyPassword,
      DEFAULT_PASSWORD,
      'CriadaSecreta123',
      'TrocadaSecreta123',
      session.token,
      session.cookie.replace(/^jrt=/, ''),
      tenant.user.email,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
