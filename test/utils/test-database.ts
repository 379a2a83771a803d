import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const TEST_PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const TEMPLATE_ENV = 'TEST_TEMPLATE_DB';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** A fresh database cloned from the migrated template (cheap: Postgres copies files). */
export async function cloneTemplate(): Promise<{ name: string; url: string }> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error('The e2e global setup did not create a template database');
  const name = uniqueName('t');
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return { name, url: databaseUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
