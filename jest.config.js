/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/backend', '<rootDir>/projections', '<rootDir>/test', '<rootDir>/frontend'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: { '\\.css$': '<rootDir>/test/support/style-stub.js' },
  // A budget against hangs, not a bound on speed: with a second npm test beside this one, a test of 10 s alone took
  // over 30 (route-matrix's bad-input sweep). Tests that need longer still say so themselves.
  testTimeout: 120000,
  // Two suites at a time: at one worker the suite kept about 0.6 of this 2-core machine's cores busy (it waits on shop
  // processes, Chromium and timers), and Jest's default here is one (cores - 1). Every suite has its own temporary
  // folders, ports and PostgreSQL databases. `npx jest --maxWorkers=1` runs them one at a time.
  maxWorkers: 2,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
};
