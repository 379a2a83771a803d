import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { createTenant, createUser, login, type Session } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
};

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

interface Probe {
  label: string;
  path: string;
  query?: Record<string, string>;
  /** A raw JSON text, sent as application/json. */
  body?: string;
  /** The body property this probe changes: a 2xx must not have stored null as text. */
  property?: string;
  /** The probe sends "no value" (null or ''): after a 2xx the row is read back. */
  empty?: boolean;
}

/** The route list the permission snapshot reviews: every handler of the API. */
function snapshotRoutes(): Route[] {
  const text = readFileSync(new URL('../../unit/__snapshots__/endpoint-permissions.spec.ts.snap', import.meta.url), 'utf8');
  return [...text.matchAll(/^(GET|POST|PUT|DELETE) (\/api\/\S*) -> /gm)].map((m) => ({ method: m[1] as Route['method'], path: m[2]! }));
}

const NUL = 'a\u0000b';
const DEEP_JSON = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
/** Path parameters that are never a real row, so no probe changes or deletes anything. */
const PATH_VALUES = ['99999999999', '1e20', '%00', '-1', '__proto__', 'constructor', 'a%20b', '2026-13-45'];
const QUERY_PROBES: Record<string, string>[] = [
  { pageNumber: '1e20', searchParam: NUL },
  { pageNumber: '99999999999999999999' },
  { range: '[1e20,1e20]', sort: '["__proto__","ASC"]' },
  { sort: '["constructor","DESC"]', filter: '{"__proto__":1}' },
  { sort: '["toString","ASC"]', filter: '{"toString":{"a":1}}' },
  { filter: '{"id":"abc","q":"x\\u0000y"}' },
  { filter: '{"id":[1e20]}', range: '[0,1e20]' },
  { companyId: '1e20', date: '2026-13-45', initialDate: '275760-09-14', finalDate: '2026-02-30', days: '1e20' },
  { companyId: NUL, cursor: NUL, status: NUL, queueIds: '[1e20]', tags: '{"__proto__":1}' },
  // What a client sends for "no value": the word null, an empty parameter, a JSON null.
  { queueId: 'null', userId: '', whatsappId: 'null', contactId: '', ticketId: 'null', parentId: 'null' },
  { queueIds: 'null', tags: '[null]', users: '', showAll: 'null', date: 'null', dateStart: '', dateEnd: 'null', updatedAt: '' },
  { pageNumber: 'null', searchParam: 'null', status: '' },
  { filter: '{"queueId":null,"userId":null,"whatsappId":"","id":null,"q":null}' },
  { filter: 'null', range: 'null', sort: 'null' },
];

/**
 * Bad values for a property of a given OpenAPI type: "no value" (null, ''), NUL text, huge numbers, impossible dates and
 * the wrong JSON type (a number for a text, a text for a number or a flag, an object for a list, a list for an object).
 */
function badValues(schema: Schema): unknown[] {
  const common: unknown[] = [null, '', { $gt: '' }, ['x'], NUL];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return [...common, 1e20, -1e20, 1.5e308, '1e20'];
    case 'boolean':
      return [...common, 'maybe', 2];
    case 'array':
      return [...common, [NUL], [1e20], [{ __proto__: null, constructor: 1 }]];
    case 'object':
      return [...common, 1e20];
    default:
      return [...common, 1e20, '2026-13-45', '275760-09-14T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', `${'x'.repeat(70000)}`];
  }
}

function resolve(doc: OpenAPIObject, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(doc, ((doc.components?.schemas ?? {}) as Record<string, Schema>)[schema.$ref.split('/').pop()!]);
  if (schema.allOf) return { type: 'object', properties: Object.assign({}, ...schema.allOf.map((s) => resolve(doc, s)?.properties ?? {})) };
  return schema;
}

/** The rows the property probes edit, by resource: created through the API before the walk, never deleted by it. */
type Fixtures = Record<string, number>;

const phone = (n: number) => `5511${String(900000000 + n).padStart(9, '0')}`;
const color = (n: number) => `#${(0x100000 + n * 7919).toString(16).slice(-6).toUpperCase()}`;
const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((weekdayEn) => ({
  weekdayEn,
  startTime: '08:00',
  endTime: '18:00',
}));

