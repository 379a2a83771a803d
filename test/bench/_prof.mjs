import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { fetchJson, runLoad } from './load.mjs';
import { percentile } from './lib.mjs';
const dbName = process.argv[2];
const dbUrl = `postgresql://postgres@127.0.0.1:5432/${dbName}`;
const port = 19998;
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/wtb-prof', 'dist/src/main.js'], {
  env: {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    DATA_DIR: mkdtempSync('/tmp/wtbp-'),
    LOG_LEVEL: process.env.LL ?? 'info',
    REDIS_PREFIX: dbName + 'p',
    NODE_ENV: 'development',
    DEMO_DATA: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try {
    await fetchJson(port, { path: '/api/version' });
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 200));
  }
}
const { token } = await fetchJson(port, {
  method: 'POST',
  path: '/api/auth/login',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@bench.example', password: 'Bench123!' }),
});
const headers = { authorization: `Bearer ${token}` };
const path = process.argv[3];
await runLoad({ port, clients: 20, seconds: 2, next: () => ({ path, headers }) });
const cpu0 = (await import('node:fs')).readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ');
const r = await runLoad({ port, clients: 20, seconds: 10, next: () => ({ path, headers }) });
const cpu1 = (await import('node:fs')).readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(' ');
const ticks = Number(cpu1[13]) + Number(cpu1[14]) - (Number(cpu0[13]) + Number(cpu0[14]));
console.log(
  `${(r.requests / r.seconds).toFixed(0)} req/s p50 ${percentile(r.latencies, 0.5).toFixed(1)} p99 ${percentile(r.latencies, 0.99).toFixed(1)} errors ${r.errors}; server CPU ${((ticks * 10) / r.requests).toFixed(2)} ms/req`,
);
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
