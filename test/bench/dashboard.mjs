// `npm run bench -- dashboard`: runs the inbound bench (with the bot answering) in a child process with METRICS_PORT
// set, scrapes its /metrics every 500 ms, and plots the series an operator watches (the Grafana dashboard's main
// panels) into a PNG drawn by headless Chromium: BENCH_DASHBOARD_PNG (default test-results/dashboard.png).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = resolve(process.env.BENCH_DASHBOARD_PNG ?? 'test-results/dashboard.png');
const EVERY_MS = 500;

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The sum of every sample of `name` (all label sets), or null when the family is absent. */
function total(text, name) {
  let sum = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    sum = (sum ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const port = await freePort();
const child = spawn(process.execPath, ['test/bench/run.mjs', 'inbound'], {
  env: { ...process.env, METRICS_PORT: String(port), BENCH_BOT: process.env.BENCH_BOT ?? '1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((done) => child.on('exit', done));
const samples = [];
const started = Date.now();
let running = true;
void exited.then(() => {
  running = false;
});
while (running) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((res) => (res.ok ? res.text() : null))
    .catch(() => null);
  if (text)
    samples.push({
      t: (Date.now() - started) / 1000,
      accepted: total(text, 'atendechat_inbox_accepted_total'),
      processed: total(text, 'atendechat_inbox_processed_total'),
      backlog: total(text, 'atendechat_inbox_backlog'),
      sends: total(text, 'atendechat_outbound_sends_total'),
      emitted: total(text, 'atendechat_socket_events_emitted_total'),
      lag: total(text, 'nodejs_eventloop_lag_p99_seconds'),
      rss: total(text, 'process_resident_memory_bytes'),
      cpu: total(text, 'process_cpu_seconds_total'),
    });
  await new Promise((r) => setTimeout(r, EVERY_MS));
}
if (samples.length < 3) throw new Error(`only ${samples.length} scrapes of /metrics: nothing to plot`);

/** Per-second rate of a counter between consecutive scrapes (Prometheus' rate(), on this window). */
const rate = (key) =>
  samples.slice(1).map((s, i) => {
    const prev = samples[i];
    return { t: s.t, v: s[key] === null || prev[key] === null ? 0 : Math.max(0, (s[key] - prev[key]) / (s.t - prev.t)) };
  });
const gauge = (key, scale = 1) => samples.map((s) => ({ t: s.t, v: (s[key] ?? 0) * scale }));

const panels = [
  { title: 'Inbox events per s (messages, receipts)', series: [rate('accepted'), rate('processed')], names: ['accepted', 'processed'] },
  { title: 'Inbox backlog (read from PostgreSQL at most every 5 s)', series: [gauge('backlog')], names: ['backlog'] },
  { title: 'Outbound sends and socket events (per s)', series: [rate('sends'), rate('emitted')], names: ['sends', 'socket events'] },
  { title: 'Event-loop lag p99 (ms)', series: [gauge('lag', 1000)], names: ['lag p99'] },
  { title: 'CPU (cores busy)', series: [rate('cpu')], names: ['process CPU'] },
  { title: 'RSS (MB)', series: [gauge('rss', 1 / 1048576)], names: ['rss'] },
];
const COLORS = ['#1976d2', '#e65100'];

function svg(panel) {
  const w = 620;
  const h = 230;
  const pad = { l: 56, r: 12, t: 30, b: 28 };
  const all = panel.series.flat();
  const maxT = Math.max(...all.map((p) => p.t), 1);
  const maxV = Math.max(...all.map((p) => p.v), 1e-9) * 1.1;
  const x = (t) => pad.l + (t / maxT) * (w - pad.l - pad.r);
  const y = (v) => h - pad.b - (v / maxV) * (h - pad.t - pad.b);
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const v = maxV * f;
      return `<line x1="${pad.l}" x2="${w - pad.r}" y1="${y(v)}" y2="${y(v)}" stroke="#e0e0e0"/><text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end">${v >= 100 ? v.toFixed(0) : v.toFixed(1)}</text>`;
    })
    .join('');
  const lines = panel.series
    .map(
      (points, i) =>
        `<polyline fill="none" stroke="${COLORS[i]}" stroke-width="2" points="${points.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')}"/>`,
    )
    .join('');
  const legend = panel.names.map((name, i) => `<tspan fill="${COLORS[i]}" dx="12">■ ${name}</tspan>`).join('');
  return `<svg width="${w}" height="${h}" font-family="Roboto, sans-serif" font-size="11"><text x="${pad.l}" y="18" font-size="13" font-weight="500">${panel.title}</text><text x="${w - pad.r - 200}" y="18">${legend}</text>${grid}${lines}<text x="${w - pad.r}" y="${h - 6}" text-anchor="end">seconds into the run (${maxT.toFixed(0)} s)</text></svg>`;
}

const html = `<!doctype html><html><body style="margin:0;padding:16px;background:#fafafa">
<h2 style="font-family:Roboto,sans-serif;margin:0 0 12px">Atendechat operations — inbound bench with the bot, scraped every ${EVERY_MS} ms</h2>
<div style="display:grid;grid-template-columns:repeat(2,620px);gap:12px">${panels.map((p) => `<div style="background:#fff;border:1px solid #ddd">${svg(p)}</div>`).join('')}</div>
</body></html>`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 800 } });
  await page.setContent(html);
  mkdirSync(dirname(OUT), { recursive: true });
  await page.screenshot({ path: OUT, fullPage: true });
} finally {
  await browser.close();
}
writeFileSync(OUT.replace(/\.png$/, '.json'), JSON.stringify(samples));
const peak = (points) => Math.max(...points.map((p) => p.v));
console.log(
  `dashboard: ${samples.length} scrapes; peak processed ${peak(rate('processed')).toFixed(0)} msg/s, peak backlog ${peak(gauge('backlog')).toFixed(0)}, peak lag p99 ${peak(gauge('lag', 1000)).toFixed(0)} ms; written to ${OUT}`,
);
