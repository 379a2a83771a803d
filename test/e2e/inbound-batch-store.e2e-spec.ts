import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SimulatorProviderFactory } from '../../src/channels/simulator/simulator-provider.factory.js';
import type { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { InboundRepository, type InboundWrite } from '../../src/modules/messages/inbound.repository.js';
import pg from 'pg';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const CUSTOMERS = 40;

/**
 * Messages of one company that arrive together are stored by one statement: each still gets its own contact, ticket,
 * counters and cycle exactly as if it had been stored alone, a customer writing to two connections at once gets one
 * contact and two tickets, and a provider id repeated in the same burst is stored once.
 */
describe('inbound store: a burst shares one statement', () => {
  let t: TestApp;
  let a: TenantFixture;
  let first: Whatsapp;
  let second: Whatsapp;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a } = await twoTenants(t));
    first = await connectedSimulator(t, a.company.id, 'Lote 1');
    second = await connectedSimulator(t, a.company.id, 'Lote 2');
  });
  afterAll(() => t?.close());

  const sql = <T>(text: string, params: unknown[]) => t.em().getConnection().execute<T[]>(text, params);
  const number = (c: number) => `55118${String(6000_0000 + c)}`;

  it('stores every message of a burst with its own contact, ticket, counters and cycle', async () => {
    const factory = t.app.get(SimulatorProviderFactory);
    const accepted: Promise<void>[] = [];
    for (let c = 0; c < CUSTOMERS; c += 1) {
      // Every fourth customer writes to both connections in the same tick; one provider id arrives twice.
      const targets = c % 4 === 0 ? [first, second] : [first];
      for (const connection of targets) {
        const phone = factory.session(a.company.id, connection.id);
        const message = {
          providerId: `BATCH-${c}`,
          remoteJid: `${number(c)}@s.whatsapp.net`,
          fromMe: false,
          isGroup: false,
          contactNumber: number(c),
          pushName: `Cliente ${c}`,
          timestamp: new Date(),
          mediaType: 'chat' as const,
          body: `olá ${c}`,
        };
        accepted.push(phone.injectMessage(message));
        if (c === 1) accepted.push(phone.injectMessage(message));
      }
    }
    const before = { ...t.app.get(InboundRepository).storeBatchStats() };
    await Promise.all(accepted);
    await drainPipeline(t);
    const after = t.app.get(InboundRepository).storeBatchStats();
    // Far fewer statements than messages: the burst was grouped.
    expect(after.largest).toBeGreaterThan(1);
    expect(after.batches - before.batches).toBeLessThan(after.rows - before.rows);

    const messages = await sql<{ provider_id: string; whatsapp_id: number; ticket_id: number; contact_id: number }>(
      'select provider_id, whatsapp_id, ticket_id, contact_id from messages where company_id = ? order by id',
      [a.company.id],
    );
    const twice = Math.ceil(CUSTOMERS / 4);
    expect(messages).toHaveLength(CUSTOMERS + twice);
    const contacts = await sql<{ number: string; name: string }>('select number, name from contacts where company_id = ? and number like ?', [
      a.company.id,
      '551186%',
    ]);
    expect(contacts).toHaveLength(CUSTOMERS);
    expect(contacts.find((c) => c.number === number(3))?.name).toBe('Cliente 3');

    const tickets = await sql<{ id: number; whatsapp_id: number; unread_messages: number; last_message: string; status: string }>(
      'select id, whatsapp_id, unread_messages, last_message, status from tickets where company_id = ? order by id',
      [a.company.id],
    );
    expect(tickets).toHaveLength(CUSTOMERS + twice);
    for (const ticket of tickets) {
      const own = messages.filter((m) => m.ticket_id === ticket.id);
      expect(own).toHaveLength(1);
      expect(own[0]!.whatsapp_id).toBe(ticket.whatsapp_id);
      expect(ticket.unread_messages).toBe(1);
      expect(ticket.last_message).toBe(`olá ${Number(own[0]!.provider_id.slice('BATCH-'.length))}`);
      expect(ticket.status).toBe('pending');
    }
    // A customer who wrote to both connections is one contact with a ticket on each.
    const both = messages.filter((m) => m.provider_id === 'BATCH-0');
    expect(both.map((m) => m.whatsapp_id).sort()).toEqual([first.id, second.id].sort());
    expect(new Set(both.map((m) => m.contact_id)).size).toBe(1);

    const [counters] = await sql<{ tickets: number }>(
      `select coalesce(sum(tickets), 0)::int as tickets from ticket_counters where company_id = ? and status = 'pending'`,
      [a.company.id],
    );
    expect(counters!.tickets).toBe(tickets.length);
    const [cycles] = await sql<{ n: number }>('select count(*)::int as n from ticket_cycles where company_id = ?', [a.company.id]);
    expect(cycles!.n).toBe(tickets.length);
  });

  it('answers each write its own result when writes are stored together, and null for a repeated id', async () => {
    const repository = t.app.get(InboundRepository);
    const write = (c: number, providerId: string, quoted: string | null = null): InboundWrite => ({
      companyId: a.company.id,
      whatsappId: first.id,
      contactNumber: number(100 + c),
      contactName: number(100 + c),
      isGroup: false,
      providerId,
      remoteJid: `${number(100 + c)}@s.whatsapp.net`,
      participant: null,
      senderName: null,
      body: `texto ${providerId}`,
      fromMe: false,
      mediaType: 'chat',
      mediaPath: null,
      mediaName: null,
      quotedProviderId: quoted,
      sentAt: new Date(),
      countsUnread: true,
    });
    const firstRound = await Promise.all([0, 1, 2, 3].map((c) => repository.store(write(c, `DIRECT-${c}`))));
    expect(firstRound.map((r) => r?.message.provider_id)).toEqual(['DIRECT-0', 'DIRECT-1', 'DIRECT-2', 'DIRECT-3']);
    expect(firstRound.every((r) => r?.contactCreated && r.ticketCreated)).toBe(true);
    expect(firstRound.map((r) => r?.ticket.contact.number)).toEqual([0, 1, 2, 3].map((c) => number(100 + c)));

    // In one burst: a repeated id (null), a reply quoting a stored message, and a second message of a known customer.
    const [repeated, reply, again] = await Promise.all([
      repository.store(write(0, 'DIRECT-0')),
      repository.store(write(4, 'DIRECT-4', 'DIRECT-2')),
      repository.store(write(1, 'DIRECT-5')),
    ]);
    expect(repeated).toBeNull();
    const [quotedRow] = await sql<{ id: number }>('select id from messages where company_id = ? and provider_id = ?', [a.company.id, 'DIRECT-2']);
    expect(reply?.message.quoted_msg_id).toBe(quotedRow!.id);
    expect(again?.ticketCreated).toBe(false);
    expect(again?.contactCreated).toBe(false);
    expect(again?.ticket.id).toBe(firstRound[1]!.ticket.id);
    expect(again?.ticket.unread_messages).toBe(2);
    expect(again?.ticket.last_message).toBe('texto DIRECT-5');
  });

  it('stores a message whose new contact another writer created at the same moment, instead of dropping it', async () => {
    const repository = t.app.get(InboundRepository);
    const from = number(900);
    // Another writer inserts the same contact and holds its transaction open: our insert waits on the unique index,
    // then finds it taken (ON CONFLICT DO NOTHING) and the message's row comes back without a contact.
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into contacts (company_id, uuid, name, number, is_group, created_at, updated_at)
                         values ($1, gen_random_uuid(), 'Outro escritor', $2, false, now(), now())`,
        [a.company.id, from],
      );
      const stored = repository.store({
        companyId: a.company.id,
        whatsappId: first.id,
        contactNumber: from,
        contactName: 'Cliente novo',
        isGroup: false,
        providerId: 'RACE-1',
        remoteJid: `${from}@s.whatsapp.net`,
        participant: null,
        senderName: null,
        body: 'primeira mensagem',
        fromMe: false,
        mediaType: 'chat',
        mediaPath: null,
        mediaName: null,
        quotedProviderId: null,
        sentAt: new Date(),
        countsUnread: true,
      });
      await waitFor(async () => {
        const { rows } = await other.query(
          `select count(*)::int as n from pg_locks l join pg_stat_activity s on s.pid = l.pid where not l.granted and s.datname = current_database()`,
        );
        return rows[0].n > 0 ? true : null;
      });
      await other.query('commit');
      const result = await stored;
      expect(result?.message.provider_id).toBe('RACE-1');
      expect(result?.contactCreated).toBe(false);
      expect(result?.ticketCreated).toBe(true);
    } finally {
      await other.end();
    }
    const [contact] = await sql<{ n: number }>('select count(*)::int as n from contacts where company_id = ? and number = ?', [a.company.id, from]);
    expect(contact!.n).toBe(1);
  });

  it('never stores for another company: each batch is one company', async () => {
    const [other] = await sql<{ n: number }>('select count(*)::int as n from messages where company_id <> ? and provider_id like ?', [a.company.id, 'BATCH-%']);
    expect(other!.n).toBe(0);
  });
});
