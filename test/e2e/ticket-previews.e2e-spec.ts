import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migration20261125171000_last_message_at } from '../../migrations/Migration20261125171000_last_message_at.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

interface ListedTicket {
  id: number;
  lastMessage: string | null;
  lastMessageAt: string;
  lastMessagePreview: { kind: string; text?: string; seconds?: number } | null;
  updatedAt: string;
}

const VCARD = 'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Maria;;;\nFN:Maria Silva\nTEL;type=CELL;waid=5511999990001:+55 11 99999-0001\nEND:VCARD';
const OGG = Buffer.from('OggS fake voice note').toString('base64');

describe('ticket previews and last message time', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let adminB: Session;
  let connectionId: number;
  let sequence = 0;

  const list = async (session: Session, query: Record<string, unknown> = {}): Promise<ListedTicket[]> => {
    const res = await t
      .http()
      .get('/api/tickets')
      .query({ showAll: true, ...query })
      .set(session.auth)
      .expect(200);
    return res.body.tickets as ListedTicket[];
  };
  const one = async (id: number): Promise<ListedTicket> => {
    const res = await t.http().get(`/api/tickets/${id}`).set(adminA.auth).expect(200);
    return res.body as ListedTicket;
  };
  const inject = async (body: Record<string, unknown>): Promise<string> => {
    const id = `P${Date.now().toString(36)}${++sequence}`;
    await t
      .http()
      .post(`/api/dev/simulator/${connectionId}/inbound`)
      .set(adminA.auth)
      .send({ id, name: 'Cliente', ...body })
      .expect(202);
    await drainPipeline(t);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('keeps the last message time and the list position through accept, transfer and return', async () => {
    const older = await customerWrites(t, adminA, connectionId, '5511922220001', 'Primeiro', 'Ana');
    const newer = await customerWrites(t, adminA, connectionId, '5511922220002', 'Segundo', 'Bia');
    const before = await list(adminA);
    const ids = before.map((ticket) => ticket.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const olderBefore = before.find((ticket) => ticket.id === older.id)!;
    expect(olderBefore.lastMessagePreview).toEqual({ kind: 'text', text: 'Primeiro' });

    const put = (body: Record<string, unknown>) => t.http().put(`/api/tickets/${older.id}`).set(adminA.auth).send(body).expect(200);
    await put({ status: 'open', userId: a.admin.id });
    await put({ queueId: a.queues[0]!.id, userId: null, whatsappId: connectionId });
    await put({ status: 'pending', userId: null });

    const after = await list(adminA);
    expect(after.map((ticket) => ticket.id)).toEqual(ids);
    const olderAfter = after.find((ticket) => ticket.id === older.id)!;
    expect(olderAfter.lastMessageAt).toBe(olderBefore.lastMessageAt);
    expect(Date.parse(olderAfter.updatedAt)).toBeGreaterThan(Date.parse(olderBefore.updatedAt));

    // Pages follow the same order.
    const cursorPages = await t.http().get('/api/tickets').query({ showAll: true }).set(adminA.auth).expect(200);
    expect(cursorPages.body.tickets[0].id).toBe(ids[0]);

    // A new message moves it to the top with the message's time.
    await customerWrites(t, adminA, connectionId, '5511922220001', 'De novo', 'Ana');
    const moved = await list(adminA);
    expect(moved[0]!.id).toBe(older.id);
    expect(Date.parse(moved[0]!.lastMessageAt)).toBeGreaterThan(Date.parse(olderAfter.lastMessageAt));
  });

  it('previews locations, audios, contacts, media, deleted and edited messages', async () => {
    const from = '5511922220003';
    const ticket = await customerWrites(t, adminA, connectionId, from, '*Olá*', 'Caio');
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'text', text: 'Olá' });

    await inject({ from, type: 'location', latitude: -23.55, longitude: -46.63 });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'location' });

    await inject({ from, type: 'media', mimetype: 'audio/ogg', mediaBase64: OGG, fileName: 'voice.ogg' });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'audio' });

    await inject({ from, type: 'vcard', body: VCARD });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'contact', text: 'Maria Silva' });

    await inject({ from, type: 'media', mimetype: 'application/pdf', mediaBase64: OGG, fileName: 'file.pdf' });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'document', text: 'file.pdf' });

    const text = await inject({ from, body: 'Texto _original_' });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'text', text: 'Texto original' });

    await inject({ from, type: 'edit', targetId: text, body: 'Texto ~editado~' });
    await waitFor(async () => (await one(ticket.id)).lastMessagePreview?.text === 'Texto editado');
    expect((await one(ticket.id)).lastMessage).toBe('Texto ~editado~');

    const timeBefore = (await one(ticket.id)).lastMessageAt;
    await inject({ from, type: 'revoke', targetId: text });
    await waitFor(async () => (await one(ticket.id)).lastMessagePreview?.kind === 'deleted');
    expect((await one(ticket.id)).lastMessageAt).toBe(timeBefore);
  });

  it('leaves the preview alone when an older message is edited', async () => {
    const from = '5511922220004';
    const ticket = await customerWrites(t, adminA, connectionId, from, 'primeira', 'Davi');
    const first = await inject({ from, body: 'segunda' });
    await inject({ from, body: 'terceira' });
    await inject({ from, type: 'edit', targetId: first, body: 'segunda editada' });
    expect((await one(ticket.id)).lastMessagePreview).toEqual({ kind: 'text', text: 'terceira' });
  });

  it('backfills the time and the media previews of existing tickets from their messages', async () => {
    const from = '5511922220006';
    const ticket = await customerWrites(t, adminA, connectionId, from, 'oi', 'Fábio');
    await inject({ from, type: 'media', mimetype: 'application/pdf', mediaBase64: OGG, fileName: 'nota.pdf' });
    const live = await one(ticket.id);
    const connection = t.em().getConnection();
    await connection.execute(`update tickets set last_message_at = now() - interval '1 day', last_message_preview = null where id = ?`, [ticket.id]);
    const migration = new Migration20261125171000_last_message_at(t.em().getDriver(), t.em().config);
    await migration.up();
    // The column and the index exist already: only the two backfilling updates run again.
    for (const query of migration.getQueries().filter((q) => String(q).trim().startsWith('update'))) await connection.execute(String(query));
    const backfilled = await one(ticket.id);
    expect(backfilled.lastMessageAt).toBe(live.lastMessageAt);
    expect(backfilled.lastMessagePreview).toEqual({ kind: 'document', text: 'nota.pdf' });
  });

  it("does not list another tenant's tickets", async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511922220005', 'Oi', 'Eva');
    expect((await list(adminB)).some((row) => row.id === ticket.id)).toBe(false);
    await t.http().get(`/api/tickets/${ticket.id}`).set(adminB.auth).expect(404);
  });

  it('rejects a malformed cursor', async () => {
    await t.http().get('/api/tickets').query({ cursor: 'not-a-cursor' }).set(adminA.auth).expect(400);
  });
});
