import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TokenService } from '../../src/authorization/token.service.js';
import { createTenant } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('health with Redis down', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on this port: the app still serves, and health reports the outage.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:6399' });
  });
  afterAll(() => t.close());

  it('answers 503 naming the failed dependency', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
  });

  it('keeps serving writes whose live event cannot be broadcast', async () => {
    const tenant = await createTenant(t);
    // No login while Redis is down: a token as the login would have issued it.
    const token = t.app.get(TokenService).signAccess({ sub: tenant.admin.id, companyId: tenant.company.id, tv: tenant.admin.tokenVersion });
    const auth = { authorization: `Bearer ${token}` };
    const created = await t.http().post('/api/tags').set(auth).send({ name: 'Urgente', color: '#ff0000' });
    expect(created.status).toBe(201);
    const listed = await t.http().get('/api/tags').set(auth);
    expect(listed.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Urgente']);
  });
});
