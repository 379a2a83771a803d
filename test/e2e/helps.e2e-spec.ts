import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTenant, createUser, login, type Session } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface HelpBody {
  id: number;
  title: string;
}

describe('helps', () => {
  let t: TestApp;
  let superUser: Session;
  let admin: Session;
  let otherCompanyUser: Session;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    superUser = await login(t, (await createUser(t, tenant.company, 'admin', { super: true })).email);
    admin = await login(t, tenant.admin.email);
    otherCompanyUser = await login(t, other.user.email);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => t.http().post('/api/helps').set(superUser.auth).send(body);

  it('lets a super user create, update and delete a help video', async () => {
    const created = await create({ title: '  Primeiros passos ', description: 'Como começar', video: 'dQw4w9WgXcQ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Primeiros passos', description: 'Como começar', video: 'dQw4w9WgXcQ' });
    const id = created.body.id as number;

    const updated = await t.http().put(`/api/helps/${id}`).set(superUser.auth).send({ video: '', description: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Primeiros passos', description: null, video: null });

    expect((await t.http().delete(`/api/helps/${id}`).set(superUser.auth)).status).toBe(204);
    const gone = await t.http().get(`/api/helps/${id}`).set(superUser.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_HELP_FOUND');
  });

  it('shows the same global videos to every company, in both list dialects and as a list by title', async () => {
    await create({ title: 'Filas', video: 'abc_123-X' });
    await create({ title: 'Conexões', description: 'Ligando o WhatsApp' });

    const list = await t.http().get('/api/helps/list').set(otherCompanyUser.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((h: HelpBody) => h.title)).toEqual(['Conexões', 'Filas']);

    const spec = await t.http().get('/api/helps?searchParam=whatsapp').set(admin.auth);
    expect(spec.body).toMatchObject({ count: 1, hasMore: false, helps: [{ title: 'Conexões' }] });

    const ra = await t.http().get('/api/helps').query({ sort: '["title","DESC"]', range: '[0,0]' }).set(admin.auth);
    expect(ra.body.map((h: HelpBody) => h.title)).toEqual(['Filas']);
    expect(ra.headers['content-range']).toBe('helps 0-0/2');

    const one = await t.http().get(`/api/helps/${list.body[0].id}`).set(otherCompanyUser.auth);
    expect(one.body.title).toBe('Conexões');
  });

  it('validates title and video code with field errors', async () => {
    const bad = await create({ title: '   ', video: 'https://example.com/watch?v=1', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['extra', 'title', 'video']);
    expect((await create({ title: 'x'.repeat(201) })).status).toBe(400);
  });

  it('refuses writes from non-super users', async () => {
    const [anyHelp] = (await t.http().get('/api/helps/list').set(admin.auth)).body as HelpBody[];
    for (const res of [
      await t.http().post('/api/helps').set(admin.auth).send({ title: 'Não' }),
      await t.http().put(`/api/helps/${anyHelp!.id}`).set(admin.auth).send({ title: 'Não' }),
      await t.http().delete(`/api/helps/${anyHelp!.id}`).set(otherCompanyUser.auth),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});