/**
 * A body each route accepts as it is (`n` keeps unique fields unique). The property probes change one field of it, so a
 * null or a wrong type reaches the service instead of stopping at a missing required field. Routes not listed get `{}`:
 * updates keep what is not sent. The `fixture` ones are also sent once before the walk to make the rows it edits.
 */
const HARMLESS: Record<string, { fixture?: string; body: (fx: Fixtures, n: number) => Record<string, unknown> }> = {
  'POST /api/plans': { fixture: 'plans', body: (_, n) => ({ name: `Fuzz plano ${n}`, users: 5, connections: 5, queues: 5, value: 10 }) },
  'POST /api/companies': { fixture: 'companies', body: (fx, n) => ({ name: `Fuzz empresa ${n}`, email: `fuzz-company-${n}@test.example`, planId: fx.plans }) },
  'POST /api/helps': { fixture: 'helps', body: (_, n) => ({ title: `Fuzz ajuda ${n}` }) },
  'POST /api/announcements': { fixture: 'announcements', body: (_, n) => ({ title: `Fuzz aviso ${n}`, text: 'Texto do aviso' }) },
  'POST /api/contacts': { fixture: 'contacts', body: (_, n) => ({ name: `Fuzz contato ${n}`, number: phone(n) }) },
  'POST /api/queue': { fixture: 'queue', body: (_, n) => ({ name: `Fuzz fila ${n}`, color: color(n), greetingMessage: 'Olá!' }) },
  'POST /api/tags': { fixture: 'tags', body: (_, n) => ({ name: `Fuzz etiqueta ${n}`, color: color(n) }) },
  'POST /api/whatsapp': { fixture: 'whatsapp', body: (_, n) => ({ name: `Fuzz conexão ${n}`, provider: 'simulator' }) },
  'POST /api/users': {
    fixture: 'users',
    body: (_, n) => ({ name: `Fuzz usuário ${n}`, email: `fuzz-user-${n}@test.example`, password: 'Secret123!', profile: 'user' }),
  },
  'POST /api/tickets': { fixture: 'tickets', body: (fx) => ({ contactId: fx.contacts, whatsappId: fx.whatsapp, queueId: fx.queue, status: 'open' }) },
  'POST /api/quick-messages': { fixture: 'quick-messages', body: (_, n) => ({ shortcode: `fuzz${n}`, message: 'Olá' }) },
  'POST /api/schedules': {
    fixture: 'schedules',
    body: (fx) => ({ body: 'Olá', sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), contactId: fx.contacts }),
  },
  'POST /api/contact-lists': { fixture: 'contact-lists', body: (_, n) => ({ name: `Fuzz lista ${n}` }) },
  'POST /api/contact-list-items': {
    fixture: 'contact-list-items',
    body: (fx, n) => ({ name: `Fuzz item ${n}`, number: phone(n), contactListId: fx['contact-lists'] }),
  },
  'POST /api/files': { fixture: 'files', body: (_, n) => ({ name: `Fuzz arquivos ${n}`, message: 'Segue o material' }) },
  'POST /api/campaigns': { fixture: 'campaigns', body: (_, n) => ({ name: `Fuzz campanha ${n}` }) },
  'POST /api/chats': { fixture: 'chats', body: (fx, n) => ({ title: `Fuzz conversa ${n}`, users: [{ id: fx.users }] }) },
  'POST /api/prompt': {
    fixture: 'prompt',
    body: (fx, n) => ({ name: `Fuzz prompt ${n}`, prompt: 'Responda em uma frase', apiKey: 'sk-fuzz', queueId: fx.queue }),
  },
  'POST /api/queueIntegration': {
    fixture: 'queueIntegration',
    body: (_, n) => ({ type: 'webhook', name: `Fuzz integração ${n}`, urlN8N: 'https://example.com/hook' }),
  },
  'POST /api/queue-options': { fixture: 'queue-options', body: (fx, n) => ({ queueId: fx.queue, title: `Fuzz opção ${n}` }) },
  'POST /api/ticket-notes': { body: (fx) => ({ note: 'Fuzz nota', ticketId: fx.tickets, contactId: fx.contacts }) },
  'POST /api/tags/sync': { body: (fx) => ({ ticketId: fx.tickets, tags: [{ id: fx.tags }] }) },
  'POST /api/campaign-settings/variables': { body: (_, n) => ({ key: `fuzz${n}`, value: 'valor' }) },
  'POST /api/chats/:id/messages': { body: () => ({ message: 'Olá' }) },
  'POST /api/messages/:ticketId': { body: () => ({ body: 'Olá' }) },
  'POST /api/contacts/whatsapp-check': { body: (_, n) => ({ number: phone(n) }) },
  'PUT /api/settings/:key': { body: () => ({ value: 'enabled' }) },
  'PUT /api/companies/:id/schedules': { body: () => ({ schedules: WEEK }) },
};

