import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import type { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { connectedSimulator, drainPipeline } from '../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface NoteBody {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}

describe('ticket notes', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let otherA: Session;
  let adminB: Session;
  let connection: Whatsapp;
  /** Two tickets of one contact (the first closed), and a ticket of another contact. */
  let earlier: Ticket;
  let current: Ticket;
  let elsewhere: Ticket;

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/ticket-notes').set(session.auth).send(body);
  const list = (session: Session, query: Record<string, unknown>) => t.http().get('/api/ticket-notes/list').query(query).set(session.auth);
  const sql = (text: string, params: unknown[]) => t.em().getConnection().execute(text, params);
  const noteOn = (ticket: Ticket, note: string) => ({ note, ticketId: ticket.id, contactId: ticket.contact.id });

  async function ticketFrom(from: string): Promise<Ticket> {
    await t
      .http()
      .post(`/api/dev/simulator/${connection.id}/inbound`)
      .set(adminA.auth)
      .send({ from, name: `Cliente ${from}`, body: 'Olá' })
      .expect(202);
    await drainPipeline(t);
    return t.em().findOneOrFail(Ticket, { company: a.company.id, contact: { number: from }, status: { $ne: 'closed' } }, { filters: false });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    otherA = await login(t, (await createUser(t, a.company, 'user', { allTicket: 'enabled' })).email);
    connection = await connectedSimulator(t, a.company.id);
    earlier = await ticketFrom('5511922220001');
    await sql(`update tickets set status = 'closed' where id = ?`, [earlier.id]);
    current = await ticketFrom('5511922220001');
    elsewhere = await ticketFrom('5511922220002');
  });
  afterAll(() => t.close());

  it('adds a trimmed note with its author', async () => {
    const res = await create(adminA, noteOn(earlier, '  Cliente prefere contato à tarde  '));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      note: 'Cliente prefere contato à tarde',
      ticketId: earlier.id,
      contactId: earlier.contact.id,
      user: { id: a.admin.id, name: a.admin.name },
      createdAt: expect.any(String),
    });
  });

  it('lists the notes of a ticket, or of every ticket of the contact, newest first', async () => {
    const later = (await create(adminA, noteOn(current, 'Pediu segunda via do boleto'))).body as NoteBody;
    await create(adminA, noteOn(elsewhere, 'Outro contato'));

    const ofTicket = await list(adminA, { ticketId: current.id });
    expect(ofTicket.status).toBe(200);
    expect(ofTicket.body).toEqual([later]);
    const ofContact = await list(adminA, { ticketId: current.id, contactId: current.contact.id });
    expect(ofContact.body.map((n: NoteBody) => n.note)).toEqual(['Pediu segunda via do boleto', 'Cliente prefere contato à tarde']);
    expect((await list(adminA, { contactId: elsewhere.contact.id })).body.map((n: NoteBody) => n.note)).toEqual(['Outro contato']);
  });

  it('answers 400 with the offending fields', async () => {
    const bad = await create(adminA, { note: ' a ', ticketId: 'x', contactId: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['contactId', 'note', 'ticketId']);
    expect((await create(adminA, noteOn(current, 'x'.repeat(5001)))).body.fields.map((f: { field: string }) => f.field)).toEqual(['note']);

    const neither = await list(adminA, {});
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toEqual([{ field: 'ticketId', messages: [expect.any(String)] }]);
    expect((await list(adminA, { ticketId: 'abc' })).body.fields.map((f: { field: string }) => f.field)).toEqual(['ticketId']);
  });

  it('refuses a ticket of another contact', async () => {
    const res = await create(adminA, { note: 'Nota trocada', ticketId: current.id, contactId: elsewhere.contact.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await list(adminA, { ticketId: current.id, contactId: elsewhere.contact.id })).status).toBe(404);
  });

  it('lets a profile user write and read notes only on tickets they can open', async () => {
    const refused = await create(userA, noteOn(current, 'Sem acesso'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await list(userA, { ticketId: current.id })).status).toBe(403);

    await sql('update tickets set queue_id = ? where id = ?', [a.queues[0]!.id, current.id]);
    const allowed = await create(userA, noteOn(current, 'Agora na minha fila'));
    expect(allowed.status).toBe(201);
    expect(allowed.body.user).toEqual({ id: a.user.id, name: a.user.name });
    expect((await list(userA, { ticketId: current.id })).body[0]).toEqual(allowed.body);
  });

  it('lets only the author or an admin delete a note', async () => {
    const byUser = (await list(userA, { ticketId: current.id })).body[0] as NoteBody;
    const byColleague = (await create(otherA, noteOn(elsewhere, 'Nota do colega'))).body as NoteBody;

    const refused = await t.http().delete(`/api/ticket-notes/${byUser.id}`).set(otherA.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.http().delete(`/api/ticket-notes/${byUser.id}`).set(userA.auth)).status).toBe(204);
    expect((await t.http().delete(`/api/ticket-notes/${byColleague.id}`).set(adminA.auth)).status).toBe(204);

    const gone = await t.http().delete(`/api/ticket-notes/${byUser.id}`).set(userA.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_TICKET_NOTE_FOUND');
    expect((await list(adminA, { contactId: elsewhere.contact.id })).body.map((n: NoteBody) => n.note)).toEqual(['Outro contato']);
  });

  it('hides every note, ticket and contact of another company', async () => {
    const note = (await list(adminA, { ticketId: current.id })).body[0] as NoteBody;
    const write = await create(adminB, noteOn(current, 'De outra empresa'));
    expect(write.status).toBe(404);
    expect(write.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await list(adminB, { ticketId: current.id })).body.error).toBe('ERR_NO_TICKET_FOUND');
    const byContact = await list(adminB, { contactId: current.contact.id });
    expect(byContact.status).toBe(404);
    expect(byContact.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const remove = await t.http().delete(`/api/ticket-notes/${note.id}`).set(adminB.auth);
    expect(remove.status).toBe(404);
    expect(remove.body.error).toBe('ERR_NO_TICKET_NOTE_FOUND');
    expect((await list(adminA, { ticketId: current.id })).body).toContainEqual(note);
  });
});
