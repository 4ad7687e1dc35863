// jest for the shell and the remotes: the root preset plus TSX (react-jsx), jsdom for component
// tests (a test opts into node with `@jest-environment node`), and @sumika/shell-kit mapped to the kit
// source (its package.json has no build entry).
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

exports.frontendJest = function frontendJest(preset, dir) {
  const [pattern, [tsJest, options]] = Object.entries(preset.transform)[0];
  void pattern;
  return {
    ...preset,
    rootDir: dir,
    testEnvironment: 'jsdom',
    // Resolve packages as Node does (rxjs's browser build, react-dom/server's MessageChannel).
    testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
    setupFiles: [path.join(__dirname, 'jest-polyfills.cjs')],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.tsx?$': [tsJest, { ...options, tsconfig: { ...options.tsconfig, jsx: 'react-jsx' } }],
      '^.+\\.css$': preset.transform['^.+\\.css$'],
    },
    moduleNameMapper: {
      ...preset.moduleNameMapper,
      '^@sumika/shell-kit$': path.join(root, 'shell/kit/src/index.ts'),
    },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  };
};
