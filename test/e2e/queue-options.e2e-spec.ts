import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface OptionBody {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
}

describe('queue options', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/queue-options').set(session.auth).send(body);
  const level = async (session: Session, queueId: number, parentId?: number): Promise<OptionBody[]> => {
    const res = await t
      .http()
      .get('/api/queue-options')
      .query({ queueId, ...(parentId !== undefined ? { parentId } : {}) })
      .set(session.auth);
    expect(res.status).toBe(200);
    return res.body as OptionBody[];
  };

  it('builds a tree level by level, numbering new options after their siblings, readable by every profile', async () => {
    const queueId = a.queues[0]!.id;
    const first = await create(adminA, { queueId, parentId: -1, title: '  Vendas  ', message: 'Fale com vendas' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: 'Vendas', message: 'Fale com vendas', option: 1, queueId, parentId: null, mediaPath: null, mediaName: null });
    const second = await create(adminA, { queueId, parentId: null, title: 'Suporte' });
    expect(second.body).toMatchObject({ option: 2, message: '' });
    const child = await create(adminA, { queueId, parentId: first.body.id, title: 'Orçamento', message: 'x' });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ option: 1, parentId: first.body.id });

    expect((await level(userA, queueId)).map((o) => o.title)).toEqual(['Vendas', 'Suporte']);
    expect((await level(userA, queueId, -1)).map((o) => o.id)).toEqual([first.body.id, second.body.id]);
    expect((await level(userA, queueId, first.body.id)).map((o) => o.title)).toEqual(['Orçamento']);
    expect(await level(userA, a.queues[1]!.id)).toEqual([]);

    const updated = await t.http().put(`/api/queue-options/${second.body.id}`).set(adminA.auth).send({ title: 'Suporte técnico', option: 5 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: second.body.id, title: 'Suporte técnico', option: 5, message: '' });
  });

  it('deletes a subtree and renumbers the remaining siblings from 1', async () => {
    const queueId = a.queues[1]!.id;
    const ids: number[] = [];
    for (const title of ['Um', 'Dois', 'Três', 'Quatro']) ids.push((await create(adminA, { queueId, title })).body.id);
    const child = (await create(adminA, { queueId, parentId: ids[1], title: 'Filho' })).body as OptionBody;
    const grandchild = (await create(adminA, { queueId, parentId: child.id, title: 'Neto' })).body as OptionBody;

    expect((await t.http().delete(`/api/queue-options/${ids[1]}`).set(adminA.auth)).status).toBe(204);
    const remaining = await level(adminA, queueId);
    expect(remaining.map((o) => [o.title, o.option])).toEqual([
      ['Um', 1],
      ['Três', 2],
      ['Quatro', 3],
    ]);
    for (const id of [child.id, grandchild.id]) {
      const gone = await t.http().put(`/api/queue-options/${id}`).set(adminA.auth).send({ title: 'x' });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    }
  });

  it('stores an attachment from a multipart upload and removes it', async () => {
    const option = (await create(adminA, { queueId: a.queues[0]!.id, title: 'Com anexo' })).body as OptionBody;
    const upload = () =>
      t
        .http()
        .post(`/api/queue-options/${option.id}/media-upload`)
        .set(adminA.auth)
        .attach('file', Buffer.from('%PDF-1.4 teste'), { filename: 'catálogo.pdf', contentType: 'application/pdf' });
    const res = await upload();
    expect(res.status).toBe(200);
    expect(res.body.mediaName).toBe('catálogo.pdf');
    expect(res.body.mediaPath).toMatch(new RegExp(`^company${a.company.id}/`));
    const missing = await t.http().post(`/api/queue-options/${option.id}/media-upload`).set(adminA.auth);
    expect(missing.status).toBe(400);
    const cleared = await t.http().delete(`/api/queue-options/${option.id}/media-upload`).set(adminA.auth);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('validates the payload and the query', async () => {
    const bad = await create(adminA, { queueId: 'x', parentId: -2, title: '', option: 0, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['extra', 'option', 'parentId', 'queueId', 'title']);
    const long = await create(adminA, { queueId: a.queues[0]!.id, title: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    const noQueue = await t.http().get('/api/queue-options').set(adminA.auth);
    expect(noQueue.status).toBe(400);
  });

  it('lets only admins write', async () => {
    const res = await create(userA, { queueId: a.queues[0]!.id, title: 'Proibido' });
    expect(res.status).toBe(403);
  });

  it('answers 404 for another company’s queue or option', async () => {
    const mine = (await create(adminA, { queueId: a.queues[0]!.id, title: 'Privada' })).body as OptionBody;
    const foreignQueue = await create(adminB, { queueId: a.queues[0]!.id, title: 'Invasora' });
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.error).toBe('ERR_NO_QUEUE_FOUND');
    const list = await t.http().get('/api/queue-options').query({ queueId: a.queues[0]!.id }).set(adminB.auth);
    expect(list.status).toBe(404);
    const foreignParent = await create(adminB, { queueId: b.queues[0]!.id, parentId: mine.id, title: 'Invasora' });
    expect(foreignParent.status).toBe(404);
    expect(foreignParent.body.error).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    for (const res of [
      await t.http().put(`/api/queue-options/${mine.id}`).set(adminB.auth).send({ title: 'Tomada' }),
      await t.http().delete(`/api/queue-options/${mine.id}`).set(adminB.auth),
      await t.http().post(`/api/queue-options/${mine.id}/media-upload`).set(adminB.auth).attach('file', Buffer.from('x'), 'a.txt'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    }
    expect((await level(adminA, a.queues[0]!.id)).find((o) => o.id === mine.id)?.title).toBe('Privada');
  });
});
