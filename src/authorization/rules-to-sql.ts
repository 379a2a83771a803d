import { rulesToCondition } from '@casl/ability/extra';
import type { AppAbility, Action, RecordSubject } from '../shared/permissions.js';

/** A piece of SQL with its `?` parameters, ANDed into a list query. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The SQL column of each field the rules of a subject may name; a field missing here is a programming error. */
export type ColumnMap = Readonly<Record<string, string>>;

/** The shape of a rule's parsed condition (@ucast): compound (`and`/`or`/`not`) or a field comparison. */
interface ConditionNode {
  operator: string;
  value: unknown;
  field?: string;
}

const TRUE: SqlPart = { sql: 'true', params: [] };
const FALSE: SqlPart = { sql: 'false', params: [] };

function combine(parts: SqlPart[], joiner: 'and' | 'or'): SqlPart {
  if (parts.length === 0) return joiner === 'and' ? TRUE : FALSE;
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((p) => p.sql).join(` ${joiner} `)})`, params: parts.flatMap((p) => p.params) };
}

/** Mongo semantics on NULL: `not` of an unknown comparison holds, so it is read as false first. */
const negate = (part: SqlPart): SqlPart => ({ sql: `not coalesce(${part.sql}, false)`, params: part.params });

function column(node: ConditionNode, columns: ColumnMap): string {
  const name = node.field !== undefined ? columns[node.field] : undefined;
  if (!name) throw new Error(`rules-to-sql: no column for field ${String(node.field)}`);
  return name;
}

function nodeToSql(node: ConditionNode, columns: ColumnMap): SqlPart {
  switch (node.operator) {
    case 'and':
    case 'or':
      return combine(
        (node.value as ConditionNode[]).map((child) => nodeToSql(child, columns)),
        node.operator,
      );
    case 'not':
      return negate(
        combine(
          (node.value as ConditionNode[]).map((child) => nodeToSql(child, columns)),
          'and',
        ),
      );
    case 'eq':
      return node.value === null ? { sql: `${column(node, columns)} is null`, params: [] } : { sql: `${column(node, columns)} = ?`, params: [node.value] };
    case 'ne':
      return node.value === null
        ? { sql: `${column(node, columns)} is not null`, params: [] }
        : { sql: `${column(node, columns)} is distinct from ?`, params: [node.value] };
    case 'in': {
      const values = node.value as unknown[];
      const known = values.filter((v) => v !== null);
      const parts: SqlPart[] = known.length ? [{ sql: `${column(node, columns)} in (${known.map(() => '?').join(', ')})`, params: known }] : [];
      if (known.length < values.length) parts.push({ sql: `${column(node, columns)} is null`, params: [] });
      return combine(parts, 'or');
    }
    default:
      // Fail closed: an operator this translator does not know must not widen a list.
      throw new Error(`rules-to-sql: unsupported operator ${node.operator}`);
  }
}

/**
 * The rows `ability` allows for `action` on `subjectType`, as one SQL condition (in the spirit of `@casl/prisma`'s
 * `accessibleBy`): CASL's own rule precedence (`rulesToCondition`) over each rule's parsed conditions. No rule gives
 * `false`, an unconditional `can` gives `true`. Plain comparisons only (`=`, `in`, `is null`), so each branch can use
 * an index that leads with the company the caller ANDs in front.
 */
export function rulesToSql(ability: AppAbility, action: Action, subjectType: RecordSubject, columns: ColumnMap): SqlPart {
  const condition = rulesToCondition(
    ability.rulesFor(action, subjectType),
    (rule): SqlPart => {
      if (!rule.ast) throw new Error('rules-to-sql: a conditional rule without a parsed condition');
      const part = nodeToSql(rule.ast as ConditionNode, columns);
      return rule.inverted ? negate(part) : part;
    },
    { and: (parts: SqlPart[]) => combine(parts, 'and'), or: (parts: SqlPart[]) => combine(parts, 'or'), empty: () => TRUE },
  );
  return condition ?? FALSE;
}
