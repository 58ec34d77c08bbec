/**
 * Jest in ESM mode: Nest 12 packages are ESM-only, so `npm test` runs Jest with
 * --experimental-vm-modules and ts-jest compiles with tsconfig.spec.json (module esnext).
 */
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.json');

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testRegex: '.*\\.spec\\.ts$',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.spec.json' }],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    ...pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  },
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  testTimeout: 30000,
  // One file at a time, in one worker that is replaced once it holds more than this: each spec file
  // loads Nest and TypeORM into a fresh module registry that Jest's ESM mode never frees, so a
  // single process (--runInBand) runs out of heap after about 30 files.
  maxWorkers: 1,
  workerIdleMemoryLimit: '1GB',
};
