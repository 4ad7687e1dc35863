// The kit renders React: jsdom, and ts-jest for .tsx as well as .ts (same options as the preset, plus JSX).
const preset = require('../../jest.preset.cjs');

const [, tsJestOptions] = preset.transform['^.+\\.ts$'];

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'shell-kit',
  testEnvironment: 'jsdom',
  // Resolve packages as Node does: rxjs's browser build is ESM in .js files, react-dom/server's needs MessageChannel.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
  setupFiles: [require('node:path').join(__dirname, 'jest.polyfills.cjs')],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { ...tsJestOptions, tsconfig: { ...tsJestOptions.tsconfig, jsx: 'react-jsx' } }],
    '^.+\\.css$': preset.transform['^.+\\.css$'],
  },
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
};
