import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Session, twoTenants } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';

/** The fields a 400 names. */
const fieldsOf = (res: { status: number; body: { error?: string; fields?: Array<{ field: string }> } }) => {
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('ERR_VALIDATION');
  return (res.body.fields ?? []).map((f) => f.field);
};

describe('security: bad input gets 400 with the field named', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ adminA: admin } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, string>) => t.http().get(path).query(query).set(admin.auth);
  const post = (path: string, body: unknown) =>
    t
      .http()
      .post(path)
      .set(admin.auth)
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  it('refuses NUL characters in the query and in the body', async () => {
    expect(fieldsOf(await get('/api/users', { searchParam: 'ana\u0000' }))).toEqual(['searchParam']);
    expect(fieldsOf(await post('/api/contacts', { name: 'Ana\u0000', number: '5511999990000' }))).toEqual(['name']);
    expect(fieldsOf(await post('/api/contacts', { name: 'Ana', number: '5511999990000', extraInfo: [{ name: 'cpf', value: '1\u00002' }] }))).toEqual([
      'extraInfo[0].value',
    ]);
    expect(fieldsOf(await get('/api/tags', { filter: '{"q":"a\\u0000b"}' }))).toEqual(['filter.q']);
  });

  it('refuses prototype names as sort or filter keys, in both list dialects and in bodies', async () => {
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect(fieldsOf(await get('/api/users', { sort: `["${key}","ASC"]` }))).toEqual(['sort']);
      expect(fieldsOf(await get('/api/tags', { filter: `{"${key}":1}` }))).toEqual(['filter']);
    }
    expect(fieldsOf(await post('/api/tags', '{"name":"VIP","color":"#111111","__proto__":{"super":true}}'))).toEqual(['__proto__']);
    expect(fieldsOf(await post('/api/tags', { name: 'VIP', color: '#111111', constructor: { prototype: { x: 1 } } }))).toEqual(['constructor']);
  });

  it('refuses numbers outside the column range', async () => {
    expect(fieldsOf(await get('/api/users', { range: '[1e20,1e20]' }))).toEqual(['range']);
    expect(fieldsOf(await get('/api/users', { pageNumber: '99999999999999999999' }))).toEqual(['pageNumber']);
    expect(fieldsOf(await get('/api/tags', { filter: '{"id":1e20}' }))).toEqual(['filter.id']);
    expect(fieldsOf(await post('/api/ticket-notes', { note: 'nota', ticketId: 1e20, contactId: 1 }))).toEqual(['ticketId']);
    expect(fieldsOf(await t.http().get('/api/tickets/99999999999').set(admin.auth))).toEqual(['id']);
    expect(fieldsOf(await get('/api/schedules', { contactId: '1e20' }))).toEqual(['contactId']);
  });

  it('reads path ids strictly: digits only, no sign, space, prefix, exponent or leading zero, within int4', async () => {
    const tag = (await post('/api/tags', { name: 'Ids estritos', color: '#123456' })).body as { id: number };
    const lenient = [`%20${tag.id}`, `${tag.id}%20`, `0x${tag.id.toString(16)}`, `${tag.id}e0`, `0${tag.id}`, `%2B${tag.id}`, `-${tag.id}`, `${tag.id}.0`];
    for (const id of [...lenient, '0', '-1', '1e1', '01', '1.0', '0x10', '99999999999', '2147483648']) {
      const res = await t.http().delete(`/api/tags/${id}`).set(admin.auth);
      expect([id, fieldsOf(res)]).toEqual([id, ['id']]);
      expect([id, (await t.http().put(`/api/tags/${id}`).set(admin.auth).send({ name: 'Trocada' })).status]).toEqual([id, 400]);
    }
    // Untouched by every spelling of its id; its own id still reaches it, an absent one in range is 404.
    const stored = await t.http().get(`/api/tags/${tag.id}`).set(admin.auth);
    expect([stored.status, stored.body.name]).toEqual([200, 'Ids estritos']);
    expect((await t.http().delete('/api/tags/2147483647').set(admin.auth)).status).toBe(404);
    // Every id parameter, whatever its name.
    expect(fieldsOf(await t.http().delete('/api/whatsapp/%201').set(admin.auth))).toEqual(['id']);
    expect(fieldsOf(await t.http().get('/api/contact-lists/0x10').set(admin.auth))).toEqual(['id']);
    expect(fieldsOf(await t.http().get('/api/messages/1e1').set(admin.auth))).toEqual(['ticketId']);
    expect(fieldsOf(await t.http().post('/api/messages/1/file-list/01').set(admin.auth))).toEqual(['fileListId']);
  });

  it('refuses impossible dates', async () => {
    expect(fieldsOf(await get('/api/tickets', { date: '2026-13-45' }))).toEqual(['date']);
    expect(fieldsOf(await get('/api/tickets', { updatedAt: '2026-02-30' }))).toEqual(['updatedAt']);
    expect(fieldsOf(await get('/api/dashboard/ticketsDay', { initialDate: '275760-09-14', finalDate: '2026-01-01' }))).toContain('initialDate');
    expect(fieldsOf(await post('/api/schedules', { body: 'Oi', sendAt: '+275760-09-13T00:00:00.000Z', contactId: 1 }))).toEqual(['sendAt']);
    expect(fieldsOf(await post('/api/schedules', { body: 'Oi', sendAt: '2026-13-45T10:00:00Z', contactId: 1 }))).toEqual(['sendAt']);
  });

  it('refuses react-admin filter values of the wrong type', async () => {
    expect(fieldsOf(await get('/api/tags', { filter: '{"id":"abc"}' }))).toEqual(['filter.id']);
    expect(fieldsOf(await get('/api/tags', { filter: '{"kanban":"maybe"}' }))).toEqual(['filter.kanban']);
    expect(fieldsOf(await get('/api/contacts', { filter: '{"isGroup":{"$ne":true}}' }))).toEqual(['filter.isGroup']);
    expect(fieldsOf(await get('/api/users', { filter: '{"profile":["admin",{"a":1}]}' }))).toEqual(['filter.profile']);
    // The right types still filter.
    const kanban = await get('/api/tags', { filter: '{"kanban":1,"id":["1","2"]}' });
    expect(kanban.status).toBe(200);
  });

  it('refuses deeply nested JSON before anything walks it', async () => {
    const deep = `{"name":"VIP","color":"#111111","meta":${'['.repeat(20000)}${']'.repeat(20000)}}`;
    const fields = fieldsOf(await post('/api/tags', deep));
    expect(fields).toHaveLength(1);
    expect(fields[0]).toMatch(/^meta(\[0\])+$/);
  });
});
