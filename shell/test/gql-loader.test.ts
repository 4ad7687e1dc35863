/**
 * @jest-environment node
 *
 * shell/build/gql-loader.cjs: gql`…` documents are parsed at build time, so the browser ships no
 * GraphQL parser. The emitted module must evaluate to the documents graphql's parse builds (without
 * locations), fragments included, for every document of the repo and every kind of node, and a
 * template the loader cannot parse must fail the build.
 */
import path from 'node:path';
import { parse, type DocumentNode } from 'graphql';
import { documentFiles, emittedModules, evaluate, expected, joined, loader, root, stripLocations, templates, WORKSPACES } from './gql-documents.js';

/** Runs the loader on a module's source and evaluates what it emitted. */
const emitted = (source: string): Record<string, DocumentNode> => evaluate('/src/example.ts', source, () => ({})) as Record<string, DocumentNode>;
const parsed = (text: string): DocumentNode => stripLocations(parse(text, { noLocation: true }));

test('finds the documents of every workspace', () => {
  for (const ws of WORKSPACES) expect(documentFiles.some((f) => f.startsWith(path.join(root, ws) + path.sep))).toBe(true);
  expect(templates.length).toBeGreaterThan(50);
});

describe('the emitted modules', () => {
  const load = emittedModules();

  test.each(templates.map((t) => [`${path.relative(root, t.file)} ${t.name}`, t]))('%s: evaluates to its parsed document', (_name, t) => {
    const doc = (load(t.file).__documents__ as () => Record<string, DocumentNode>)()[t.name];
    expect(doc).toEqual(expected(t));
    // As parse builds them: plain, mutable objects (Apollo's transforms copy, never freeze).
    expect(Object.isFrozen(doc) || Object.isFrozen(doc!.definitions[0])).toBe(false);
  });

  test('a document without interpolations becomes its parsed AST, without locations', () => {
    const text = '\n  query Top($n: Int!) {\n    regions(first: $n) { code name }\n  }\n';
    const { Q } = emitted(`export const Q = gql\`${text}\`;\n`);
    expect(Q).toEqual(parsed(text));
    expect(JSON.stringify(Q)).not.toContain('"loc"');
  });

  test('interpolated fragment documents are appended once each, as graphql-tag does', () => {
    const source = [
      'export const A = gql`fragment A on Bukken { key name }`;',
      'export const B = gql`fragment B on Bukken { ...A chinryou } ${A}`;',
      'export const Q = gql`query Q { x { ...A ...B } } ${A} ${B}`;',
    ].join('\n');
    const { A, B, Q } = emitted(source);
    const a = parsed('fragment A on Bukken { key name }');
    const b = joined(parsed('fragment B on Bukken { ...A chinryou }'), [a]);
    expect(A).toEqual(a);
    expect(B).toEqual(b);
    expect(Q).toEqual(joined(parsed('query Q { x { ...A ...B } }'), [a, b]));
    expect(Q!.definitions.map((d) => d.kind)).toEqual(['OperationDefinition', 'FragmentDefinition', 'FragmentDefinition']);
  });

  test('keeps every line on its number, and leaves gql`…` in comments and sources without documents alone', () => {
    const source = '// every gql`…` tag is parsed\nexport const Q = gql`\n  {\n    a\n  }\n`;\nexport const line = 6;\n';
    const out = loader.call({ resourcePath: '/src/example.ts' }, source);
    expect(out.split('\n').indexOf('export const line = 6;')).toBe(6);
    expect(out).toContain('// every gql`…` tag is parsed');
    expect(loader.call({ resourcePath: '/src/x.ts' }, 'export const x = 1;\n')).toBe('export const x = 1;\n');
  });

  test('a string spliced into a selection set fails the build with the file and the parser message', () => {
    const source = 'const F = `a b`;\nexport const Q = gql`query { x { ${F} } }`;';
    expect(() => loader.call({ resourcePath: '/src/bad.ts' }, source)).toThrow(/gql-loader: \/src\/bad\.ts: Syntax Error/);
  });

  // Every kind of node an executable document has, in every place it can be.
  test.each([
    ['operations', 'query Q { a } mutation M { b } subscription S { c } query { d }'],
    ['the shorthand query', '{ a b { c } }'],
    [
      'variables of every type and default value',
      'query Q($a: Int = 1, $b: Float = -1.5e3, $c: String = "x\\"y", $d: Boolean = true, $e: [ID!]! = ["a", "b"], $f: In = { a: null, b: ENUM, c: [1, { d: "e" }] }, $g: [[Int!]!], $h: ID! @v(x: 1) @w) { a(b: $a) }',
    ],
    [
      'argument values of every kind',
      'query Q($v: Int) { f(a: $v, b: 1, c: -2.5, d: "s", e: """ block\n   text """, f: false, g: null, h: ENUM, i: [1, $v, [true]], j: { k: $v, l: [{}], m: { n: "o" } }, k: [], l: {}) }',
    ],
    [
      'strings with escapes and Japanese',
      '{ f(a: "quote \\" backslash \\\\ newline \\n tab \\t \\u00e9 \\u0000 é 賃貸 🏠", b: """  indented\n    block with \\""" and \\\\ """) }',
    ],
    ['aliases and nested selections', '{ a: f(x: 1) { b: g c: h(y: [2]) { d } } on: on { on } }'],
    [
      'directives everywhere',
      'query Q($a: Boolean = false @d1) @op(x: 1) { f @include(if: $a) @skip(if: false) { g } ...F @spread(y: "z") ... on T @inline { h } ... @include(if: true) { i } ... { j } } fragment F on T @frag(w: [W]) { k }',
    ],
    ['fragments whose names start with "on"', '{ ...onX ... on X { a } ...one } fragment onX on X { a } fragment one on X { b }'],
    ['descriptions', '"op" query Q("var" $a: Int, """\n  block var\n""" $b: Int) { a } """frag""" fragment F on T { b }'],
    [
      'names that are Object.prototype members',
      '{ f(__proto__: 1, constructor: { __proto__: 2, toString: 3 }, hasOwnProperty: "x") { __proto__ constructor } }',
    ],
  ])('%s', (_name, text) => {
    const { Q } = emitted(`export const Q = gql\`${text}\`;\n`);
    expect(Q).toEqual(parsed(text));
  });
});
