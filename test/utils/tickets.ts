import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { drainPipeline } from './channels.js';
import type { Session } from './factories.js';
import type { TestApp } from './test-app.js';

let sequence = 0;

/** A customer writes through a simulated connection; answers the ticket their message landed in. */
export async function customerWrites(t: TestApp, admin: Session, connectionId: number, from: string, body: string, name = 'Cliente'): Promise<Ticket> {
  const id = `T${Date.now().toString(36)}${++sequence}`;
  const res = await t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(admin.auth).send({ from, name, body, id });
  if (res.status !== 202) throw new Error(`inject failed: ${res.status} ${JSON.stringify(res.body)}`);
  await drainPipeline(t);
  const rows = await t.em().getConnection().execute<Array<{ ticket_id: number }>>('select ticket_id from messages where provider_id = ?', [id]);
  return t.em().findOneOrFail(Ticket, rows[0]!.ticket_id, { filters: false });
}
