import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SimulatorProviderFactory } from '../../src/channels/simulator/simulator-provider.factory.js';
import type { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const CUSTOMERS = 20;
const PER_CUSTOMER = 8;

/**
 * Conversations of one connection are processed side by side: a burst interleaving twenty customers keeps each
 * conversation's order, opens one ticket per customer, and receipts sent right behind the messages they name (still
 * queued) are applied to them.
 */
describe('inbound lanes: one per conversation', () => {
  let t: TestApp;
  let a: TenantFixture;
  let connection: Whatsapp;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a } = await twoTenants(t));
    connection = await connectedSimulator(t, a.company.id, 'Rajada');
  });
  afterAll(() => t?.close());

  it('keeps each conversation in order and applies receipts that overtake their messages', async () => {
    const phone = t.app.get(SimulatorProviderFactory).session(a.company.id, connection.id);
    const number = (c: number) => `55119${String(7000_0000 + c)}`;
    const accepted: Promise<void>[] = [];
    for (let n = 0; n < PER_CUSTOMER; n += 1) {
      for (let c = 0; c < CUSTOMERS; c += 1) {
        const from = number(c);
        // Every other turn is typed on the business phone: it arrives as ours and its receipts follow at once.
        const fromMe = n % 2 === 1;
        const id = `LANE-${c}-${n}`;
        accepted.push(
          phone.injectMessage({
            providerId: id,
            remoteJid: `${from}@s.whatsapp.net`,
            fromMe,
            isGroup: false,
            contactNumber: from,
            pushName: `Cliente ${c}`,
            timestamp: new Date(Date.now() + n),
            mediaType: 'chat',
            body: `turno ${n}`,
          }),
        );
        if (fromMe) for (const ack of [1, 2, 3]) accepted.push(phone.injectAck(id, ack));
      }
    }
    await Promise.all(accepted);
    await drainPipeline(t);

    const rows = await t
      .em()
      .getConnection()
      .execute<Array<{ provider_id: string; body: string; ack: number; from_me: boolean; ticket_id: number; contact_number: string }>>(
        `select m.provider_id, m.body, m.ack, m.from_me, m.ticket_id, c.number as contact_number
           from messages m join contacts c on c.id = m.contact_id
          where m.company_id = ? and m.whatsapp_id = ? order by m.id`,
        [a.company.id, connection.id],
      );
    expect(rows).toHaveLength(CUSTOMERS * PER_CUSTOMER);
    for (let c = 0; c < CUSTOMERS; c += 1) {
      const mine = rows.filter((r) => r.contact_number === number(c));
      // Stored in the order they arrived, in one ticket.
      expect(mine.map((r) => r.body)).toEqual(Array.from({ length: PER_CUSTOMER }, (_, n) => `turno ${n}`));
      expect(new Set(mine.map((r) => r.ticket_id)).size).toBe(1);
      // Each receipt reached the message it named, though it was recorded before that message was stored.
      for (const row of mine.filter((r) => r.from_me)) expect(row.ack).toBe(3);
    }
    // Every recorded event, receipts included, was processed: the inbox empties (its removals are batched).
    const inbox = async () =>
      Number(
        (await t.em().getConnection().execute<Array<{ n: string }>>('select count(*) as n from inbound_inbox where company_id = ?', [a.company.id]))[0]!.n,
      );
    expect(await waitFor(async () => ((await inbox()) === 0 ? 'empty' : null))).toBe('empty');
  });
});