/** The fixture a path parameter names: `:id` by the route's first segment, the others by their name. */
function fixtureFor(route: Route, name: string, fx: Fixtures): string {
  if (name === 'key') return 'userRating';
  if (name === 'id') return String(fx[route.path.split('/')[2]!] ?? 0);
  const byName: Record<string, string> = { ticketId: 'tickets', tagId: 'tags', connectionId: 'whatsapp', fileListId: 'files', companyId: 'companies' };
  return String(byName[name] ? (fx[byName[name]] ?? 0) : 0);
}

let counter = 0;

/** Every probe for one route: odd path parameters, then hostile queries and bodies. */
function probesFor(route: Route, doc: OpenAPIObject, fx: Fixtures): Probe[] {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const withParams = (value: (name: string) => string) => route.path.replace(/:(\w+)/g, (_, name: string) => value(name));
  const harmless = withParams(() => '0');
  const probes: Probe[] = [];
  for (const value of params.length ? PATH_VALUES : []) {
    for (const name of params) probes.push({ label: `:${name}=${value}`, path: withParams((n) => (n === name ? value : '0')) });
  }
  const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase() as 'get'];
  const queryParameters = ((operation?.parameters ?? []) as Array<{ in: string; name: string; schema?: Schema }>).filter((p) => p.in === 'query');
  // Reads of the query string are documented (the list helper's too): other writing routes never look at it.
  if (route.method === 'GET' || queryParameters.length) {
    for (const [i, query] of QUERY_PROBES.entries()) probes.push({ label: `query#${i}`, path: harmless, query });
  }
  for (const parameter of queryParameters) {
    // A URL past Node's header limit is refused by Node itself (431) before the app sees it.
    const values = [...badValues(resolve(doc, parameter.schema) ?? {}), 'null'].filter((v) => v !== null && (typeof v !== 'string' || v.length < 1000));
    for (const bad of values) {
      probes.push({
        label: `?${parameter.name}=${JSON.stringify(bad).slice(0, 20)}`,
        path: harmless,
        query: { [parameter.name]: typeof bad === 'string' ? bad : JSON.stringify(bad) },
      });
    }
  }
  if (route.method === 'GET') return probes;

  for (const body of [DEEP_JSON, '{"__proto__":{"super":true}}', '{"constructor":{"prototype":{"x":1}}}', '[1,2]', '"x"', 'null', `{"${NUL}":1}`]) {
    probes.push({ label: `body ${body.slice(0, 30)}`, path: harmless, body });
  }
  const content = (operation?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
  const schema = resolve(doc, content['application/json']?.schema);
  // Property probes reach real rows (deleting routes keep the id that names nothing), on top of a body the route accepts.
  const target = route.method === 'DELETE' ? harmless : withParams((name) => fixtureFor(route, name, fx));
  const base = HARMLESS[`${route.method} ${route.path}`];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const resolved = resolve(doc, property) ?? {};
    for (const bad of badValues(resolved)) {
      const body = { ...(base?.body(fx, ++counter) ?? {}), [name]: bad };
      probes.push({
        label: `body.${name}=${JSON.stringify(bad)?.slice(0, 20)}`,
        path: target,
        body: JSON.stringify(body),
        property: name,
        empty: bad === null || bad === '',
      });
    }
  }
  return probes;
}

/** Runs `work` over `items`, `limit` at a time, in order of start. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Requests in flight at once: enough to keep the server busy, few enough for a shared two-core machine. */
const CONCURRENCY = 4;

