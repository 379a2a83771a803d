// `node scripts/module-graph.mjs [--raw] [--edges] [--why FROM TO]`: the import graph of src/ between its parts (each
// domain module, channels, each infra area, common, config, authorization, shared, and `model`) and the cycles in it
// (strongly connected components). Type-only imports count: a cycle of types is still a cycle of design.
// The entities (`*.entity.ts`) form the `model` part: they are the schema, and a relation between two tables (a ticket's
// user, a user's queues) is not a call from one module into another. Every other file counts in its module.
// `--raw` counts each entity in its module instead; `--why FROM TO` prints the file imports behind one edge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = 'src';

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) yield path;
  }
}

/** The part of the design a file belongs to. */
const RAW = process.argv.includes('--raw');

function partOf(file) {
  if (!RAW && file.endsWith('.entity.ts')) return 'model';
  const [top, second] = relative(ROOT, file).split('/');
  if (top === 'modules' || top === 'infra') return `${top}/${second}`;
  if (!second) return 'root';
  return top;
}

const edges = new Map();
const why = process.argv.indexOf('--why');
const [whyFrom, whyTo] = why >= 0 ? process.argv.slice(why + 1, why + 3) : [];
for (const file of files(ROOT)) {
  const from = partOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)) {
    const target = normalize(join(dirname(file), match[1])).replace(/\.js$/, '.ts');
    if (!target.startsWith(`${ROOT}/`)) continue;
    const to = partOf(target);
    if (to === from) continue;
    if (from === whyFrom && to === whyTo) console.log(`${file} -> ${target}`);
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components.
const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function visit(node) {
  meta.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    if (!meta.has(next)) {
      visit(next);
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
    } else if (meta.get(next).onStack) {
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
  }
  if (meta.get(node).low === meta.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      meta.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of nodes) if (!meta.has(node)) visit(node);

const edgeCount = [...edges.values()].reduce((n, s) => n + s.size, 0);
console.log(`${nodes.length} parts, ${edgeCount} import edges between them, ${components.length} cycle(s)`);
for (const component of components) console.log(`cycle of ${component.length}: ${component.join(', ')}`);
if (process.argv.includes('--edges')) {
  for (const from of nodes) if (edges.has(from)) console.log(`${from} -> ${[...edges.get(from)].sort().join(', ')}`);
}
