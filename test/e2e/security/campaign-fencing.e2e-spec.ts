import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIMULATOR_SLOW_SUFFIX } from '../../../src/channels/simulator/simulator-session.js';
import { JobReconciler } from '../../../src/infra/jobs/job-reconciler.js';
import { CampaignJobs } from '../../../src/modules/campaigns/campaign-jobs.js';
import { CampaignWalker } from '../../../src/modules/campaigns/campaign-walker.js';
import { WALK_MAX_REARMS } from '../../../src/modules/campaigns/campaign-watch.js';
import { campaignOf, campaignReaches, contactListWith, setCampaignSettings, shippingsOf, wire } from '../../utils/campaigns.js';
import { connectedSimulator, waitFor } from '../../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

let sequence = 0;
const numberOf = (suffix = '1234') => `55119${String(5000 + ++sequence).slice(-4)}${suffix}`;

/**
 * The walk's fence, driven by hand: two walkers of one campaign (what a Redis loss or a stalled job produces), the
 * later one taking the walk while the earlier one is in the middle of a slow send; and the watch that re-arms a walk
 * whose job is gone and stops, with the reason shown, one that keeps not moving.
 */
describe('security: one walker per campaign', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let connectionId: number;
  let walker: CampaignWalker;
  let jobs: CampaignJobs;

  beforeAll(async () => {
    t = await createTestApp({ campaigns: { secondMs: 1 } });
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    connectionId = (await connectedSimulator(t, tenant.company.id, 'Cerca')).id;
    await setCampaignSettings(t, tenant.company.id, { messageInterval: 0, longerIntervalAfter: 0, dailyCap: 0 });
    walker = t.app.get(CampaignWalker);
    jobs = t.app.get(CampaignJobs);
  });
  afterAll(() => t?.close());

  const execute = (sql: string, params: unknown[]) => t.em().getConnection().execute(sql, params);

  /** Sends the simulated WhatsApp has started over a slow link and not accepted yet. */
  const underWay = (): Array<{ to: string }> => {
    const file = join(t.config.dataDir, 'simulator', `under-way-${connectionId}.jsonl`);
    return existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { to: string })
      : [];
  };

  /**
   * A campaign due now whose job (generation 0) waits an hour in Redis: the test walks it by hand, and the watch
   * leaves it alone (its job is live) for a minute.
   */
  async function dueCampaign(numbers: string[]): Promise<number> {
    const list = await contactListWith(
      t,
      tenant.company.id,
      numbers.map((number, i) => ({ name: `Cliente ${i}`, number })),
    );
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await t
      .http()
      .post('/api/campaigns')
      .set(admin.auth)
      .send({ name: `Cerca ${sequence}`, message1: 'Oi {nome}', contactListId: list.id, whatsappId: connectionId, scheduledAt });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await execute(`update campaigns set scheduled_at = now() where company_id = ? and id = ?`, [tenant.company.id, id]);
    return id;
  }

  it(
    'a walker whose walk was taken over sends nothing more, and the takeover waits for the send in flight',
    async () => {
      const slow = numberOf(SIMULATOR_SLOW_SUFFIX);
      const numbers = [slow, numberOf(), numberOf()];
      const id = await dueCampaign(numbers);
      const companyId = tenant.company.id;

      const first = await walker.take(companyId, id, 0);
      expect(first).not.toBeNull();
      // A job of another generation takes nothing.
      expect(await walker.take(companyId, id, 1)).toBeNull();

      // The first walker is in the middle of its 3 s send to the slow number when a second walker takes the walk.
      const sending = walker.step(companyId, id, first!);
      await waitFor(() => underWay().some((entry) => entry.to === slow), 10_000 * TIME_FACTOR);
      let taken = false;
      const second = walker.take(companyId, id, 0).then(async (fence) => {
        taken = true;
        // By the time the walk changes hands, the send in flight is on the wire and recorded.
        const [row] = await shippingsOf(t, id);
        return { fence, slowStatus: row!.status, onWire: wire(t, connectionId).some((entry) => entry.to === slow) };
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(taken).toBe(false);
      expect(await sending).not.toBeNull();
      const { fence, slowStatus, onWire } = await second;
      expect({ slowStatus, onWire }).toEqual({ slowStatus: 'delivered', onWire: true });
      expect(fence).toBeGreaterThan(first!);

      // The first walker, fenced off, claims and sends nothing.
      const before = wire(t, connectionId).length;
      expect(await walker.step(companyId, id, first!)).toBeNull();
      expect(wire(t, connectionId)).toHaveLength(before);
      expect((await shippingsOf(t, id)).map((s) => s.status)).toEqual(['delivered', 'pending', 'pending']);

      // The second walks the rest: every recipient once.
      for (let i = 0; i < 5; i += 1) if ((await walker.step(companyId, id, fence!)) === null) break;
      await campaignReaches(t, id, 'FINALIZADA');
      const sent = wire(t, connectionId).filter((entry) => numbers.includes(entry.to));
      expect(sent.map((entry) => entry.to)).toEqual(numbers);
      expect(new Set(sent.map((entry) => entry.providerId)).size).toBe(numbers.length);
    },
    60_000 * TIME_FACTOR,
  );

  it(
    'the watch arms a walk whose job is gone again, and stops one that keeps not moving with WALK_STUCK shown',
    async () => {
      const reconciler = t.app.get(JobReconciler);
      const companyId = tenant.company.id;
      const numbers = [numberOf(), numberOf()];
      const id = await dueCampaign(numbers);
      // Due a minute ago and no job in Redis (it failed, or was lost): the watch arms the next generation, which walks.
      await jobs.cancelWalk(id, 0);
      await execute(
        `update campaigns set scheduled_at = now() - interval '1 minute', updated_at = now() - interval '1 minute' where company_id = ? and id = ?`,
        [companyId, id],
      );
      await reconciler.runWatches();
      await campaignReaches(t, id, 'FINALIZADA');
      expect((await campaignOf(t, id)).pauseReason).toBeNull();
      expect(wire(t, connectionId).filter((entry) => numbers.includes(entry.to))).toHaveLength(numbers.length);

      // One that re-arming did not help (WALK_MAX_REARMS re-arms in a row without a recipient walked, and its job gone
      // again) stops, and the campaigns list and its report say why.
      const stuck = await dueCampaign([numberOf()]);
      await execute(
        `update campaigns set walk_rearms = ?, walk_generation = 7, scheduled_at = now() - interval '1 minute', updated_at = now() - interval '1 minute'
        where company_id = ? and id = ?`,
        [WALK_MAX_REARMS, companyId, stuck],
      );
      await waitFor(async () => {
        await reconciler.runWatches();
        return (await campaignOf(t, stuck)).status === 'CANCELADA';
      }, 15_000 * TIME_FACTOR);
      const shown = await t.http().get(`/api/campaigns/${stuck}`).set(admin.auth);
      expect(shown.body).toMatchObject({ status: 'CANCELADA', pauseReason: 'WALK_STUCK' });
      const listed = await t.http().get('/api/campaigns').set(admin.auth);
      expect(JSON.stringify(listed.body)).toContain('"pauseReason":"WALK_STUCK"');
      const report = await t.http().get(`/api/campaigns/${stuck}/report`).set(admin.auth);
      expect(report.body.campaign).toMatchObject({ status: 'CANCELADA', pauseReason: 'WALK_STUCK' });

      // Restart resumes it under a new generation, and it finishes.
      const restarted = await t.http().post(`/api/campaigns/${stuck}/restart`).set(admin.auth);
      expect(restarted.status).toBeLessThan(300);
      await campaignReaches(t, stuck, 'FINALIZADA');
    },
    60_000 * TIME_FACTOR,
  );
});
