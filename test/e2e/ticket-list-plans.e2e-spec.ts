import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

/**
 * Plan guard: on 50,000 tickets and 200,000 messages, the statements the ticket list, its counts and its search
 * really send (recorded at the pg driver while the API answers) are EXPLAINed, and none reads tickets, messages or contacts by a
 * sequential scan. Prepared list statements are checked with their generic plan too, which Postgres may switch to.
 */

const TICKETS = 50_000;
const RARE_WORD = 'zebrafalante';
/** In 1% of the messages: enough hits for the planner to be tempted by a hash join over every ticket. */
const COMMON_WORD = 'pitombeira';

interface Statement {
  text: string;
  values: unknown[];
  prepared: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Plan Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The ticket rows an analysed plan's scans returned, over all their loops. */
function ticketRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'tickets' ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + ticketRowsRead(child), 0);
}

/** The row estimates of the Limit nodes over a scan of tickets: a plan that knows the page's size plans for a page. */
function pageLimits(node: PlanNode): number[] {
  const readsTickets = (n: PlanNode): boolean => n['Relation Name'] === 'tickets' || (n.Plans ?? []).some(readsTickets);
  const own = node['Node Type'] === 'Limit' && readsTickets(node) ? [node['Plan Rows'] ?? Number.POSITIVE_INFINITY] : [];
  return [...own, ...(node.Plans ?? []).flatMap(pageLimits)];
}

/** The indexes a plan reads. */
function indexesOf(node: PlanNode): string[] {
  const own = node['Index Name'] ? [node['Index Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** A value as a SQL literal for EXECUTE: arrays as Postgres array literals. */
const literalOf = (db: pg.Client, value: unknown): string =>
  value === null ? 'null' : db.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value));

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && ['tickets', 'messages', 'contacts'].includes(node['Relation Name'] ?? '') ? [node['Relation Name']!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Every statement on the ticket tables the app sends while `recording` is on. */
const recorder = {
  recording: false,
  statements: [] as Statement[],
};
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
interface Patched {
  prototype: { query: Query };
  original: Query;
}
const patched: Patched[] = [];

/** Records on the pg Client class(es) in use: the ORM may resolve its own copy of pg. */
function patch(client: { prototype: unknown }): void {
  const prototype = client.prototype as { query: Query };
  if (patched.some((p) => p.prototype === prototype)) return;
  const original = prototype.query;
  patched.push({ prototype, original });
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    record(args);
    return original.apply(this, args);
  };
}

function record(args: unknown[]): void {
  const [config, values] = args;
  if (recorder.recording) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
    const params = typeof config === 'string' ? values : ((config as { values?: unknown[] }).values ?? values);
    if (text && /\bfrom (tickets|ticket_counters|hits)\b/.test(text)) {
      recorder.statements.push({
        text,
        values: (params as unknown[]) ?? [],
        prepared: typeof config === 'object' && Boolean((config as { name?: string }).name),
      });
    }
  }
}

