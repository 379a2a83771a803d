// `node test/bench/profile-summary.mjs file.cpuprofile [top]`: where a V8 CPU profile's time went, by package (self
// time of the functions each one holds) and by function, as shares of the profiled time.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node test/bench/profile-summary.mjs file.cpuprofile [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** Which package (or part of Node, or of this project) a function belongs to. */
function packageOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 14).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const dist = url.indexOf('/dist/');
  return dist >= 0
    ? `app:${url
        .slice(dist + 6)
        .split('/')
        .slice(0, 3)
        .join('/')}`
    : url;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
const busy = total - idle;

const sum = (keyOf) => {
  const totals = new Map();
  for (const [id, time] of self) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') continue;
    const key = keyOf(frame);
    totals.set(key, (totals.get(key) ?? 0) + time);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const line = ([key, time]) => `${((time / busy) * 100).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${key}`;

console.log(`${file}: ${(total / 1e6).toFixed(1)} s profiled, ${((busy / total) * 100).toFixed(0)}% busy; shares of the busy time`);
console.log('\nby package');
for (const entry of sum(packageOf).slice(0, top)) console.log(line(entry));
console.log('\nby function');
for (const entry of sum((f) => `${f.functionName || '(anonymous)'}  ${packageOf(f)}:${f.lineNumber + 1}`).slice(0, top)) console.log(line(entry));
