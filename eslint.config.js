// ESLint flat config: typescript-eslint's recommended rules plus the boundaries of STYLE.md rule 8.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mf-search', 'mf-detail', 'mf-user', 'mf-forms'];
const subgraphs = ['search', 'bukken', 'user', 'company', 'forms'];
const root = import.meta.dirname;

const otherSubgraphs = (sg) =>
  subgraphs
    .filter((o) => o !== sg)
    .map((o) => ({
      group: [`@sumika/subgraph-${o}`, `@sumika/subgraph-${o}/*`],
      message: 'A subgraph asks other subgraphs through the supergraph, never by import.',
    }));

/** Feature folders of a remote, read from disk so a new feature is covered without editing this file. */
const featuresOf = (remote) =>
  readdirSync(`${root}/${remote}/src/features`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

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
            ...remotes
              .filter((r) => r !== remote)
              .map((r) => ({
                group: [`@sumika/${r}`, `@sumika/${r}/*`, `**/${r}/**`],
                message: 'A remote never imports another remote; share through the shell kit.',
              })),
            {
              group: ['@sumika/shell', '@sumika/shell/*', '**/shell/src/**', '**/shell/kit/**'],
              message: "A remote reaches the shell through '@sumika/shell-kit' only (the page contract is exported there).",
            },
            {
              // The map stack (`/map`, and `/map/leaflet` from lazy chunks) is a subpath: the kit's index (the first view) never loads it.
              group: ['@sumika/shell-kit/*', '!@sumika/shell-kit/testing', '!@sumika/shell-kit/map', '!@sumika/shell-kit/map/leaflet'],
              message: "Import '@sumika/shell-kit' itself: its index is the remotes' one entry (the map stack: '@sumika/shell-kit/map').",
            },
          ],
        },
      ],
    },
  })),
  {
    // The kit's test entry is for tests only.
    files: remotes.map((r) => `${r}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='@sumika/shell-kit/testing']", message: '@sumika/shell-kit/testing is for tests.' },
      ],
    },
  },
  // A subgraph never imports another subgraph's code; shared code lives in kits/ (decision 016).
  ...subgraphs.map((sg) => ({
    files: [`subgraphs/${sg}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: otherSubgraphs(sg) }] },
  })),
  // The gateway, the server kit and the domain rules never pull in storage or mail (issue 14, decision 016).
  {
    files: ['gateway/**/*.ts', 'kits/server/**/*.ts', 'kits/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@sumika/storage-kit',
                '@sumika/storage-kit/*',
                '@sumika/mail-kit',
                '@sumika/mail-kit/*',
                '@sumika/subgraph-*',
                '@sumika/infra',
                '@sumika/infra/*',
                '@sumika/integration',
                '@sumika/integration/*',
              ],
              message: 'The gateway and the server kit depend on neither storage nor mail (decision 016).',
            },
          ],
        },
      ],
    },
  },
  // The runner, and its group entry that also hosts the remotes' static servers, stay light: the kit's
  // barrel brings fastify, GraphQL, OpenTelemetry and Redis (~55 MB of RSS) to processes that serve none.
  {
    files: ['infra/src/runner/*.ts'],
    ignores: ['infra/src/runner/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@sumika/server-kit',
              message: 'Import a light subpath here (@sumika/server-kit/root, /env, /config): the runner and the group of remote servers load this.',
            },
          ],
        },
      ],
    },
  },
  // Import boundaries and cycles resolved the way tsc does (NodeNext `.js` → `.ts`, workspace packages, paths); decision 018.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['*/tsconfig.json', 'kits/*/tsconfig.json', 'subgraphs/*/tsconfig.json', 'shell/kit/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // A remote's feature is reached from outside its folder through its index.ts only.
            ...remotes.flatMap((remote) =>
              featuresOf(remote).map((feature) => ({
                target: [`${remote}/src/*`, `${remote}/src/!(features)/**/*`, `${remote}/src/features/!(${feature})/**/*`],
                from: `${remote}/src/features/${feature}`,
                except: ['./index.ts'],
                message: `Import '${remote}/src/features/${feature}/index.js', the feature's public entry.`,
              })),
            ),
            // Subgraph layers: repositories sit below resolvers and loaders; domain rules are pure.
            ...subgraphs.flatMap((sg) => [
              {
                target: `subgraphs/${sg}/src/repositories`,
                from: [`subgraphs/${sg}/src/resolvers`, `subgraphs/${sg}/src/loaders`, `subgraphs/${sg}/src/loaders.ts`],
                message: 'Repositories never import resolvers or loaders: they are the layer below.',
              },
              {
                // Production code only: a domain test may load real data through a repository to check the rule against it.
                target: `subgraphs/${sg}/src/domain/**/!(*.test).ts`,
                from: [`subgraphs/${sg}/src/repositories`, `subgraphs/${sg}/src/resolvers`, `subgraphs/${sg}/src/loaders`, `subgraphs/${sg}/src/loaders.ts`],
                message: 'Domain rules are pure: no repositories, resolvers or loaders.',
              },
            ]),
          ],
        },
      ],
    },
  },
  // SQL only in repositories (STYLE 6): resolvers never reach the driver, the query builder or the storage kit; tests may seed with them.
  ...subgraphs.map((sg) => ({
    files: [`subgraphs/${sg}/src/resolvers/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...otherSubgraphs(sg),
            {
              group: ['kysely', 'kysely/*', 'pg', 'pg-*', '@electric-sql/pglite', '@electric-sql/pglite/*', '@sumika/storage-kit', '@sumika/storage-kit/*'],
              message: 'SQL lives in repositories (STYLE 6): a resolver calls a repository, never the driver or Kysely.',
            },
          ],
        },
      ],
    },
  })),
);
