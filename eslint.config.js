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
  // A remote never imports another remote, and reaches the shell through one entry: `@sumika/shell-kit`
  // (its components, hooks and the page contract's types); tests add `@sumika/shell-kit/testing`.
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...remotes.filter((r) => r !== remote).map((r) => ({ group: [`@sumika/${r}`, `@sumika/${r}/*`, `**/${r}/**`], message: 'A remote never imports another remote; share through the shell kit.' })),
            { group: ['@sumika/shell', '@sumika/shell/*', '**/shell/src/**', '**/shell/kit/**'], message: "A remote reaches the shell through '@sumika/shell-kit' only (the page contract is exported there)." },
            { group: ['@sumika/shell-kit/*', '!@sumika/shell-kit/testing'], message: "Import '@sumika/shell-kit' itself: its index is the remotes' one entry." },
          ],
        },
      ],
    },
  })),
  {
    // The kit's test entry is for tests only.
    files: remotes.map((r) => `${r}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', { selector: "ImportDeclaration[source.value='@sumika/shell-kit/testing']", message: '@sumika/shell-kit/testing is for tests.' }] },
  },
  // A subgraph never imports another subgraph's code; shared code lives in kits/ (decision 016).
  ...['search', 'bukken', 'user', 'company', 'forms'].map((sg) => ({
    files: [`subgraphs/${sg}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['search', 'bukken', 'user', 'company', 'forms'].filter((o) => o !== sg).map((o) => ({ group: [`@sumika/subgraph-${o}`, `@sumika/subgraph-${o}/*`], message: 'A subgraph asks other subgraphs through the supergraph, never by import.' })) }],
    },
  })),
  // The gateway, the server kit and the domain rules never pull in storage or mail (issue 14, decision 016).
  {
    files: ['gateway/**/*.ts', 'kits/server/**/*.ts', 'kits/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@sumika/storage-kit', '@sumika/storage-kit/*', '@sumika/mail-kit', '@sumika/mail-kit/*', '@sumika/subgraph-*', '@sumika/infra', '@sumika/infra/*', '@sumika/integration', '@sumika/integration/*'], message: 'The gateway and the server kit depend on neither storage nor mail (decision 016).' }] }],
    },
  },
);
