// One jest setup for every workspace: ts-jest (transpile only, ESM) for speed, `.js` imports mapped to sources.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  setupFilesAfterEnv: [require('node:path').join(__dirname, 'jest.setup.cjs')],
  // Native ESM (the packages are "type": "module" and several dependencies ship ESM only):
  // ts-jest transpiles TypeScript to ES modules; node_modules load as they are.
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        useESM: true,
        tsconfig: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          esModuleInterop: true,
          isolatedModules: true,
          verbatimModuleSyntax: false,
        },
        diagnostics: false,
      },
    ],
    // Stylesheets are CSS files bundled by webpack; under jest an import is the file's text.
    '^.+\\.css$': require('node:path').join(__dirname, 'jest-css-transform.cjs'),
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
