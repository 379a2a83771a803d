import { JobReconciler } from '../../../src/infra/jobs/job-reconciler.js';
import { BotTimers } from '../../../src/modules/automation/timers/bot-timers.js';
import { Schedule } from '../../../src/modules/schedules/schedule.entity.js';
import { Ticket } from '../../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator, waitFor } from '../../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { PrivateRedis } from '../../utils/private-redis.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { customerWrites } from '../../utils/tickets.js';
import { TIME_FACTOR } from '../../utils/time.js';

const MINUTE_MS = 1500;

describe('security: a Redis restart loses no scheduled message or bot timer', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({ redisUrl: redis.url, jobs: { reconcileIntervalMs: 300 }, automation: { minuteMs: MINUTE_MS } });
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.down();
  });

  /** A customer's ticket, accepted by the admin, on a new connection whose idle tickets close after `minutes`. */
  async function openTicketOnExpiringConnection(minutes: number, number: string, name: string) {
    const connection = await connectedSimulator(t, tenant.company.id);
    await t
      .http()
      .put(`/api/whatsapp/${connection.id}`)
      .set(admin.auth)
      .send({ expiresTicket: minutes, expiresInactiveMessage: 'Encerrado por inatividade.' })
      .expect(200);
    const ticket = await customerWrites(t, admin, connection.id, number, 'oi', name);
    await t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    return ticket;
  }

  it('arms the pending schedules and timers again from the database once Redis is back, and they fire', async () => {
    // A bot timer: an open ticket whose last message is ours closes after expiresTicket (4 short minutes).
    const ticket = await openTicketOnExpiringConnection(4, '5511922221111', 'Bruna');
    expect((await t.http().post(`/api/messages/${ticket.id}`).set(admin.auth).send({ body: 'Posso ajudar?' })).status).toBe(201);
    expect(await t.app.get(BotTimers).pending(ticket.id)).toContain('expire');
    // A scheduled message a few seconds ahead.
    const contact = await t.http().post('/api/contacts').set(admin.auth).send({ name: 'Caio', number: '5511922223333' });
    const sendAt = new Date(Date.now() + 4000 * TIME_FACTOR);
    const schedule = await t
      .http()
      .post('/api/schedules')
      .set(admin.auth)
      .send({ body: 'Lembrete da consulta', sendAt: sendAt.toISOString(), contactId: contact.body.id });
    expect(schedule.status).toBe(201);

    // Redis restarts and comes back empty: every delayed job is gone.
    await redis.down();
    await redis.up();
    // The reconciler notices (reconnect, or its next tick) and arms both again from the rows.
    await waitFor(
      async () =>
        (
          await t.app
            .get(BotTimers)
            .pending(ticket.id)
            .catch((): string[] => [])
        ).includes('expire'),
      15_000 * TIME_FACTOR,
    );

    const sent = await waitFor(async () => {
      const row = await t.em().findOne(Schedule, { id: schedule.body.id }, { filters: false });
      return row?.status === 'ENVIADA' ? row : null;
    }, 20_000 * TIME_FACTOR);
    expect(sent.sentAt).not.toBeNull();
    const closed = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Ticket, ticket.id, { filters: false });
      return row.status === 'closed' ? row : null;
    }, 20_000 * TIME_FACTOR);
    expect(closed.status).toBe('closed');
  }, 90_000);

  it('keeps answering while Redis is away: a reply goes out at once and its timer is armed when Redis is back', async () => {
    const ticket = await openTicketOnExpiringConnection(30, '5511922224444', 'Davi');
    await t.app.get(BotTimers).cancel('expire', ticket.id);

    await redis.down();
    try {
      const started = Date.now();
      const reply = await t.http().post(`/api/messages/${ticket.id}`).set(admin.auth).send({ body: 'Já verifico.' });
      expect(reply.status).toBe(201);
      // Not held until Redis returns: the arming waits a bounded time (2 s), then goes on.
      expect(Date.now() - started).toBeLessThan(10_000 * TIME_FACTOR);
    } finally {
      await redis.up();
    }
    // The timer armed during the outage reaches Redis once it is back (or is re-armed from the rows).
    await waitFor(
      async () =>
        (
          await t.app
            .get(BotTimers)
            .pending(ticket.id)
            .catch((): string[] => [])
        ).includes('expire'),
      15_000 * TIME_FACTOR,
    );
  }, 60_000);

  it('re-arms only when Redis lost its data', async () => {
    const reconciler = t.app.get(JobReconciler);
    await waitFor(async () => !(await reconciler.reconcile()), 10_000 * TIME_FACTOR);
    expect(await reconciler.reconcile()).toBe(false);
  });
});