describe('ticket list plans on 50k tickets / 200k messages', () => {
  let t: TestApp;
  let a: TenantFixture;
  let admin: Session;
  let user: Session;
  let db: pg.Client;
  let tagId: number;

  beforeAll(async () => {
    t = await createTestApp();
    patch(pg.Client);
    patch(((await t.em().getConnection().getNativeClient()) as unknown as { Client: { prototype: unknown } }).Client);
    a = await createTenant(t);
    [admin, user] = [await login(t, a.admin.email), await login(t, a.user.email)];
    db = new pg.Client({ connectionString: t.config.databaseUrl });
    await db.connect();
    // 10% open, 5% pending, 85% closed over 180 days; a third without queue; 4 messages each, 0.1% with the rare word, 1% with the common one.
    await db.query(
      `with c as (
         insert into contacts (company_id, name, number)
         select $1::int, 'Cliente ' || g, '5511' || lpad(g::text, 9, '0') from generate_series(1, $2::int) g returning id)
       insert into tickets (company_id, status, contact_id, user_id, queue_id, protocol, last_message, last_message_at, created_at)
       select $1::int, s.status, c.id, case when s.status = 'open' then (case when c.id % 2 = 0 then $3::int else $4::int end) end,
              case when c.id % 3 = 0 then null when c.id % 3 = 1 then $5::int else $6::int end,
              'B' || c.id, 'texto', now() - random() * interval '180 days', now() - interval '181 days'
         from c, lateral (select case when c.id % 20 < 2 then 'open' when c.id % 20 < 3 then 'pending' else 'closed' end as status) s`,
      [a.company.id, TICKETS, a.admin.id, a.user.id, a.queues[0]!.id, a.queues[1]!.id],
    );
    await db.query(
      `insert into messages (company_id, ticket_id, contact_id, provider_id, remote_jid, body, created_at)
       select t.company_id, t.id, t.contact_id, 'seed-' || t.id || '-' || k, t.contact_id || '@s.whatsapp.net',
              case when (t.id * 4 + k) % 1000 = 0 then 'mensagem com ${RARE_WORD} aqui'
                   when (t.id * 4 + k) % 100 = 7 then 'pedido ${COMMON_WORD} ' || t.id
                   else (array['bom dia', 'preciso de ajuda com o pedido', 'qual o prazo de entrega', 'obrigado', 'segue o comprovante'])[1 + (t.id + k) % 5] || ' ' || t.id end,
              t.last_message_at - k * interval '1 minute'
         from tickets t, generate_series(0, 3) k where t.company_id = $1`,
      [a.company.id],
    );
    // One tag on 1% of the tickets.
    tagId = (await db.query(`insert into tags (company_id, name, color) values ($1, 'VIP', '#FF0000') returning id`, [a.company.id])).rows[0].id;
    await db.query(`insert into ticket_tags (company_id, ticket_id, tag_id) select company_id, id, $2 from tickets where company_id = $1 and id % 100 = 0`, [
      a.company.id,
      tagId,
    ]);
    await db.query('analyze tickets, messages, contacts, ticket_counters, ticket_tags');
  });

  afterAll(async () => {
    for (const { prototype, original } of patched) prototype.query = original;
    await db?.end();
    await t?.close();
  });

  /** The statements one request sends. */
  async function statementsOf(request: () => Promise<unknown>): Promise<Statement[]> {
    recorder.statements = [];
    recorder.recording = true;
    try {
      await request();
    } finally {
      recorder.recording = false;
    }
    return recorder.statements;
  }

  /**
   * No sequential scan in any statement's plan; for prepared statements (lists, counters: they run generic plans, see
   * HotPathPool) the generic plan too, and together those generic plans read every index of `intended`.
   */
  async function expectIndexOnly(name: string, statements: Statement[], intended: string[] = [], maxTicketRows = Number.POSITIVE_INFINITY): Promise<void> {
    expect({ name, statements: statements.length }).toEqual({ name, statements: expect.any(Number) });
    expect(statements.length).toBeGreaterThan(0);
    const genericIndexes = new Set<string>();
    for (const statement of statements) {
      const [plan] = (await db.query(`explain (format json) ${statement.text}`, statement.values)).rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>;
      expect({ name, sql: statement.text, seqScans: seqScans(plan!.Plan) }).toEqual({ name, sql: statement.text, seqScans: [] });
      if (!statement.prepared) continue;
      // A named statement may run its generic plan after five executions: that one must hold too.
      await db.query('set plan_cache_mode = force_generic_plan');
      await db.query(`prepare guard as ${statement.text}`);
      try {
        const literals = statement.values.map((v) => literalOf(db, v)).join(', ');
        const [generic] = (await db.query(`explain (analyze, format json) execute guard(${literals})`)).rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>;
        expect({ name, generic: true, seqScans: seqScans(generic!.Plan) }).toEqual({ name, generic: true, seqScans: [] });
        // A generic plan that cannot see the page's size walks (and sorts) every ticket of the status: it must stop early.
        const rows = ticketRowsRead(generic!.Plan);
        expect({ name, generic: true, ticketRowsOverBudget: rows > maxTicketRows ? rows : 0 }).toEqual({ name, generic: true, ticketRowsOverBudget: 0 });
        // And it plans for a page, not for the tenth of the table a generic `limit $n` is guessed at.
        if (Number.isFinite(maxTicketRows) && /\bas row\b/.test(statement.text)) {
          const planned = Math.max(0, ...pageLimits(generic!.Plan));
          expect({ name, generic: true, plannedPage: planned <= maxTicketRows ? 'a page' : planned }).toEqual({ name, generic: true, plannedPage: 'a page' });
        }
        for (const index of indexesOf(generic!.Plan)) genericIndexes.add(index);
      } finally {
        await db.query('deallocate guard');
        await db.query('reset plan_cache_mode');
      }
    }
    expect({ name, generic: [...genericIndexes].filter((index) => intended.includes(index)).sort() }).toEqual({ name, generic: [...intended].sort() });
  }

  /** The list's own index (company, status, last message, id). The counters' table is a few rows here: read whole. */
  const LIST_INDEXES = ['tickets_company_id_status_last_message_at_id_index'];
  /** A page reads its 41 rows (and, by page number, the ones it skips), plus the few its filters drop. */
  const PAGE_ROWS = 200;

  const get = (session: Session, path: string, query: Record<string, unknown>) => async () => {
    const res = await t.http().get(path).query(query).set(session.auth);
    expect(res.status).toBe(200);
    return res.body as { cursor: string | null; tickets: unknown[]; count: number };
  };

  it('open page 1, for an admin (show all) and an attendant (visibility rules), with the tab counts', async () => {
    await expectIndexOnly('open page 1 admin', await statementsOf(get(admin, '/api/tickets', { status: 'open', showAll: true })), LIST_INDEXES, PAGE_ROWS);
    await expectIndexOnly('open page 1 user', await statementsOf(get(user, '/api/tickets', { status: 'open' })), LIST_INDEXES, PAGE_ROWS);
    await expectIndexOnly('pending page 1 user', await statementsOf(get(user, '/api/tickets', { status: 'pending' })), LIST_INDEXES, PAGE_ROWS);
    await expectIndexOnly('tab counts', await statementsOf(get(user, '/api/tickets/counts', {})));
    await expectIndexOnly(
      'open page 1, a queue subset',
      await statementsOf(get(admin, '/api/tickets', { status: 'open', showAll: true, queueIds: JSON.stringify([a.queues[0]!.id]) })),
      LIST_INDEXES,
      PAGE_ROWS,
    );
    const page = await get(admin, '/api/tickets', { status: 'closed', showAll: true })();
    expect(page.count).toBe(TICKETS * 0.85);
  });

  it('closed page 50, by cursor and by pageNumber', async () => {
    let cursor: string | null = null;
    for (let page = 1; page < 50; page++) {
      const body = await get(admin, '/api/tickets', { status: 'closed', showAll: true, ...(cursor ? { cursor } : {}) })();
      cursor = body.cursor;
    }
    expect(cursor).toEqual(expect.any(String));
    await expectIndexOnly(
      'closed page 50 cursor',
      await statementsOf(get(admin, '/api/tickets', { status: 'closed', showAll: true, cursor })),
      LIST_INDEXES,
      PAGE_ROWS,
    );
    await expectIndexOnly(
      'closed page 50 number',
      await statementsOf(get(admin, '/api/tickets', { status: 'closed', showAll: true, pageNumber: 50 })),
      LIST_INDEXES,
      49 * 40 + PAGE_ROWS,
    );
    await expectIndexOnly(
      'closed, a tag filter',
      await statementsOf(get(admin, '/api/tickets', { status: 'closed', showAll: true, tags: JSON.stringify([tagId]) })),
      // The tag's tickets first (ticket_tags, small here), then each by primary key.
      ['tickets_pkey'],
    );
    await expectIndexOnly('every status page 1', await statementsOf(get(admin, '/api/tickets', { showAll: true })), LIST_INDEXES, 3 * PAGE_ROWS);
  });

  it('search by a rare word of the messages, by contact name and by number', async () => {
    const found = await get(admin, '/api/tickets', { searchParam: RARE_WORD, showAll: true })();
    expect(found.count).toBe(200);
    await expectIndexOnly('search word', await statementsOf(get(admin, '/api/tickets', { searchParam: RARE_WORD, showAll: true })));
    await expectIndexOnly('search common word', await statementsOf(get(admin, '/api/tickets', { searchParam: COMMON_WORD, showAll: true })));
    await expectIndexOnly(
      'search common word, open',
      await statementsOf(get(admin, '/api/tickets', { searchParam: COMMON_WORD, status: 'open', showAll: true })),
    );
    // In a fifth of the messages: the first statement stops at the cap and the list walks its index instead.
    await expectIndexOnly('search dense word', await statementsOf(get(admin, '/api/tickets', { searchParam: 'pedido', showAll: true })));
    await expectIndexOnly('search word user', await statementsOf(get(user, '/api/tickets', { searchParam: RARE_WORD })));
    await expectIndexOnly('search name', await statementsOf(get(admin, '/api/tickets', { searchParam: 'Cliente 4242', showAll: true })));
    await expectIndexOnly('search number', await statementsOf(get(admin, '/api/tickets', { searchParam: '000012345', showAll: true })));
  });
});
