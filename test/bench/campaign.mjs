// `npm run bench -- campaign`: what the campaign walk costs per message (CPU and queries, at the start of a 1,000-item
// list and deep in a 50,000-item one), how far each send lands from its planned time, and how long writing the
// 50,000 recipients of a campaign takes. Needs `npm run build:server`.
import { EntityManager } from '@mikro-orm/postgresql';
import { SIMULATOR_TIMINGS } from '../../dist/src/channels/simulator/simulator-session.js';
import { CampaignEvents } from '../../dist/src/modules/campaigns/campaign-events.js';
import { CampaignJobs } from '../../dist/src/modules/campaigns/campaign-jobs.js';
import { CampaignDispatchRepository } from '../../dist/src/modules/campaigns/campaign-dispatch.repository.js';
import { CampaignsRepository } from '../../dist/src/modules/campaigns/campaigns.repository.js';
import { HotPathPool } from '../../dist/src/infra/database/pg-pool.js';
import { forkForCompany } from '../../dist/src/infra/database/tenant-scope.js';
import { seed } from '../utils/crash-scenario.mjs';
import { wireOf } from '../utils/campaign-crash.mjs';
import { runBench, startBenchApp } from './in-process.mjs';
import { percentile, sql } from './lib.mjs';

const BIG = Number(process.env.BENCH_CAMPAIGN_ITEMS ?? 50_000);
const MEASURED = Number(process.env.BENCH_CAMPAIGN_MEASURED ?? 1000);
const PACED = Number(process.env.BENCH_CAMPAIGN_PACED ?? 200);
const SECOND_MS = 10;

let ids = {};
async function seedCampaigns(dbUrl) {
  ids = await seed(dbUrl);
  const { companyId } = ids;
  await sql(dbUrl, `insert into settings (company_id, key, value) values ($1, 'campaignsEnabled', 'true')`, [companyId]);
  for (const [key, value] of [
    ['longerIntervalAfter', '0'],
    ['dailyCap', '0'],
  ]) {
    await sql(dbUrl, `insert into campaign_settings (company_id, key, value) values ($1, $2, $3)`, [companyId, key, value]);
  }
  const list = async (name, size) => {
    const { rows } = await sql(dbUrl, `insert into contact_lists (company_id, name) values ($1, $2) returning id`, [companyId, name]);
    await sql(
      dbUrl,
      `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       select $1, $2, 'Cliente ' || g, '55' || (11900000000 + $3::bigint * 1000000 + g)::text, 'c' || g || '@ex.com', true from generate_series(1, $4) g`,
      [companyId, rows[0].id, name.length, size],
    );
    return rows[0].id;
  };
  ids.small = await list('Mil', MEASURED);
  ids.big = await list('Cinquenta mil', BIG);
  ids.paced = await list('Ritmo', PACED);
}

// The walk's own cost: the simulated phone's delivery receipts (three per message, handled by the inbound pipeline
// like any provider event) are switched off unless BENCH_CAMPAIGN_ACKS=1.
if (process.env.BENCH_CAMPAIGN_ACKS !== '1') SIMULATOR_TIMINGS.acks = [];

