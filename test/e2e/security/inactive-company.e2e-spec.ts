import { BotTimers } from '../../../src/modules/automation/timers/bot-timers.js';
import { Schedule } from '../../../src/modules/schedules/schedule.entity.js';
import { Ticket } from '../../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator, waitFor } from '../../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { customerWrites } from '../../utils/tickets.js';
import { TIME_FACTOR } from '../../utils/time.js';

const MINUTE_MS = 1000;

describe('security: disabled or expired companies send nothing on their own', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ automation: { minuteMs: MINUTE_MS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function activeTenant(): Promise<{ tenant: TenantFixture; admin: Session; connectionId: number }> {
    const tenant = await createTenant(t);
    const admin = await login(t, tenant.admin.email);
    const connection = await connectedSimulator(t, tenant.company.id);
    return { tenant, admin, connectionId: connection.id };
  }
  /** An attended ticket whose last message is ours, on a connection that closes idle tickets after `minutes`. */
  async function idleTicket(minutes: number, from: string) {
    const { tenant, admin, connectionId } = await activeTenant();
    await t.http().put(`/api/whatsapp/${connectionId}`).set(admin.auth).send({ expiresTicket: minutes, expiresInactiveMessage: 'Encerrado.' }).expect(200);
    const ticket = await customerWrites(t, admin, connectionId, from, 'oi', 'Ana');
    await t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    expect((await t.http().post(`/api/messages/${ticket.id}`).set(admin.auth).send({ body: 'Posso ajudar?' })).status).toBe(201);
    return { tenant, ticket };
  }
  const sql = (text: string, params: unknown[]) => t.em().getConnection().execute(text, params);
  const outgoing = async (companyId: number) =>
    (await t.em().getConnection().execute<Array<{ n: number }>>('select count(*)::int as n from messages where company_id = ? and from_me', [companyId]))[0]!.n;

  it.each([
    ['expired', 'update companies set due_date = (now() at time zone timezone)::date - 1 where id = ?', 'Não enviada: assinatura da empresa vencida'],
    ['disabled', 'update companies set status = false where id = ?', 'Não enviada: empresa desativada'],
  ])('does not send the scheduled message of a %s company, and says why', async (_state, update, reason) => {
    const { tenant, admin } = await activeTenant();
    const contact = await t
      .http()
      .post('/api/contacts')
      .set(admin.auth)
      .send({ name: 'Dora', number: `55119211${String(Date.now()).slice(-5)}` });
    const created = await t
      .http()
      .post('/api/schedules')
      .set(admin.auth)
      .send({ body: 'Lembrete', sendAt: new Date(Date.now() + 1500 * TIME_FACTOR).toISOString(), contactId: contact.body.id });
    expect(created.status).toBe(201);
    await sql(update, [tenant.company.id]);
    const failed = await waitFor(async () => {
      const row = await t.em().findOne(Schedule, { id: created.body.id }, { filters: false });
      return row?.status === 'ERRO' ? row : null;
    }, 15_000 * TIME_FACTOR);
    expect(failed.error).toBe(reason);
    expect(failed.sentAt).toBeNull();
    expect(await outgoing(tenant.company.id)).toBe(0);
  });

  it('holds the bot timers of an expired company (nothing sent, the ticket stays open) until it is renewed', async () => {
    const { tenant, ticket } = await idleTicket(2, '5511921112222');
    const ours = await outgoing(tenant.company.id);
    await sql('update companies set due_date = (now() at time zone timezone)::date - 1 where id = ?', [tenant.company.id]);
    // The timer fires (fast: fired "now") and finds the company expired: it waits again instead of closing.
    const timers = t.app.get(BotTimers);
    await timers.arm('expire', { companyId: tenant.company.id, ticketId: ticket.id }, 0);
    // Processed, and put back about an hour later.
    const next = await waitFor(async () => {
      const at = await timers.runsAt('expire', ticket.id);
      return at && at.getTime() > Date.now() + 30 * 60_000 ? at : null;
    }, 15_000 * TIME_FACTOR);
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    expect((await t.em().findOneOrFail(Ticket, ticket.id, { filters: false })).status).toBe('open');
    expect(await outgoing(tenant.company.id)).toBe(ours);
  });

  it('keeps a timer that fires before it is due: the job delays itself instead of being lost', async () => {
    const { tenant, ticket } = await idleTicket(3, '5511921113333');
    const timers = t.app.get(BotTimers);
    // Fired at once, 3 s before the ticket is due to close.
    await timers.arm('expire', { companyId: tenant.company.id, ticketId: ticket.id }, 0);
    const closed = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Ticket, ticket.id, { filters: false });
      return row.status === 'closed' ? row : null;
    }, 15_000 * TIME_FACTOR);
    expect(closed.status).toBe('closed');
  });
});
