import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { createSuperUser } from '../../src/modules/companies/super-user.seed.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/modules/companies/demo-data.seed.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('system', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes the OpenAPI document with the API routes', async () => {
    const res = await t.http().get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/{id}', '/api/settings/{key}']));
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.http().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NOT_FOUND');
  });

  it('serves the browser app for client-side routes when it is built', async () => {
    if (!existsSync('dist/admin/index.html')) return;
    const res = await t.http().get('/users');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('allows only help videos and contact photos from elsewhere', async () => {
    const csp = (await t.http().get('/api/version')).headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('frame-src')).toBe('frame-src https://www.youtube.com https://www.youtube-nocookie.com');
    expect(directive('img-src')).toContain('https://*.whatsapp.net');
    expect(directive('script-src')).toBe("script-src 'self'");
  });

  it('seeds the demo data only into an empty database, idempotently', async () => {
    expect(await seedDemoData(t.em())).toBe(true);
    expect(await seedDemoData(t.em())).toBe(false);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await t.http().post('/api/auth/login').send(account);
      expect(res.status).toBe(200);
    }
    const admin = await t.http().post('/api/auth/login').send(DEMO_ACCOUNTS.admin);
    expect(admin.body.user.company.name).toBe('Empresa Demo');
    expect(admin.body.user.company.plan).toMatchObject({ name: 'Plano Demo', users: 10, connections: 10, queues: 10, value: 49.9 });
    expect(admin.body.user.queues.map((q: { name: string }) => q.name)).toEqual(['Comercial', 'Suporte']);
    const attendant = await t.http().post('/api/auth/login').send(DEMO_ACCOUNTS.attendant);
    expect(attendant.body.user.profile).toBe('user');
  });

  it('creates a production super user with the CLI helper', async () => {
    const user = await createSuperUser(t.em(), { email: 'Owner@Platform.example', password: 'Owner123!', name: 'Owner', companyName: 'Plataforma' });
    expect(user.super).toBe(true);
    const res = await t.http().post('/api/auth/login').send({ email: 'owner@platform.example', password: 'Owner123!' });
    expect(res.status).toBe(200);
    expect(res.body.user.super).toBe(true);
  });
});
