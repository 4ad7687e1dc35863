/**
 * @jest-environment node
 *
 * shell/build/gql-loader.cjs: gql`…` documents are parsed at build time, so the browser ships no
 * GraphQL parser. The emitted module must evaluate to the same documents graphql-tag builds at run
 * time, fragments included, and a template the loader cannot parse must fail the build.
 */
import { createRequire } from 'node:module';
import { gql } from '@apollo/client';
import { print, type DocumentNode } from 'graphql';

const require = createRequire(import.meta.url);
const loader = require('../build/gql-loader.cjs') as (this: { resourcePath: string }, source: string) => string;

/** Runs the loader on a module's source and evaluates what it emitted (no imports in these sources). */
function emitted(source: string, scope: Record<string, unknown> = {}): Record<string, DocumentNode> {
  const out = loader.call({ resourcePath: '/src/example.ts' }, source);
  const body = out.replace(/export const (\w+) =/g, 'const $1 = exports.$1 =');
  const exports: Record<string, DocumentNode> = {};
  new Function('exports', ...Object.keys(scope), body)(exports, ...Object.values(scope));
  return exports;
}

const same = (a: DocumentNode, b: DocumentNode) => expect(print(a)).toBe(print(b));

test('a document without interpolations becomes its parsed AST, without locations', () => {
  const source = 'export const Q = gql`\n  query Top($n: Int!) {\n    regions(first: $n) { code name }\n  }\n`;\n';
  const { Q } = emitted(source);
  same(Q!, gql`
    query Top($n: Int!) {
      regions(first: $n) { code name }
    }
  `);
  expect(JSON.stringify(Q)).not.toContain('"loc"');
});

test('interpolated fragment documents are appended once each, as graphql-tag does', () => {
  const source = [
    'export const A = gql`fragment A on Bukken { key name }`;',
    'export const B = gql`fragment B on Bukken { ...A chinryou } ${A}`;',
    'export const Q = gql`query Q { x { ...A ...B } } ${A} ${B}`;',
  ].join('\n');
  const { A, B, Q } = emitted(source);
  const rA = gql`fragment A on Bukken { key name }`;
  const rB = gql`fragment B on Bukken { ...A chinryou } ${rA}`;
  same(A!, rA);
  same(B!, rB);
  same(Q!, gql`query Q { x { ...A ...B } } ${rA} ${rB}`);
  expect(Q!.definitions.filter((d) => d.kind === 'FragmentDefinition')).toHaveLength(2);
});

test('keeps the line count, and leaves gql`…` in comments and sources without documents alone', () => {
  const source = '// every gql`…` tag is parsed\nexport const Q = gql`\n  {\n    a\n  }\n`;\nexport const line = 6;\n';
  const out = loader.call({ resourcePath: '/src/example.ts' }, source);
  expect(out.split('\n').length).toBe(source.split('\n').length);
  expect(out).toContain('// every gql`…` tag is parsed');
  expect(loader.call({ resourcePath: '/src/x.ts' }, 'export const x = 1;\n')).toBe('export const x = 1;\n');
});

test('a string spliced into a selection set fails the build with the file and the parser message', () => {
  const source = 'const F = `a b`;\nexport const Q = gql`query { x { ${F} } }`;';
  expect(() => loader.call({ resourcePath: '/src/bad.ts' }, source)).toThrow(/gql-loader: \/src\/bad\.ts: Syntax Error/);
});
