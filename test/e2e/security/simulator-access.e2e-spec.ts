import { spawn } from 'node:child_process';
import { connectedSimulator, drainPipeline } from '../../utils/channels.js';
import { createTenant, login, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

/** Runs the built `npm run simulate` against the test server, with the test server's data directory. */
function simulate(t: TestApp, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/src/simulate.js', ...args, '--url', t.baseUrl], {
      env: { ...process.env, DATA_DIR: t.config.dataDir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('security: the simulator needs no user login', () => {
  let t: TestApp;
  let tenant: TenantFixture;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets `npm run simulate` play the customer with the data directory secret while the admin stays logged in', async () => {
    const connection = await connectedSimulator(t, tenant.company.id);
    const admin = await login(t, tenant.admin.email);
    const run = await simulate(t, ['text', '--from', '5511933332222', '--name', 'Maria', '--connection', String(connection.id), 'Olá, quero um orçamento']);
    expect(run.out).toContain('sent to');
    expect(run.code).toBe(0);
    await drainPipeline(t);
    const [stored] = await t.em().getConnection().execute<Array<{ body: string }>>('select body from messages where whatsapp_id = ?', [connection.id]);
    expect(stored?.body).toBe('Olá, quero um orçamento');
    // The browser's session of the admin was not replaced by a login.
    const me = await t.http().get('/api/auth/me').set('authorization', `Bearer ${admin.token}`);
    expect(me.status).toBe(200);
  });

  it('refuses the phone routes without the secret or with a wrong one', async () => {
    const connection = await connectedSimulator(t, tenant.company.id);
    const body = { from: '5511933331111', body: 'oi' };
    const none = await t.http().post(`/api/dev/phone/${connection.id}/inbound`).send(body);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('ERR_SIMULATOR_SECRET');
    const wrong = await t.http().post(`/api/dev/phone/${connection.id}/inbound`).set('x-simulator-secret', 'guess').send(body);
    expect(wrong.status).toBe(401);
    // An admin's token is not the phone's credential either.
    const admin = await login(t, tenant.admin.email);
    const bearer = await t.http().get('/api/dev/phone/connections').set('authorization', `Bearer ${admin.token}`);
    expect(bearer.status).toBe(401);
  });

  it('answers 404 for a connection that is not simulated and 400 for bad input', async () => {
    const secret = t.config.simulatorSecret!;
    const missing = await t.http().post('/api/dev/phone/999999/inbound').set('x-simulator-secret', secret).send({ from: '5511933331111', body: 'oi' });
    expect(missing.status).toBe(404);
    const connection = await connectedSimulator(t, tenant.company.id);
    const bad = await t.http().post(`/api/dev/phone/${connection.id}/inbound`).set('x-simulator-secret', secret).send({ from: 42, type: 'nope' });
    expect(bad.status).toBe(400);
  });

  it('is not registered in production', async () => {
    const prod = await createTestApp({ isProduction: true, nodeEnv: 'production' });
    try {
      const res = await prod.http().get('/api/dev/phone/connections').set('x-simulator-secret', 'anything');
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
