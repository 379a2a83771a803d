// Migrates one template database per run (with the built CLI, as production does); every test file clones it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

export default async function globalSetup() {
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