describe('security: every route refuses hostile input without a 500', () => {
  let t: TestApp;
  let admin: Session;
  let superUser: Session;
  let doc: OpenAPIObject;
  const fx: Fixtures = {};
  const reads = new Set(
    snapshotRoutes()
      .filter((r) => r.method === 'GET')
      .map((r) => r.path),
  );
  const routes = snapshotRoutes()
    // Logging out ends the session the walk uses: it goes last.
    .sort((x, y) => Number(x.path === '/api/auth/logout') - Number(y.path === '/api/auth/logout'));

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTenant(t, { plan: { users: 1000, connections: 1000, queues: 1000 } });
    admin = await login(t, tenant.admin.email);
    superUser = await login(t, (await createUser(t, tenant.company, 'admin', { super: true })).email);
    doc = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
    // The rows the property probes edit; each harmless body must be accepted, or the probes built on it test nothing.
    for (const [key, harmless] of Object.entries(HARMLESS)) {
      if (!harmless.fixture) continue;
      const res = await t.http().post(key.split(' ')[1]!).set(superUser.auth).send(harmless.body(fx, ++counter));
      expect([key, res.status, res.body?.id === undefined ? res.body : 'ok']).toEqual([key, 201, 'ok']);
      fx[harmless.fixture] = res.body.id as number;
    }
  }, 60_000 * TIME_FACTOR);
  afterAll(() => t.close());

  it('reads more than a hundred routes from the endpoint snapshot, all documented', () => {
    expect(routes.length).toBeGreaterThan(100);
    const undocumented = routes.filter((r) => !doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase() as 'get']);
    expect(undocumented).toEqual([]);
  });

  it.each([
    ['an admin', () => admin],
    ['a super user', () => superUser],
  ])(
    'answers every probe as %s with a status below 500, and stores no null as text',
    async (_who, session) => {
      const failures: string[] = [];
      let sent = 0;
      let denied = 0;
      const send = async (route: Route, probe: Probe): Promise<number> => {
        const url = new URL(probe.path, t.baseUrl);
        for (const [key, value] of Object.entries(probe.query ?? {})) url.searchParams.set(key, value);
        const headers: Record<string, string> = { ...session().auth };
        if (probe.body !== undefined) headers['Content-Type'] = 'application/json';
        sent += 1;
        const where = `${route.method} ${route.path} ${probe.label}`;
        try {
          const res = await fetch(url, { method: route.method, headers, body: probe.body, signal: AbortSignal.timeout(10_000 * TIME_FACTOR) });
          const text = await res.text();
          if (res.status >= 500) failures.push(`${where} -> ${res.status} ${text.slice(0, 200)}`);
          // A field sent as null is cleared or refused: never stored (and answered, or read back) as the text "null".
          else if (res.ok && probe.property) {
            const stored = probe.empty ? await readBack(route, probe, text) : text;
            if (stored.includes(`"${probe.property}":"null"`)) failures.push(`${where} -> ${res.status} stored "null"`);
          }
          return res.status;
        } catch (error) {
          const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
          failures.push(`${where} -> ${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`);
          return 0;
        }
      };
      /** The row a write changed, as the API reads it: the same path's GET, or the created row's. */
      const readBack = async (route: Route, probe: Probe, answer: string): Promise<string> => {
        const id = answer.startsWith('{') ? (JSON.parse(answer) as { id?: unknown }).id : undefined;
        const path = reads.has(route.path) ? probe.path : typeof id === 'number' && reads.has(`${route.path}/:id`) ? `${route.path}/${id}` : undefined;
        if (!path) return answer;
        const res = await fetch(new URL(path, t.baseUrl), { headers: session().auth, signal: AbortSignal.timeout(10_000 * TIME_FACTOR) });
        return `${answer} ${await res.text()}`;
      };
      for (const route of routes) {
        const [first, ...rest] = probesFor(route, doc, fx);
        if (!first) continue;
        // Guards answer before any pipe or handler reads the input: a route the role may not call (a super user's, for
        // the admin) answers 403 to every probe, so one says it.
        if ((await send(route, first)) === 403) {
          denied += 1;
          continue;
        }
        await pool(rest, CONCURRENCY, async (probe) => void (await send(route, probe)));
      }
      expect(denied).toBeLessThan(routes.length / 3);
      expect(sent).toBeGreaterThan(5000);
      expect(failures).toEqual([]);
    },
    240_000 * TIME_FACTOR,
  );
});
