// Migrates one template database per run (with the built CLI, as production does); every test file clones it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startS3Server } from './s3-server.mjs';

export const TEMPLATE_ENV = 'TEST_TEMPLATE_DB';
const base = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** With STORAGE=s3 and no S3_ENDPOINT, every e2e test keeps its media in a local S3 server (s3rver), started here. */
async function startS3ForRun() {
  if (process.env.STORAGE !== 's3' || process.env.S3_ENDPOINT) return;
  const s3 = await startS3Server({ detached: true });
  Object.assign(process.env, s3.env, { S3_TEST_SERVER_PID: String(s3.pid), S3_TEST_SERVER_DIR: s3.directory });
}

export default async function globalSetup() {
  await startS3ForRun();
  if (process.env[TEMPLATE_ENV]) return;
  const name = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const result = spawnSync(process.execPath, ['dist/src/cli.js', 'migrate'], {
    env: { ...process.env, DATABASE_URL: databaseUrl(name), NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Migrating the template database failed (is the server built? npm run build:server)\n${result.stderr}`);
  process.env[TEMPLATE_ENV] = name;
}
