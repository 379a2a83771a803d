import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChannelManager } from '../../src/channels/channel-manager.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { createTenant, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface ContactBody {
  id: number;
  name: string;
  number: string;
  email: string | null;
  extraInfo: Array<{ id: number; name: string; value: string }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('contacts', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let maria: ContactBody;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/contacts').set(session.auth).send(body);
  const list = (session: Session, query: Record<string, unknown> = {}) => t.http().get('/api/contacts').query(query).set(session.auth);
  const names = (body: { contacts: ContactBody[] }) => body.contacts.map((c) => c.name);
  const sql = (text: string, params: unknown[]) => t.em().getConnection().execute(text, params);

  /** A simulator connection whose fake phone was linked before, so it connects at once. */
  async function connectedSimulator(companyId: number): Promise<number> {
    const [row] = await sql(`insert into whatsapps (company_id, name, provider, status) values (?, 'Simulador', 'simulator', 'DISCONNECTED') returning id`, [
      companyId,
    ]);
    const id = (row as { id: number }).id;
    await sql(`insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values (?, ?, 'creds', 'creds', '{"simulator":true}')`, [
      companyId,
      id,
    ]);
    const manager = t.app.get(ChannelManager);
    await manager.start(companyId, id);
    for (const deadline = Date.now() + 2000; !manager.isConnected(id); await sleep(25)) {
      if (Date.now() > deadline) throw new Error('the simulator did not connect');
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('creates a contact with extra info, stores the number as digits and tells only its company', async () => {
    const socketA = await connectSocket(t, adminA.token);
    const socketB = await connectSocket(t, adminB.token);
    const leaked: unknown[] = [];
    socketB.onAny((event, payload) => leaked.push({ event, payload }));
    const received = new Promise<unknown>((resolve) => socketA.once(`company-${a.company.id}-contact`, resolve));

    const res = await create(adminA, {
      name: '  Maria Souza ',
      number: '+55 (11) 98888-7777',
      email: ' Maria@Example.com ',
      extraInfo: [
        { name: 'CPF', value: '123.456.789-00' },
        { name: 'Empresa', value: 'ACME' },
      ],
    });
    expect(res.status).toBe(201);
    // No connection is connected: the number could not be checked on WhatsApp.
    expect(res.body).toMatchObject({
      name: 'Maria Souza',
      number: '5511988887777',
      email: 'maria@example.com',
      isGroup: false,
      whatsapp: null,
      isWhatsappValid: null,
    });
    expect(res.body.extraInfo).toEqual([
      { id: expect.any(Number), name: 'CPF', value: '123.456.789-00' },
      { id: expect.any(Number), name: 'Empresa', value: 'ACME' },
    ]);
    maria = res.body;
    expect(await received).toEqual({ action: 'create', contact: res.body });
    await sleep(200);
    expect(leaked).toEqual([]);
    socketA.close();
    socketB.close();

    expect((await t.http().get(`/api/contacts/${maria.id}`).set(userA.auth)).body).toEqual(res.body);
  });

  it('lists with search by any part of the name, number (mask or not) or email', async () => {
    for (const [name, number] of [
      ['João Pereira', '5521977776666'],
      ['Ana Lima', '5531966665555'],
    ]) {
      expect((await create(adminA, { name, number })).status).toBe(201);
    }
    const all = await list(userA, { pageNumber: 1 });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, hasMore: false });
    expect(names(all.body)).toEqual(['Ana Lima', 'João Pereira', 'Maria Souza']);
    expect(all.body.contacts[2].extraInfo).toHaveLength(2);

    expect(names((await list(userA, { searchParam: '98888' })).body)).toEqual(['Maria Souza']);
    expect(names((await list(userA, { searchParam: '(21) 97777-6' })).body)).toEqual(['João Pereira']);
    expect(names((await list(userA, { searchParam: 'ão pe' })).body)).toEqual(['João Pereira']);
    expect(names((await list(userA, { searchParam: 'LIMA' })).body)).toEqual(['Ana Lima']);
    expect(names((await list(userA, { searchParam: 'example.com' })).body)).toEqual(['Maria Souza']);
    expect((await list(userA, { searchParam: '%' })).body).toMatchObject({ contacts: [], count: 0, hasMore: false });
  });

  it('filters by creation day in the company time zone, and refuses bad dates', async () => {
    const byName = new Map((await list(adminA)).body.contacts.map((c: ContactBody) => [c.name, c.id]));
    // São Paulo is UTC-3: 02:30 UTC on the 11th is still the 10th there.
    for (const [name, at] of [
      ['Maria Souza', '2024-03-10T12:00:00Z'],
      ['João Pereira', '2024-03-11T02:30:00Z'],
      ['Ana Lima', '2024-03-12T15:00:00Z'],
    ]) {
      await sql('update contacts set created_at = ? where id = ?', [at, byName.get(name)]);
    }
    expect(names((await list(adminA, { date: '2024-03-10' })).body)).toEqual(['João Pereira', 'Maria Souza']);
    expect(names((await list(adminA, { dateStart: '2024-03-11', dateEnd: '2024-03-12' })).body)).toEqual(['Ana Lima']);
    expect(names((await list(adminA, { dateEnd: '2024-03-10' })).body)).toEqual(['João Pereira', 'Maria Souza']);
    expect((await list(adminA, { date: '2024-03-11' })).body).toMatchObject({ contacts: [], count: 0 });
    expect(names((await list(adminA, { dateStart: '2024-03-10', searchParam: 'souza' })).body)).toEqual(['Maria Souza']);

    for (const [query, field] of [
      [{ date: '2024-02-30' }, 'date'],
      [{ dateStart: '10/03/2024' }, 'dateStart'],
      [{ dateEnd: '2024-3-1' }, 'dateEnd'],
      [{ dateStart: '2024-03-12', dateEnd: '2024-03-10' }, 'dateEnd'],
      [{ date: '2024-03-10', dateStart: '2024-03-01' }, 'date'],
    ] as const) {
      const res = await list(adminA, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field }] });
    }
  });

  it('pages the spec dialect by 20 and answers the react-admin dialect with Content-Range', async () => {
    const c = await createTenant(t);
    const em = t.em();
    const company = em.getReference(Company, c.company.id);
    for (let i = 0; i < 25; i += 1) {
      em.create(Contact, {
        company,
        name: i < 2 ? 'Aaa Mesmo Nome' : `Contato ${String(i).padStart(2, '0')}`,
        number: `55119000${String(i).padStart(5, '0')}`,
      });
    }
    await em.flush();
    const session = await login(t, c.admin.email);

    const first = await list(session, { pageNumber: 1 });
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.contacts).toHaveLength(20);
    const [one, two] = first.body.contacts as ContactBody[];
    expect([one!.name, two!.name]).toEqual(['Aaa Mesmo Nome', 'Aaa Mesmo Nome']);
    expect(one!.id).toBeLessThan(two!.id);
    const second = await list(session, { pageNumber: 2 });
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(names(second.body)).toEqual(['Contato 20', 'Contato 21', 'Contato 22', 'Contato 23', 'Contato 24']);
    expect((await list(session, { pageNumber: 0 })).status).toBe(400);

    const ra = await list(session, { range: '[0,1]', sort: '["number","DESC"]', filter: '{"q":"5511900"}' });
    expect(ra.status).toBe(200);
    expect(ra.headers['content-range']).toBe('contacts 0-1/25');
    expect(ra.body.map((contact: ContactBody) => contact.number)).toEqual(['5511900000024', '5511900000023']);
  });

  it('refuses a number the company already has, with the existing contact', async () => {
    for (const number of ['5511988887777', '55 11 8888-7777']) {
      const res = await create(userA, { name: 'Maria de Novo', number });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        error: 'ERR_DUPLICATED_CONTACT',
        alreadyExists: true,
        existingContact: { id: maria.id, name: 'Maria Souza', number: '5511988887777' },
      });
    }
    const ana = (await list(adminA, { searchParam: 'Ana' })).body.contacts[0] as ContactBody;
    const taken = await t.http().put(`/api/contacts/${ana.id}`).set(adminA.auth).send({ number: '+55 11 98888-7777' });
    expect(taken.status).toBe(409);
    expect(taken.body.existingContact.id).toBe(maria.id);

    // Two requests racing for one number: the unique index decides, the loser gets the same answer.
    const race = await Promise.all([1, 2].map((i) => create(adminA, { name: `Corrida ${i}`, number: '5547911112222' })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = race.find((r) => r.status === 409)!;
    expect(loser.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', existingContact: { number: '5547911112222' } });
  });

  it('answers 400 with the offending fields', async () => {
    const bad = await create(adminA, { name: 'x', number: '1234', email: 'nope', extraInfo: [{ name: '', value: 'v' }], whatsappId: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'extraInfo.0.name', 'name', 'number', 'whatsappId']);

    const letters = await create(adminA, { name: 'Letras', number: 'abc12345678' });
    expect(letters.body.fields).toEqual([{ field: 'number', messages: [expect.stringContaining('digits')] }]);
    const digits = await create(adminA, { name: 'Muitos', number: '1'.repeat(21) });
    expect(digits.status).toBe(400);
    expect(digits.body.fields).toEqual([{ field: 'number', messages: ['number must have 8 to 20 digits'] }]);
    const tooMany = await create(adminA, { name: 'Campos', number: '5511912345678', extraInfo: Array.from({ length: 51 }, () => ({ name: 'n', value: 'v' })) });
    expect(tooMany.body.fields.map((f: { field: string }) => f.field)).toEqual(['extraInfo']);
    const missing = await create(adminA, {});
    expect(missing.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'number']);
  });

  it('updates fields and replaces the extra info: kept rows by id, new rows added, the rest removed', async () => {
    const socket = await connectSocket(t, adminA.token);
    const received = new Promise<unknown>((resolve) => socket.once(`company-${a.company.id}-contact`, resolve));
    const [cpf] = maria.extraInfo;

    const res = await t
      .http()
      .put(`/api/contacts/${maria.id}`)
      .set(userA.auth)
      .send({
        name: 'Maria S. Souza',
        number: '5511988887777',
        email: '',
        extraInfo: [
          { id: cpf!.id, name: 'CPF', value: '999.999.999-99' },
          { name: 'Cidade', value: 'São Paulo' },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: maria.id, name: 'Maria S. Souza', number: '5511988887777', email: null });
    expect(res.body.extraInfo).toEqual([
      { id: cpf!.id, name: 'CPF', value: '999.999.999-99' },
      { id: expect.any(Number), name: 'Cidade', value: 'São Paulo' },
    ]);
    expect(await received).toEqual({ action: 'update', contact: res.body });
    socket.close();
    expect((await t.http().get(`/api/contacts/${maria.id}`).set(adminA.auth)).body.extraInfo).toEqual(res.body.extraInfo);
    const [{ rows }] = (await sql('select count(*)::int as rows from contact_custom_fields where contact_id = ?', [maria.id])) as Array<{ rows: number }>;
    expect(rows).toBe(2);

    // Only the name changes; the list stays.
    const rename = await t.http().put(`/api/contacts/${maria.id}`).set(adminA.auth).send({ name: 'Maria Souza' });
    expect(rename.body.extraInfo).toEqual(res.body.extraInfo);

    const joao = (await list(adminA, { searchParam: 'João' })).body.contacts[0] as ContactBody;
    const foreignRow = await t
      .http()
      .put(`/api/contacts/${joao.id}`)
      .set(adminA.auth)
      .send({ extraInfo: [{ id: cpf!.id, name: 'CPF', value: 'x' }] });
    expect(foreignRow.status).toBe(400);
    expect(foreignRow.body.fields).toEqual([{ field: 'extraInfo.0.id', messages: [expect.any(String)] }]);
    expect((await t.http().get(`/api/contacts/${maria.id}`).set(adminA.auth)).body.extraInfo).toEqual(res.body.extraInfo);

    const cleared = await t.http().put(`/api/contacts/${maria.id}`).set(adminA.auth).send({ extraInfo: [] });
    expect(cleared.body.extraInfo).toEqual([]);
    const nulls = await t.http().put(`/api/contacts/${maria.id}`).set(adminA.auth).send({ name: null, number: null, extraInfo: null, email: null });
    expect(nulls.status).toBe(400);
    expect(nulls.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['extraInfo', 'name', 'number']);
  });

  it('lets a profile user create and update but only an admin delete', async () => {
    const created = await create(userA, { name: 'Pedro Alves', number: '5541955554444' });
    expect(created.status).toBe(201);
    const updated = await t.http().put(`/api/contacts/${created.body.id}`).set(userA.auth).send({ name: 'Pedro A.' });
    expect(updated.status).toBe(200);

    const refused = await t.http().delete(`/api/contacts/${created.body.id}`).set(userA.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');

    const socket = await connectSocket(t, adminA.token);
    const received = new Promise<unknown>((resolve) => socket.once(`company-${a.company.id}-contact`, resolve));
    expect((await t.http().delete(`/api/contacts/${created.body.id}`).set(adminA.auth)).status).toBe(204);
    expect(await received).toEqual({ action: 'delete', contactId: created.body.id });
    socket.close();
    const gone = await t.http().get(`/api/contacts/${created.body.id}`).set(adminA.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('hides every contact of another company: 404 on ids, absent from lists and counts', async () => {
    for (const req of [
      t.http().get(`/api/contacts/${maria.id}`),
      t.http().put(`/api/contacts/${maria.id}`).send({ name: 'Tomado' }),
      t.http().delete(`/api/contacts/${maria.id}`),
    ]) {
      const res = await req.set(adminB.auth);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
    }
    expect((await list(adminB)).body).toEqual({ contacts: [], hasMore: false, count: 0 });
    expect((await list(adminB, { searchParam: '98888' })).body.count).toBe(0);

    // Numbers are unique per company only.
    const own = await create(adminB, { name: 'Maria na B', number: maria.number });
    expect(own.status).toBe(201);
    expect((await list(adminB)).body).toMatchObject({ count: 1, contacts: [{ id: own.body.id }] });
    expect((await t.http().get(`/api/contacts/${maria.id}`).set(adminA.auth)).body.name).toBe('Maria Souza');
  });

  it('checks numbers through a connected connection: resolves the ninth digit, refuses numbers not on WhatsApp', async () => {
    const c = await createTenant(t);
    const session = await login(t, c.admin.email);
    await connectedSimulator(c.company.id);

    const invalid = await create(session, { name: 'Sem WhatsApp', number: '5511912340000' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT', invalido: true });

    const resolved = await create(session, { name: 'Nono Dígito', number: '551188887777' });
    expect(resolved.status).toBe(201);
    expect(resolved.body).toMatchObject({ number: '5511988887777', isWhatsappValid: true });
    const again = await create(session, { name: 'Outro', number: '+55 11 98888-7777' });
    expect(again.status).toBe(409);
    expect(again.body.existingContact.id).toBe(resolved.body.id);

    const other = await create(session, { name: 'Outro Contato', number: '5521933332222' });
    const toInvalid = await t.http().put(`/api/contacts/${other.body.id}`).set(session.auth).send({ number: '5521933330000' });
    expect(toInvalid.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT', invalido: true });
    const moved = await t.http().put(`/api/contacts/${other.body.id}`).set(session.auth).send({ number: '55 21 3333-2222' });
    expect(moved.body.number).toBe('552133332222');
  });

  it('keeps the number of a group contact', async () => {
    const em = t.em();
    const group = em.create(Contact, { company: em.getReference(Company, a.company.id), name: 'Grupo Vendas', number: '120363025246125486', isGroup: true });
    await em.flush();
    const renamed = await t.http().put(`/api/contacts/${group.id}`).set(adminA.auth).send({ name: 'Grupo de Vendas', number: '120363025246125486' });
    expect(renamed.status).toBe(200);
    const renumbered = await t.http().put(`/api/contacts/${group.id}`).set(adminA.auth).send({ number: '5511977771111' });
    expect(renumbered.status).toBe(400);
    expect(renumbered.body.error).toBe('ERR_GROUP_CONTACT_NUMBER');
  });

  it('answers 400 for a non-numeric id', async () => {
    expect((await t.http().get('/api/contacts/abc').set(adminA.auth)).status).toBe(400);
  });
});
