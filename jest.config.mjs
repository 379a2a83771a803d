// Jest in ESM mode with swc (legacy decorators + metadata, as the server's tsc build emits).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  // TRACK_HANDLES=1: each file lists what it left open in test-results/handles/ (test/utils/track-handles.ts).
  setupFilesAfterEnv: process.env.TRACK_HANDLES ? ['<rootDir>/test/utils/track-handles.ts'] : [],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': swc },
  testEnvironment: 'node',
};

export default {
  maxWorkers: 2,
  // Each test file loads the app's modules afresh (ESM in vm contexts) and a worker's heap grows about 100 MB a file:
  // a worker past this size after a file is replaced, so a long run cannot exhaust a small CI machine's memory.
  workerIdleMemoryLimit: '800MB',
  // Scaled like the tests' own deadlines (test/utils/time.ts) on a busy machine.
  testTimeout: 60000 * (Number(process.env.TEST_TIME_FACTOR ?? 1) || 1),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/admin/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.mjs',
      globalTeardown: '<rootDir>/test/utils/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.mjs',
      globalTeardown: '<rootDir>/test/utils/global-teardown.mjs',
    },
  ],
};
