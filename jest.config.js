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
  testTimeout: 30000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
};
