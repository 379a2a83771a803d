// Runs jest in ESM mode, writes its JSON report and ends with the line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-results/jest.json';
mkdirSync('test-results', { recursive: true });
// A run that ends before jest writes its report must not print the previous run's figures.
rmSync(report, { force: true });
const PROJECTS = new Set(['unit', 'e2e', 'browser']);

/**
 * `--selectProjects` takes every following word as a project name, so `npm run test:e2e -- test/e2e/x.e2e-spec.ts`
 * would ask for a project "test/e2e/x.e2e-spec.ts" and run them all: the project names are moved to the end.
 */
function projectsLast(args) {
  const projects = [];
  const rest = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] !== '--selectProjects') {
      rest.push(args[i]);
      continue;
    }
    while (PROJECTS.has(args[i + 1])) projects.push(args[++i]);
  }
  return projects.length ? [...rest, '--selectProjects', ...projects] : rest;
}
const result = spawnSync(
  process.execPath,
  ['node_modules/jest/bin/jest.js', ...(process.env.CI ? ['--ci'] : []), '--json', `--outputFile=${report}`, ...projectsLast(process.argv.slice(2))],
  { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() } },
);
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + json.numRuntimeErrorTestSuites;
} catch {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
