import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { createTenant, createUser, login, type Session } from '../../utils/factories.js';
import { createTestApp, type TestApp } from '../../utils/test-app.js';
import { TIME_FACTOR } from '../../utils/time.js';

type Schema = { $ref?: string; type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; allOf?: Schema[]; oneOf?: Schema[] };

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
];

/** Bad values for a property of a given OpenAPI type: NUL text, huge numbers, impossible dates, wrong shapes. */
function badValues(schema: Schema): unknown[] {
  const common: unknown[] = [{ $gt: '' }, ['x'], NUL];
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

/** Every probe for one route: odd path parameters, then hostile queries and bodies against a harmless id. */
function probesFor(route: Route, doc: OpenAPIObject): Probe[] {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const withParams = (value: (name: string) => string) => route.path.replace(/:(\w+)/g, (_, name: string) => value(name));
  const harmless = withParams(() => '0');
  const probes: Probe[] = [];
  for (const value of params.length ? PATH_VALUES : []) {
    for (const name of params) probes.push({ label: `:${name}=${value}`, path: withParams((n) => (n === name ? value : '0')) });
  }
  for (const [i, query] of QUERY_PROBES.entries()) probes.push({ label: `query#${i}`, path: harmless, query });

  const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase() as 'get'];
  for (const parameter of (operation?.parameters ?? []) as Array<{ in: string; name: string; schema?: Schema }>) {
    if (parameter.in !== 'query') continue;
    // A URL past Node's header limit is refused by Node itself (431) before the app sees it.
    for (const bad of badValues(resolve(doc, parameter.schema) ?? {}).filter((v) => typeof v !== 'string' || v.length < 1000)) {
      probes.push({ label: `?${parameter.name}`, path: harmless, query: { [parameter.name]: typeof bad === 'string' ? bad : JSON.stringify(bad) } });
    }
  }
  if (route.method === 'GET') return probes;

  for (const body of [DEEP_JSON, '{"__proto__":{"super":true}}', '{"constructor":{"prototype":{"x":1}}}', '[1,2]', '"x"', 'null', `{"${NUL}":1}`]) {
    probes.push({ label: `body ${body.slice(0, 30)}`, path: harmless, body });
  }
  const content = (operation?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
  const schema = resolve(doc, content['application/json']?.schema);
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    for (const bad of badValues(resolve(doc, property) ?? {})) {
      probes.push({ label: `body.${name}`, path: harmless, body: JSON.stringify({ [name]: bad }) });
    }
  }
  return probes;
}

describe('security: every route refuses hostile input without a 500', () => {
  let t: TestApp;
  let admin: Session;
  let superUser: Session;
  let doc: OpenAPIObject;
  const routes = snapshotRoutes()
    // Logging out ends the session the walk uses: it goes last.
    .sort((x, y) => Number(x.path === '/api/auth/logout') - Number(y.path === '/api/auth/logout'));

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    superUser = await login(t, (await createUser(t, tenant.company, 'admin', { super: true })).email);
    doc = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
  });
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
    'answers every probe as %s with a status below 500, in time',
    async (_who, session) => {
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        for (const probe of probesFor(route, doc)) {
          let request = t
            .http()
            [route.method.toLowerCase() as 'get'](probe.path)
            .set(session().auth)
            .timeout(10_000 * TIME_FACTOR);
          if (probe.query) request = request.query(probe.query);
          if (probe.body !== undefined) request = request.set('Content-Type', 'application/json').send(probe.body);
          sent += 1;
          try {
            const res = await request;
            if (res.status >= 500) failures.push(`${route.method} ${route.path} ${probe.label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          } catch (error) {
            failures.push(`${route.method} ${route.path} ${probe.label} -> ${(error as Error).message}`);
          }
        }
      }
      expect(sent).toBeGreaterThan(2000);
      expect(failures).toEqual([]);
    },
    180_000,
  );
});