runBench(async () => {
  const bench = await startBenchApp('bench_campaign', seedCampaigns, { campaigns: { secondMs: SECOND_MS } });
  try {
    const { app, dbUrl } = bench;
    const { companyId, connectionId } = ids;
    const setInterval = (value) =>
      sql(
        dbUrl,
        `insert into campaign_settings (company_id, key, value) values ($1, 'messageInterval', $2) on conflict (company_id, key) do update set value = $2`,
        [companyId, String(value)],
      );
    const createCampaign = async (name, listId) => {
      const { rows } = await sql(
        dbUrl,
        `insert into campaigns (company_id, name, message1, whatsapp_id, contact_list_id, status) values ($1, $2, 'Oi {nome}, tudo bem?', $3, $4, 'INATIVA') returning id`,
        [companyId, name, connectionId, listId],
      );
      return rows[0].id;
    };

    // Query counting: the hot pool (prepared statements) and the ORM's connection.
    let queries = 0;
    const hot = app.get(HotPathPool);
    const hotQuery = hot.query.bind(hot);
    hot.query = (...args) => {
      queries += 1;
      return hotQuery(...args);
    };
    const connection = app.get(EntityManager).getConnection();
    const execute = connection.execute.bind(connection);
    connection.execute = (...args) => {
      queries += 1;
      return execute(...args);
    };

    // The end of a walk is heard from the app's own campaign events, so the bench adds no polling to the CPU measured.
    const waiting = new Map();
    const campaignEvents = app.get(CampaignEvents);
    const changed = campaignEvents.changed.bind(campaignEvents);
    campaignEvents.changed = (company, record, action) => {
      if (record.status === 'FINALIZADA') waiting.get(record.id)?.();
      return changed(company, record, action);
    };
    const finished = (campaignId) => new Promise((resolve) => waiting.set(campaignId, resolve));

    // 1. Writing the recipients of a 50,000-item list (the start of a campaign).
    const bigCampaign = await createCampaign('Grande', ids.big);
    const repository = app.get(CampaignsRepository);
    const em = forkForCompany(app.get(EntityManager), companyId);
    let started = performance.now();
    const written = await em.transactional((tx) => repository.enqueue(companyId, bigCampaign, { contactListId: ids.big, tagId: null }, tx));
    const enqueueMs = performance.now() - started;
    console.log(`enqueue: ${written} recipients written in ${enqueueMs.toFixed(0)} ms`);

    // 2. Dispatch overhead with no wait between contacts: CPU and queries per message, shallow and deep.
    await setInterval(0);
    const walk = async (campaignId, label, expected, running = false) => {
      if (!running) await sql(dbUrl, `update campaigns set status = 'PROGRAMADA', scheduled_at = now() where id = $1`, [campaignId]);
      const done = finished(campaignId);
      const cpu = process.cpuUsage();
      const q0 = queries;
      const t0 = performance.now();
      await app.get(CampaignJobs).armWalk(companyId, campaignId, new Date());
      await done;
      const elapsed = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      const perMessageCpu = (used.user + used.system) / 1000 / expected;
      console.log(
        `${label}: ${expected} messages in ${(elapsed / 1000).toFixed(1)} s (${((expected * 1000) / elapsed).toFixed(0)} msg/s), ` +
          `${perMessageCpu.toFixed(2)} ms CPU and ${((queries - q0) / expected).toFixed(2)} queries per message (whole process, progress events included)`,
      );
    };
    const small = await createCampaign('Mil', ids.small);
    await walk(small, `1,000-item list`, MEASURED);
    // Deep in the big list: all but the last MEASURED recipients already sent.
    await sql(dbUrl, `update campaign_shippings set status = 'delivered', delivered_at = now() where campaign_id = $1 and position <= $2`, [
      bigCampaign,
      BIG - MEASURED,
    ]);
    await sql(dbUrl, `update campaigns set status = 'EM_ANDAMENTO', walked = $2 where id = $1`, [bigCampaign, BIG - MEASURED]);
    await walk(bigCampaign, `last ${MEASURED} of a ${BIG}-item list`, MEASURED, true);

    // 3. Pacing: messageInterval 5 (50 ms here), no jitter measured away: each send against the time planned for it.
    await setInterval(5);
    const planned = [];
    const dispatch = app.get(CampaignDispatchRepository);
    const sent = dispatch.sent.bind(dispatch);
    dispatch.sent = (company, shippingId, info) => {
      if (info.nextAt) planned.push(info.nextAt.getTime());
      return sent(company, shippingId, info);
    };
    const paced = await createCampaign('Ritmo', ids.paced);
    started = Date.now();
    await walk(paced, `paced ${PACED}`, PACED);
    const sends = wireOf(bench.dataDir, connectionId)
      .filter((e) => new Date(e.at).getTime() >= started)
      .map((e) => new Date(e.at).getTime());
    const errors = sends
      .slice(1)
      .map((at, i) => Math.abs(at - planned[i]))
      .sort((x, y) => x - y);
    console.log(
      `pacing error over ${errors.length} waits of 50 ms ±20%: p50 ${percentile(errors, 0.5)} ms, p99 ${percentile(errors, 0.99)} ms, max ${errors.at(-1)} ms`,
    );
  } finally {
    await bench.close();
  }
});
