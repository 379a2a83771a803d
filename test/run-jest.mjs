// Runs jest in ESM mode, writes its JSON report and ends with the line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const report = 'test-results/jest.json';
mkdirSync('test-results', { recursive: true });
const result = spawnSync(
  process.execPath,
  ['node_modules/jest/bin/jest.js', '--forceExit', ...(process.env.CI ? ['--ci'] : []), '--json', `--outputFile=${report}`, ...process.argv.slice(2)],
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
