// One jest setup for every workspace: ts-jest (transpile only) for speed, ESM-style `.js` imports mapped to sources.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  setupFilesAfterEnv: [require('node:path').join(__dirname, 'jest.setup.cjs')],
  transform: {
    // ts-jest in transpile-only mode (isolatedModules): fast, no type checking (tsc --build does that).
    '^.+\\.(t|j)sx?$': [
      'ts-jest',
      {
        tsconfig: {
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node',
          esModuleInterop: true,
          allowJs: true,
          isolatedModules: true,
          verbatimModuleSyntax: false,
          jsx: 'react-jsx',
        },
        diagnostics: false,
      },
    ],
  },
  // jose and a few others ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
