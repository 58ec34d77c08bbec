/**
 * Jest in ESM mode: Nest 12 packages are ESM-only, so `npm test` runs Jest with
 * --experimental-vm-modules. ts-jest compiles each file on its own with tsconfig.spec.json
 * (module esnext, isolatedModules: no type check here; `npm run build` and `npm run lint` check
 * types), which is what keeps a spec file's start cheap.
 *
 * Two projects:
 * - `unit` (`*.unit.spec.ts`): no database, no child process; `npm test -- --selectProjects unit`
 *   runs them in seconds without PostgreSQL.
 * - `integration` (every other `*.spec.ts`): the global setup finds PostgreSQL and migrates a
 *   template database once; each file clones its own database from it (libs/testing), so files run
 *   in parallel workers without sharing rows.
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');

const shared = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.spec.json' }],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  },
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testRegex: '.*\\.unit\\.spec\\.ts$' },
    {
      ...shared,
      displayName: 'integration',
      testRegex: '.*(?<!\\.unit)\\.spec\\.ts$',
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
  ],
  testTimeout: 30000,
  // Most of a spec file's time is spent waiting (PostgreSQL, HTTP round trips, timers), so more
  // workers than cores pays. Each worker holds about 0.5-1 GB: every file loads Nest and TypeORM
  // into a fresh module registry that Jest's ESM mode never frees, so a worker is replaced once it
  // holds more than the limit below.
  maxWorkers: process.env.JEST_WORKERS ?? 4,
  workerIdleMemoryLimit: '1GB',
};
