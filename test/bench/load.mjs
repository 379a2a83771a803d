// A closed-loop load generator (what autocannon does, without the dependency): N clients on keep-alive connections,
// each sending its next request when the previous answer is read, for a fixed time. Plus what a shape reports
// beside latency: the server's RSS, PostgreSQL rows read, the machine's load.
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { percentile, sql } from './lib.mjs';

function once(agent, port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/**
 * Runs `clients` loops for `seconds`; `next(i)` gives each request ({ path, method, headers, body }).
 * Answers requests, errors (non-2xx or connection failures, with the first error seen), sorted latencies (ms), elapsed seconds.
 */
export async function runLoad({ port, clients, seconds, next, onResponse }) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies = [];
  let errors = 0;
  let firstError = null;
  let sequence = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const spec = next(sequence++);
      const t0 = performance.now();
      const res = await once(agent, port, spec);
      latencies.push(performance.now() - t0);
      if (res.status < 200 || res.status >= 300) {
        errors += 1;
        firstError ??= `${res.status} ${res.body.slice(0, 200)}`;
      } else onResponse?.(spec, res, t0);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, firstError, latencies, seconds: elapsed };
}

/** One request outside the measurement (warm-up, cursor walks); throws on a non-2xx answer. */
export async function fetchJson(port, spec) {
  const res = await once(undefined, port, spec);
  if (res.status < 200 || res.status >= 300) throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${res.status} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
}

/** CPU time `pid` has used so far (user + system, ms; the kernel counts in 10 ms ticks). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU time all PostgreSQL processes of the machine have used so far (ms); those that ended meanwhile are not counted. */
function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')) === 'postgres') total += cpuMs(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** CPU time of this process, the load generator (ms). */
const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The highest resident set size of `pid` while `work` runs, sampled every 250 ms (MB), and the CPU time that the
 * server (`cpuMs`), PostgreSQL (`pgCpuMs`) and the load generator (`clientCpuMs`) used meanwhile: where a 2-core
 * machine's time goes.
 */
export async function peakRss(pid, work) {
  const cpuBefore = cpuMs(pid);
  const pgBefore = postgresCpuMs();
  const clientBefore = clientCpuMs();
  let peak = 0;
  const sample = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  };
  sample();
  const timer = setInterval(sample, 250);
  try {
    const result = await work();
    return { result, rssMb: peak, cpuMs: cpuMs(pid) - cpuBefore, pgCpuMs: postgresCpuMs() - pgBefore, clientCpuMs: clientCpuMs() - clientBefore };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Rows PostgreSQL read from the user tables so far (sequential scans' rows + heap rows fetched by index scans).
 * Backends publish their counters when idle, at most once a second and up to 10 s late: callers wait for the figure
 * to settle between shapes.
 */
export async function rowsRead(dbUrl) {
  const { rows } = await sql(dbUrl, `select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)::bigint as n from pg_stat_user_tables`);
  return Number(rows[0].n);
}

/** The counter once every backend has published: idle backends flush at most 10 s after their last publication. */
export async function settledRowsRead(dbUrl, seconds = Number(process.env.BENCH_STATS_WAIT ?? 11)) {
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return rowsRead(dbUrl);
}

export function summary(label, run, { rssMb, rows, cpuMs, pgCpuMs, clientCpuMs }) {
  const lat = run.latencies;
  const fmt = (v) => (v === undefined ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(0));
  const perRequest = (ms) => (run.requests && ms !== undefined ? (ms / run.requests).toFixed(2) : '-');
  const rps = run.requests / run.seconds;
  const [l1, l5, l15] = loadavg();
  return [
    label.padEnd(44),
    `${rps.toFixed(0).padStart(6)} req/s`,
    `p50 ${fmt(percentile(lat, 0.5)).padStart(6)} ms`,
    `p99 ${fmt(percentile(lat, 0.99)).padStart(6)} ms`,
    `errors ${run.errors}`,
    `rss ${rssMb.toFixed(0)} MB`,
    `cpu ms/req node ${perRequest(cpuMs)} pg ${perRequest(pgCpuMs)} client ${perRequest(clientCpuMs)}`,
    `rows/req ${run.requests ? (rows / run.requests).toFixed(0) : '-'}`,
    `load ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}`,
  ].join(' | ');
}
