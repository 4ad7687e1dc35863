// ESLint flat config: typescript-eslint's recommended rules plus the boundaries of STYLE.md rule 8.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-search', 'mf-detail', 'mf-user', 'mf-forms'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/__generated__/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Browser code: the shell, its kit and the remotes run in the browser and on the SSR server.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'jest.setup.cjs'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // A remote never imports another remote.
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: remotes.filter((r) => r !== remote).map((r) => ({ group: [`@sumika/${r}`, `@sumika/${r}/*`, `**/${r}/**`], message: 'A remote never imports another remote; share through the shell kit.' })) }],
    },
  })),
  // A subgraph never imports another subgraph's code; shared server code lives in subgraphs/kit.
  ...['search', 'bukken', 'user', 'company', 'forms'].map((sg) => ({
    files: [`subgraphs/${sg}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['search', 'bukken', 'user', 'company', 'forms'].filter((o) => o !== sg).map((o) => ({ group: [`@sumika/subgraph-${o}`, `@sumika/subgraph-${o}/*`], message: 'A subgraph asks other subgraphs through the supergraph, never by import.' })) }],
    },
  })),
);
