/**
 * @jest-environment node
 *
 * In the browser the host shares subsets of `@apollo/client` and `@apollo/client/react`
 * (src/shared/*.ts): a remote that imports a name the subset leaves out gets `undefined` at run time,
 * although it type-checks and its standalone build works. Every value the shell, the kit and the
 * remotes import from those two packages must be in the host's subset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.parentPath.includes(`${path.sep}testing`))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The value names a module imports from `pkg` (type-only imports and `type X` specifiers left out). */
function valueImports(source: string, pkg: string): string[] {
  const names: string[] = [];
  const re = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g;
  for (const m of source.matchAll(re)) {
    if (m[1] || m[3] !== pkg) continue;
    for (const spec of m[2]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      // gql`…` never reaches the bundle: build/gql-loader.cjs replaces each document with its AST.
      if (spec.startsWith('type ') || spec === 'gql') continue;
      names.push(spec.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The names a facade re-exports. */
function facadeExports(file: string): Set<string> {
  const text = readFileSync(path.join(root, 'shell', 'src', 'shared', file), 'utf8');
  const block = /export\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return new Set(
    block
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

const files = ['shell/src', 'shell/kit/src', 'mf-search/src', 'mf-detail/src', 'mf-user/src', 'mf-forms/src']
  .flatMap((d) => sources(path.join(root, d)))
  .filter((f) => !f.includes(`${path.sep}shared${path.sep}apollo-client`));

test.each([
  ['@apollo/client', 'apollo-client.ts'],
  ['@apollo/client/react', 'apollo-client-react.ts'],
])('every value imported from %s is in the host subset', (pkg, facade) => {
  const shared = facadeExports(facade);
  expect(shared.size).toBeGreaterThan(2);
  const missing = files.flatMap((f) =>
    valueImports(readFileSync(f, 'utf8'), pkg)
      .filter((n) => !shared.has(n))
      .map((n) => `${path.relative(root, f)}: ${n}`),
  );
  expect(missing).toEqual([]);
});

test('the check sees the imports it guards', () => {
  expect(valueImports("import { useQuery, type QueryResult, useMutation as m } from '@apollo/client/react';", '@apollo/client/react')).toEqual([
    'useQuery',
    'useMutation',
  ]);
  expect(valueImports("import type { ApolloClient } from '@apollo/client';", '@apollo/client')).toEqual([]);
});
