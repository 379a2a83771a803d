import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTenant, createUser, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface PlanBody {
  id: number;
  name: string;
  value: number;
}

describe('plans', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let superUser: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t);
    superUser = await login(t, (await createUser(t, tenant.company, 'admin', { super: true })).email);
    admin = await login(t, tenant.admin.email);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => t.http().post('/api/plans').set(superUser.auth).send(body);
  const limits = { users: 3, connections: 2, queues: 4 };

  it('creates a plan with every flag on by default and a money text value; reads, updates and deletes it', async () => {
    const created = await create({ name: '  Básico  ', ...limits, value: '49,90', useKanban: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Básico',
      ...limits,
      value: 49.9,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
    });
    const id = created.body.id as number;
    expect((await t.http().get(`/api/plans/${id}`).set(superUser.auth)).body).toEqual(created.body);

    const updated = await t.http().put(`/api/plans/${id}`).set(superUser.auth).send({ value: 59.5, useKanban: true, useOpenAi: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Básico', value: 59.5, useKanban: true, useOpenAi: false, users: 3 });

    expect((await t.http().delete(`/api/plans/${id}`).set(superUser.auth)).status).toBe(204);
    const gone = await t.http().get(`/api/plans/${id}`).set(superUser.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_PLAN_FOUND');
  });

  it('serves the public plan list for signup, ordered by value then name, without a token', async () => {
    await create({ name: 'Zeta barato', ...limits, value: 1 });
    await create({ name: 'Alfa barato', ...limits, value: 1 });
    const res = await t.http().get('/api/plans/list');
    expect(res.status).toBe(200);
    const values = res.body.map((p: PlanBody) => p.value);
    expect(values).toEqual([...values].sort((x, y) => x - y));
    const names = res.body.map((p: PlanBody) => p.name);
    expect(names.indexOf('Alfa barato')).toBe(names.indexOf('Zeta barato') - 1);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'connections',
      'id',
      'name',
      'queues',
      'useCampaigns',
      'useExternalApi',
      'useIntegrations',
      'useInternalChat',
      'useKanban',
      'useOpenAi',
      'useSchedules',
      'users',
      'value',
    ]);
  });

  it('lists plans for super users in both dialects and as a full array', async () => {
    const spec = await t.http().get('/api/plans?searchParam=barato').set(superUser.auth);
    expect(spec.status).toBe(200);
    expect(spec.body).toMatchObject({ count: 2, hasMore: false });
    expect(spec.body.plans.map((p: PlanBody) => p.name)).toEqual(['Alfa barato', 'Zeta barato']);

    const ra = await t.http().get('/api/plans').query({ sort: '["name","DESC"]', range: '[0,0]', filter: '{"q":"barato"}' }).set(superUser.auth);
    expect(ra.body.map((p: PlanBody) => p.name)).toEqual(['Zeta barato']);
    expect(ra.headers['content-range']).toBe('plans 0-0/2');

    const all = await t.http().get('/api/plans/all').set(superUser.auth);
    expect(all.body.map((p: PlanBody) => p.id)).toContain(tenant.plan.id);
  });

  it('refuses a duplicate name with 409 and bad numbers with field errors', async () => {
    const duplicate = await create({ name: tenant.plan.name, ...limits, value: 1 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_PLAN_NAME_EXISTS');
    const rename = await t.http().put(`/api/plans/${tenant.plan.id}`).set(superUser.auth).send({ name: 'Alfa barato' });
    expect(rename.body.error).toBe('ERR_PLAN_NAME_EXISTS');

    const bad = await create({ name: '', users: -1, connections: 1.5, queues: '2', value: 'caro', useCampaigns: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['connections', 'name', 'queues', 'useCampaigns', 'users', 'value']);
    const nulls = await t.http().put(`/api/plans/${tenant.plan.id}`).set(superUser.auth).send({ name: null, value: -1 });
    expect(nulls.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'value']);
  });

  it('refuses to delete a plan a company uses', async () => {
    const res = await t.http().delete(`/api/plans/${tenant.plan.id}`).set(superUser.auth);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_PLAN_IN_USE');
  });

  it('keeps every plan route but the public list away from non-super users', async () => {
    const id = tenant.plan.id;
    for (const res of [
      await t.http().get('/api/plans').set(admin.auth),
      await t.http().get('/api/plans/all').set(admin.auth),
      await t.http().get(`/api/plans/${id}`).set(admin.auth),
      await t
        .http()
        .post('/api/plans')
        .set(admin.auth)
        .send({ name: 'Hack', ...limits, value: 0 }),
      await t.http().put(`/api/plans/${id}`).set(admin.auth).send({ users: 1000 }),
      await t.http().delete(`/api/plans/${id}`).set(admin.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});
