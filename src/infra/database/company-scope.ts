/**
 * Which `?` placeholders of a statement bind the company. A placeholder binds it when it is compared with a
 * `company_id` column (`t.company_id = ?`), names the company row itself (`from companies c where c.id = ?`), fills
 * the `company_id` column of an `insert ... values` row, or is declared as the statement's company input
 * (`select ?::int as company_id`, for statements that join on that input).
 *
 * This reads SQL text, it does not parse it: it catches a forgotten or wrong company, not a deliberately odd statement.
 * Placeholders are counted as MikroORM substitutes them: `\?` is a literal question mark, `??` an identifier.
 */
const BEFORE_PLACEHOLDER = [/\bcompany_id\s*=\s*\(?\s*$/i, /\bcompanies(?:\s+(?:as\s+)?\w+)?\s+where\s+(?:\w+\.)?id\s*=\s*$/i];
const AFTER_PLACEHOLDER = /^(?:::\s*\w+)?\s+as\s+company_id\b/i;
/** Enough text before a placeholder for the longest pattern above; keeps each test short on long statements. */
const LOOK_BEHIND = 96;
const INSERT_VALUES = /\binsert\s+into\s+[\w.]+\s*\(([^)]*)\)\s*values\s*(?=\()/gi;
const BARE_PLACEHOLDER = /^\?(?:::\s*\w+)?$/;

export function companyPlaceholders(sql: string): number[] {
  const offsets = placeholderOffsets(sql);
  const found = new Set<number>();
  offsets.forEach((at, index) => {
    if (sql[at + 1] === '?') return;
    const before = sql.slice(Math.max(0, at - LOOK_BEHIND), at);
    if (BEFORE_PLACEHOLDER.some((pattern) => pattern.test(before)) || AFTER_PLACEHOLDER.test(sql.slice(at + 1, at + 40))) found.add(index);
  });
  for (const at of insertedCompanyOffsets(sql)) {
    const index = offsets.indexOf(at);
    if (index !== -1) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}

/** Where each placeholder starts, in substitution order. */
function placeholderOffsets(sql: string): number[] {
  const offsets: number[] = [];
  let at = sql.indexOf('?');
  while (at !== -1) {
    if (sql[at - 1] === '\\') {
      at = sql.indexOf('?', at + 1);
      continue;
    }
    offsets.push(at);
    at = sql.indexOf('?', at + (sql[at + 1] === '?' ? 2 : 1));
  }
  return offsets;
}

/** The placeholders written as the `company_id` value of each row of `insert into t (..., company_id, ...) values (...), (...)`. */
function insertedCompanyOffsets(sql: string): number[] {
  const offsets: number[] = [];
  for (const match of sql.matchAll(INSERT_VALUES)) {
    const column = match[1]!
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .indexOf('company_id');
    if (column === -1) continue;
    let at = match.index + match[0].length;
    while (sql[at] === '(') {
      const row = splitRow(sql, at);
      const item = row.items[column];
      if (item && BARE_PLACEHOLDER.test(sql.slice(item.start, item.end).trim())) offsets.push(sql.indexOf('?', item.start));
      at = row.end;
      const next = /^\s*,\s*/.exec(sql.slice(at));
      if (!next) break;
      at += next[0].length;
    }
  }
  return offsets;
}

/** The top-level items of a parenthesised row starting at `open`, minding nested parentheses and quotes. */
function splitRow(sql: string, open: number): { items: Array<{ start: number; end: number }>; end: number } {
  const items: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let start = open + 1;
  for (let at = open; at < sql.length; at += 1) {
    const char = sql[at];
    if (char === "'") {
      at = sql.indexOf("'", at + 1);
      if (at === -1) break;
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) {
      items.push({ start, end: at });
      return { items, end: at + 1 };
    } else if (char === ',' && depth === 1) {
      items.push({ start, end: at });
      start = at + 1;
    }
  }
  return { items, end: sql.length };
}

export class TenantScopeViolation extends Error {}

/** Every company placeholder must be bound to `companyId`, and there must be at least one. */
export function assertCompanyBound(placeholders: readonly number[], params: readonly unknown[], companyId: number, sql: string): void {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new TenantScopeViolation(`Not a company id: ${String(companyId)}`);
  if (!placeholders.length) throw new TenantScopeViolation(`Statement does not constrain company_id by a parameter: ${excerpt(sql)}`);
  for (const index of placeholders) {
    if (params[index] !== companyId) {
      throw new TenantScopeViolation(`Statement binds company_id to ${String(params[index])}, not ${companyId}: ${excerpt(sql)}`);
    }
  }
}

const excerpt = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 160);
