import { adminQuery } from './test-database.js';

const nameOf = (databaseUrl: string) => new URL(databaseUrl).pathname.slice(1);

/** Ends every open connection to the database (as an administrator's pg_terminate_backend or a failover would). */
export async function terminateBackends(databaseUrl: string): Promise<void> {
  await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${nameOf(databaseUrl)}' AND pid <> pg_backend_pid()`);
}

/**
 * A database outage of one test database only (the shared PostgreSQL server keeps serving everyone else): new
 * connections are refused and open ones are terminated. Answers the restore, which is safe to call more than once.
 */
export async function refuseConnections(databaseUrl: string): Promise<() => Promise<void>> {
  const name = nameOf(databaseUrl);
  await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
  await terminateBackends(databaseUrl);
  let restored = false;
  return async () => {
    if (restored) return;
    restored = true;
    await adminQuery(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
  };
}
