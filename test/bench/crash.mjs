// Crash recovery: 20 senders x 100 texts through the dev simulator endpoint, kill -9 after 1,000 acknowledgements,
// restart, re-send what got no 2xx; prints what was acknowledged, stored, replayed, lost and duplicated.
import { crashRedisPrefix, runCrashScenario } from '../utils/crash-scenario.mjs';
import { dropScratch, scratch } from './lib.mjs';

const senders = Number(process.env.BENCH_SENDERS ?? 20);
const perSender = Number(process.env.BENCH_PER_SENDER ?? 100);
const killAfter = Number(process.env.BENCH_KILL_AFTER ?? 1000);
const { dbName, dbUrl, dataDir } = await scratch('bench_crash');
try {
  const f = await runCrashScenario({ dbUrl, dataDir, redisPrefix: crashRedisPrefix(), senders, perSender, killAfter });
  console.log(`crash recovery: ${f.expected} messages from ${senders} senders, kill -9 after ${f.acknowledgedBeforeKill} acknowledged`);
  console.log(`  at the kill: ${f.storedAtKill} stored, ${f.inboxAtKill} recorded in the inbox and not yet processed`);
  console.log(`  restart: connection back in ${f.reconnectMs} ms, ${f.resent} unacknowledged re-sent, all stored ${f.recoveryMs} ms after the restart`);
  console.log(`  result: ${f.stored} stored, ${f.missing} lost, ${f.duplicates} duplicated`);
} finally {
  await dropScratch(dbName);
}
