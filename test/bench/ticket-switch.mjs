// `npm run bench -- ticket-switch`: in Chromium, signed in on the demo data with 20 open tickets of 30 messages each,
// click from one ticket to the next and time the click until the new conversation's messages are on screen. The
// spec pauses 500 ms before loading a conversation's messages (core §9 debounce); the figure that counts is the
// time beyond that pause. BENCH_SWITCHES sets the number of clicks; DEBUG_SWITCH=1 prints each switch's requests.
// Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { dropScratch, percentile, scratch, sql, startBuiltServer } from './lib.mjs';

const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 40);
const TICKETS = 20;
const MESSAGES_PER_TICKET = 30;
const SPEC_DEBOUNCE_MS = 500;

const port = 8300 + Math.floor(Math.random() * 500);
const baseUrl = `http://127.0.0.1:${port}`;
const { dbName, dbUrl, dataDir } = await scratch('ticketswitch');
const seeded = spawnSync(process.execPath, ['dist/src/cli.js', 'seed-demo'], { env: { ...process.env, DATABASE_URL: dbUrl }, encoding: 'utf8' });
if (seeded.status !== 0) throw new Error(seeded.stderr);

// Open tickets of the demo admin on the demo connection, each with a conversation whose last message names it.
await sql(
  dbUrl,
  `with admin as (select id, company_id from users where email = 'admin@example.com'),
        connection as (select w.id from whatsapps w join admin a on a.company_id = w.company_id order by w.id limit 1),
        new_contacts as (
          insert into contacts (company_id, name, number)
          select a.company_id, 'Cliente ' || g, '5511990' || lpad(g::text, 6, '0') from admin a, generate_series(1, ${TICKETS}) g
          returning id, company_id, number)
   insert into tickets (company_id, status, contact_id, whatsapp_id, user_id, protocol, last_message, last_message_at)
   select c.company_id, 'open', c.id, (select id from connection), (select id from admin), 'BENCH-' || c.id, 'Mensagem final ' || c.id,
          now() - (c.id || ' seconds')::interval
   from new_contacts c;
   insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, body, from_me, read, ack, created_at, sent_at)
   select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'BENCH-' || t.id || '-' || m, ct.number || '@s.whatsapp.net',
          case when m = ${MESSAGES_PER_TICKET} then 'Mensagem final ' || t.contact_id else 'Mensagem ' || m || ' do atendimento ' || t.id || ', com algum texto para ocupar a bolha.' end,
          m % 3 = 0, true, 3, now() - ((${MESSAGES_PER_TICKET} - m) || ' minutes')::interval, now() - ((${MESSAGES_PER_TICKET} - m) || ' minutes')::interval
   from tickets t join contacts ct on ct.id = t.contact_id, generate_series(1, ${MESSAGES_PER_TICKET}) m
   where t.protocol like 'BENCH-%';`,
);

const server = await startBuiltServer({ dbUrl, dataDir, dbName, port });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name="email"]', 'admin@example.com');
  await page.fill('input[name="password"]', 'Admin123!');
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${baseUrl}/tickets`);
  const rows = page.locator('[data-ticket-id][data-status="open"]');
  await rows.nth(TICKETS - 1).waitFor({ timeout: 30_000 });
  const ids = await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-ticket-id'))));
  const lastMessages = await lastMessagesOf(ids);

  const timings = [];
  const phases = { beforeRequest: [], request: [], render: [], requests: [] };
  for (let i = 0; i <= SWITCHES; i += 1) {
    const ticketId = ids[i % ids.length];
    const row = page.locator(`[data-ticket-id="${ticketId}"] [role="button"]`).first();
    const clickedAt = await row.evaluate((element) => {
      // Click and watch in the page: the time is taken from the click to the frame the last message is painted in.
      const started = performance.now();
      element.click();
      return started;
    });
    const shownAt = await page.evaluate(
      ({ id, text }) =>
        new Promise((resolve) => {
          const check = () => {
            const conversation = document.querySelector(`[data-conversation="${id}"]`);
            const bubbles = conversation?.querySelectorAll('[data-message-id]') ?? [];
            if ([...bubbles].some((bubble) => bubble.textContent?.includes(text))) requestAnimationFrame(() => resolve(performance.now()));
            else requestAnimationFrame(check);
          };
          check();
        }),
      { id: ticketId, text: lastMessages.get(ticketId) },
    );
    // Where the time went: until the messages request left, the request itself, and rendering its answer.
    const request = await page.evaluate(
      ({ id, after }) => {
        const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.includes(`/api/messages/${id}`) && entry.startTime >= after);
        const first = entries[0];
        const all = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= after)
          .map((entry) => `${entry.name.replace(/^.*\/api/, '')} ${Math.round(entry.startTime - after)}-${Math.round(entry.responseEnd - after)} ms`);
        return first && { startTime: first.startTime, responseEnd: first.responseEnd, count: entries.length, all };
      },
      { id: ticketId, after: clickedAt },
    );
    if (process.env.DEBUG_SWITCH) console.log(`  switch ${i}: ${Math.round(shownAt - clickedAt)} ms; requests after the click: ${request?.all.join(', ')}`);
    if (i === 0) continue; // the first click warms the conversation screen's code up
    timings.push(shownAt - clickedAt);
    if (request) {
      phases.beforeRequest.push(request.startTime - clickedAt);
      phases.request.push(request.responseEnd - request.startTime);
      phases.render.push(shownAt - request.responseEnd);
      phases.requests.push(request.count);
    }
  }
  timings.sort((a, b) => a - b);
  const median = (values) =>
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      ),
    );
  const beyond = (ms) => Math.round(ms - SPEC_DEBOUNCE_MS);
  console.log(
    `ticket switch (${timings.length} clicks): click to messages shown p50 ${Math.round(percentile(timings, 0.5))} ms, p95 ${Math.round(percentile(timings, 0.95))} ms; ` +
      `beyond the spec's ${SPEC_DEBOUNCE_MS} ms debounce p50 ${beyond(percentile(timings, 0.5))} ms, p95 ${beyond(percentile(timings, 0.95))} ms`,
  );
  console.log(
    `  medians: click to messages request ${median(phases.beforeRequest)} ms, request ${median(phases.request)} ms, answer to shown ${median(phases.render)} ms; ` +
      `messages requests per switch ${median(phases.requests)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await dropScratch(dbName);
  rmSync(dataDir, { recursive: true, force: true });
}

/** Each ticket's last message, the one shown at the end of its conversation. */
async function lastMessagesOf(ticketIds) {
  const { rows } = await sql(dbUrl, 'select distinct on (ticket_id) ticket_id, body from messages where ticket_id = any($1) order by ticket_id, id desc', [
    ticketIds,
  ]);
  return new Map(rows.map((row) => [row.ticket_id, row.body]));
}
