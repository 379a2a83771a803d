import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * SQL lives in `*.repository.ts` files and runs through `tenantSql` / `systemSql` / `tenantRaw`
 * (src/infra/database/sql.ts), which check the company of every statement. A repository may build its statements in
 * a `*.sql.ts` module beside it (so a plan test can EXPLAIN them); such a module holds text and runs nothing.
 * `src/infra/database/` itself (pools, database creation, migrations and the helper) is exempt.
 */

/** Files of other work in progress that still hold SQL the old way. Remove an entry once its file is moved: the list only shrinks. */
const ALLOWED_SQL_OUTSIDE_REPOSITORIES: string[] = [];

/** Repositories of the same work that still run SQL without the helper. */
const ALLOWED_REPOSITORIES_WITHOUT_HELPER: string[] = [];

const EXEMPT_DIR = 'src/infra/database/';
const HELPER_IMPORT = /from '[./]*\/infra\/database\/sql\.js'/;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) yield path;
  }
}

/** Code without comments, so prose about SQL does not count. Rough, but comments here never hold quotes that matter. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** String and template literals that read as a SQL statement. */
const STATEMENT = [
  /^\s*\(?\s*select\s[\s\S]*\sfrom\s/i,
  /^\s*insert\s+into\s/i,
  /^\s*update\s+\w+(\s+\w+)?\s+set\s/i,
  /^\s*delete\s+from\s/i,
  /^\s*with\s+\w+\s+as\s*\(/i,
];
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

function statements(source: string): string[] {
  return (source.match(LITERAL) ?? []).map((literal) => literal.slice(1, -1)).filter((text) => STATEMENT.some((pattern) => pattern.test(text)));
}

/** Reaching the connection or the hot-path pool is how a repository hands them to the helper. */
const REPOSITORY_MAY = ['getConnection()', 'hot-path pool'];

/** Calls that reach the database with SQL, or the ORM's query builders. */
const DIRECT_RUNNERS: Array<[string, RegExp]> = [
  ['execute()', /\.execute\s*[<(]/],
  ['getConnection()', /\bgetConnection\s*\(/],
  ['pg pool or client', /from\s+'pg'|\.query\s*[<(]/],
  ['hot-path pool', /\bHotPathPool\b/],
  ['query builder', /\b(createQueryBuilder|getKysely|getKnex)\s*\(|\.qb\s*\(/],
  ['raw fragment', /\braw\s*\(|\bsql\s*`/],
];
const HELPER_CALLS = /\b(tenantSql|systemSql|tenantRaw|prepared)\s*\(/;

const files = [...sourceFiles('src')].map((path) => ({ path: relative('.', path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));
const checked = files.filter(({ path }) => !path.startsWith(EXEMPT_DIR));
const isRepository = (path: string) => path.endsWith('.repository.ts');
const isStatementModule = (path: string) => path.endsWith('.sql.ts');

function sqlFound(text: string): string[] {
  const body = code(text);
  const found = DIRECT_RUNNERS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
  if (HELPER_CALLS.test(body)) found.push('SQL helper');
  if (statements(body).length) found.push('SQL statement');
  return found;
}

describe('SQL placement', () => {
  it('keeps SQL in repositories', () => {
    const outside = checked
      .filter(({ path }) => !isRepository(path) && !ALLOWED_SQL_OUTSIDE_REPOSITORIES.includes(path))
      .map(({ path, text }) => ({ path, found: sqlFound(text).filter((what) => !(isStatementModule(path) && what === 'SQL statement')) }))
      .filter(({ found }) => found.length);
    expect(outside).toEqual([]);
  });

  it('runs repository SQL only through the helper', () => {
    const offenders = checked
      .filter(({ path }) => isRepository(path) && !ALLOWED_REPOSITORIES_WITHOUT_HELPER.includes(path))
      .map(({ path, text }) => {
        const body = code(text);
        const found = DIRECT_RUNNERS.filter(([name, pattern]) => !REPOSITORY_MAY.includes(name) && pattern.test(body)).map(([name]) => name);
        if (statements(body).length && !HELPER_IMPORT.test(body)) found.push('SQL statement without the helper');
        return { path, found };
      })
      .filter(({ found }) => found.length);
    expect(offenders).toEqual([]);
  });

  it('says why at every statement that spans companies', () => {
    const unexplained = checked.flatMap(({ path, text }) => {
      const lines = text.split('\n');
      return lines
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => /\bsystemSql\s*\(/.test(line) && !/^\s*(export )?function\b/.test(line) && !/^\s*\*/.test(line))
        .filter(({ line, index }) => !line.includes('//') && !/^\s*(\/\/|\*)/.test(lines[index - 1] ?? ''))
        .map(({ index }) => `${path}:${index + 1}`);
    });
    expect(unexplained).toEqual([]);
  });

  it('keeps the allowlists current: every listed file exists and still needs its entry', () => {
    const byPath = new Map(files.map((file) => [file.path, file.text]));
    const stale = [
      ...ALLOWED_SQL_OUTSIDE_REPOSITORIES.filter((path) => isRepository(path) || !sqlFound(byPath.get(path) ?? '').length),
      ...ALLOWED_REPOSITORIES_WITHOUT_HELPER.filter((path) => {
        const body = code(byPath.get(path) ?? '');
        return !DIRECT_RUNNERS.some(([name, pattern]) => !REPOSITORY_MAY.includes(name) && pattern.test(body));
      }),
    ];
    expect(stale).toEqual([]);
  });

  it('recognises SQL the way the rules above expect', () => {
    expect(sqlFound("await this.em.getConnection().execute('select 1 from t where company_id = ?', [id]);")).toEqual([
      'execute()',
      'getConnection()',
      'SQL statement',
    ]);
    expect(sqlFound('const q = `update tickets t set status = ? where t.id = ?`;')).toEqual(['SQL statement']);
    expect(sqlFound("// select id from users where id = ?\nconst label = 'Select a queue';")).toEqual([]);
    expect(sqlFound('constructor(private readonly hot: HotPathPool) {}')).toEqual(['hot-path pool']);
    expect(sqlFound('return tenantSql(this.hot, id).all(STATEMENT, [id]);')).toEqual(['SQL helper']);
  });
});
