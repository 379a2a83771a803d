// PostgreSQL's planning and execution time for the statements a ticket list request runs, as the built server builds
// them (dist's ticketPageSql / counterSql), in the plan mode the server uses: generic plans where the server prepares
// them on its generic-plan sessions, else the default (custom plans for the first five executions, then Postgres's
// choice). Each statement is executed six times before the measured EXPLAIN ANALYZE, as a pooled connection would.
import pg from 'pg';

const literal = (client, value) =>
  value === null || value === undefined ? 'null' : client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value));

/** `?` placeholders as $1..$n, skipping `??` and escaped ones (as the server's `prepared` does). */
const numbered = (sql) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
};

async function timed(client, label, sql, params, generic) {
  await client.query(`set plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
  await client.query(`prepare bench_stmt as ${numbered(sql)}`);
  try {
    const args = params.map((v) => literal(client, v)).join(', ');
    for (let i = 0; i < 6; i += 1) await client.query(`execute bench_stmt(${args})`);
    const [{ Plan: _plan, 'Planning Time': planning, 'Execution Time': execution }] = (
      await client.query(`explain (analyze, format json) execute bench_stmt(${args})`)
    ).rows[0]['QUERY PLAN'];
    return { label, planning, execution };
  } finally {
    await client.query('deallocate bench_stmt');
    await client.query('reset plan_cache_mode');
  }
}

/**
 * `shapes`: [label, filter, offset] of the lists to time; `ctx` an AuthContext for the bench's admin. Answers one line
 * per statement.
 */
export async function planTimes(dbUrl, ctx, shapes) {
  const list = await import('../../dist/src/modules/tickets/ticket-list.sql.js');
  const pool = await import('../../dist/src/infra/database/pg-pool.js');
  // The server plans lists once, generically, since it has generic-plan sessions (pg-pool's `unprepared` came with them).
  const generic = typeof pool.unprepared === 'function';
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const lines = [];
  try {
    for (const [label, filter, offset] of shapes) {
      const page = list.ticketPageSql(ctx, filter, list.TICKET_PAGE_SIZE + 1, offset);
      lines.push(await timed(client, `${label}: page`, page.sql, page.params, generic));
      if (list.countedByCounters(filter)) {
        const counted = list.counterSql(ctx, filter, filter.status ? [filter.status] : ['open', 'pending', 'closed']);
        lines.push(await timed(client, `${label}: counters`, counted.sql, counted.params, generic));
      }
    }
  } finally {
    await client.end();
  }
  return { generic, lines };
}
