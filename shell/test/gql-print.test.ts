/**
 * @jest-environment node
 *
 * shell/build/gql-print.js stands in for graphql's printer in the browser builds (Apollo prints every
 * document it sends). Its output must parse back to the very document printed, for every document of
 * the repo as written and as Apollo sends it (with __typename added), and a browser build must get it
 * in place of graphql's printer while Apollo keeps calling `print`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, parse, parseType, parseValue, print, visit, type ASTNode, type DocumentNode } from 'graphql';
import webpack from 'webpack';
import { print as compactPrint, printForError } from '../build/gql-print.js';
import { browserPlugins } from '../build/remote-webpack.js';
import { expected, root, stripLocations, templates } from './gql-documents.js';

const parsed = (text: string): DocumentNode => stripLocations(parse(text, { noLocation: true }));

/** Apollo's added __typename field has no `arguments` or `directives` (parse gives empty lists). */
const withLists = (doc: DocumentNode): DocumentNode =>
  visit(doc, {
    Field: (node) => (node.arguments && node.directives ? undefined : { ...node, arguments: node.arguments ?? [], directives: node.directives ?? [] }),
  });

/** The compact print parses back to the document, which graphql prints as it prints the original. */
function expectRoundTrip(doc: DocumentNode): string {
  const printed = compactPrint(doc);
  const back = parse(printed, { noLocation: true });
  expect(stripLocations(back)).toEqual(stripLocations(withLists(doc)));
  expect(print(back)).toBe(print(doc));
  return printed;
}

describe.each(templates.map((t) => [`${path.relative(root, t.file)} ${t.name}`, t]))('%s', (_name, t) => {
  test('as written', () => {
    const printed = expectRoundTrip(expected(t));
    expect(printed.length).toBeLessThan(print(expected(t)).length);
  });
  test('as Apollo sends it (addTypenameToDocument)', () => {
    const doc = addTypenameToDocument(expected(t));
    expect(print(doc)).toContain('__typename');
    expectRoundTrip(doc);
  });
});

describe('prints', () => {
  test('with the least whitespace', () => {
    const text = `
      query Q($a: Int = 1, $b: [ID!]!) @op {
        x: f(a: $a, b: [1, 2], c: { k: "v" }) @include(if: true) {
          ...F
          ... on T { b }
          ... @skip(if: false) { c }
        }
      }
      fragment F on T { d }`;
    expect(compactPrint(parsed(text))).toBe(
      'query Q($a:Int=1,$b:[ID!]!)@op{x:f(a:$a,b:[1,2],c:{k:"v"})@include(if:true){...F ...on T{b} ...@skip(if:false){c}}}fragment F on T{d}',
    );
    expect(compactPrint(parsed('{ a b }'))).toBe('query{a b}');
  });

  test.each([
    ['quotes and backslashes', 'say "hi" \\ C:\\path\\', '"say \\"hi\\" \\\\ C:\\\\path\\\\"'],
    ['line breaks and tabs', 'a\nb\r\nc\td', '"a\\nb\\r\\nc\\td"'],
    ['control characters', '\u0000\u0008\u000c\u001f\u007f', '"\\u0000\\b\\f\\u001f\u007f"'],
    ['Japanese and other unicode, as is', '賃貸マンション・アパート é 🏠 \u2028', '"賃貸マンション・アパート é 🏠 \u2028"'],
    ['an empty string', '', '""'],
  ])('strings: %s', (_name, value, literal) => {
    const doc: DocumentNode = { kind: Kind.DOCUMENT, definitions: [parsed('{ f(a: "") }').definitions[0]!] };
    const field = visit(doc, { StringValue: () => ({ kind: Kind.STRING, value, block: false }) });
    const printed = compactPrint(field);
    expect(printed).toBe(`query{f(a:${literal})}`);
    expectRoundTrip(field);
  });

  test('block strings as ordinary strings: the same value', () => {
    const doc = parsed('{ f(a: """\n    indented\n      more "quoted" \\""" end\n  """) }');
    const back = parse(compactPrint(doc), { noLocation: true });
    const plain = visit(doc, { StringValue: (n) => ({ ...n, block: false }) });
    expect(stripLocations(back)).toEqual(plain);
    expect(compactPrint(doc)).toBe('query{f(a:"indented\\n  more \\"quoted\\" \\"\\"\\" end")}');
  });

  test.each([
    ['nested lists and objects', '{ f(a: [[1, [2.5e-3]], [], {}, { b: { c: [{ d: ENUM, e: null, f: false }] } }]) }'],
    [
      'variables, defaults and their directives',
      'query Q($a: Int = -1, $b: [[String!]]! = [["x"]], $c: In = { a: [1], b: { c: "d" } }, $d: Boolean @v(x: 1) @w) { f(a: $a, b: $b, c: [$c, { d: $d }]) }',
    ],
    [
      'directives everywhere',
      'query Q($a: Boolean = false @d1) @op(x: 1) { f @include(if: $a) @skip(if: false) { g } ...F @spread(y: "z") ... on T @inline { h } ... @include(if: true) { i } ... { j } } fragment F on T @frag(w: [W]) { k }',
    ],
    ['operations and fragments', 'query { a } mutation M { b } subscription S { c } fragment F on T { ...G } fragment G on T { d }'],
    ['aliases and names like keywords', '{ on: on(on: on) { query: fragment mutation } true: f(a: true, b: null) }'],
    ['descriptions', '"op" query Q("var" $a: Int) { a } """frag""" fragment F on T { b }'],
  ])('%s', (_name, text) => {
    const doc = parsed(text);
    // (descriptions are strings here: block ones print as ordinary strings)
    const plain = visit(doc, { StringValue: (n) => (n.block ? { ...n, block: false } : undefined) });
    expectRoundTrip(plain);
  });

  test('fragment variables (graphql legacy syntax), as graphql prints them', () => {
    const doc = stripLocations(parse('fragment F($a: Int = 1) on T { f(a: $a) }', { noLocation: true, allowLegacyFragmentVariables: true }));
    expect(compactPrint(doc)).toBe('fragment F($a:Int=1) on T{f(a:$a)}');
  });

  test('any node of an executable document: values and types parse back, the rest prints', () => {
    const doc = parsed('query Q($a: [Int!] = [1]) { f(a: { b: [$a, "s", ENUM] }) @d(x: 1) { g ...F ... on T { h } } }');
    visit(doc, {
      enter(node) {
        const printed = compactPrint(node);
        if (node.kind.endsWith('Value')) expect(stripLocations(parseValue(printed, { noLocation: true }))).toEqual(node);
        else if (node.kind.endsWith('Type')) expect(stripLocations(parseType(printed, { noLocation: true }))).toEqual(node);
        else expect(printed.length).toBeGreaterThan(0);
      },
    });
    const op = doc.definitions[0]!;
    if (op.kind !== Kind.OPERATION_DEFINITION) throw new Error('an operation');
    expect(compactPrint(op.selectionSet)).toBe('{f(a:{b:[$a,"s",ENUM]})@d(x:1){g ...F ...on T{h}}}');
    expect(printForError).toBe(compactPrint);
  });

  test('throws a clear error for what it does not print: type-system nodes, unknown kinds', () => {
    expect(() => compactPrint(parse('type T { a: Int }'))).toThrow(
      'gql-print: cannot print a ObjectTypeDefinition node (the browser builds print executable documents only)',
    );
    expect(() => compactPrint(parse('query Q { a } scalar Date'))).toThrow(/cannot print a ScalarTypeDefinition node/);
    expect(() => compactPrint({ kind: 'toString' } as unknown as ASTNode)).toThrow(/cannot print a toString node/);
  });
});

test("browserPlugins() puts it in place of graphql's printer: Apollo prints compactly", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gql-print-'));
  try {
    await writeFile(
      path.join(dir, 'entry.js'),
      "export { print as graphqlPrint } from 'graphql';\nexport { print as apolloPrint } from '@apollo/client/utilities';\n",
    );
    const bundle = async (plugins: webpack.WebpackPluginInstance[]): Promise<string> => {
      const config: webpack.Configuration = {
        mode: 'production',
        target: 'web',
        context: dir,
        entry: './entry.js',
        output: { path: dir, filename: `out-${plugins.length}.js`, library: { type: 'commonjs2' } },
        resolve: { modules: [path.join(root, 'node_modules'), 'node_modules'] },
        optimization: { minimize: false },
        plugins,
      };
      await new Promise<void>((resolve, reject) => {
        webpack(config, (err, stats) => (err ? reject(err) : stats?.hasErrors() ? reject(new Error(stats.toString({ all: false, errors: true }))) : resolve()));
      });
      return readFile(path.join(dir, config.output!.filename as string), 'utf8');
    };
    const run = (code: string) => {
      const module = { exports: {} as { graphqlPrint: (d: DocumentNode) => string; apolloPrint: (d: DocumentNode) => string } };
      new Function('module', 'exports', code)(module, module.exports);
      return module.exports;
    };
    const doc = parse('query Q { a { b } }');
    const replaced = await bundle(browserPlugins());
    expect(replaced).not.toContain('printBlockString');
    expect(run(replaced).apolloPrint(doc)).toBe('query Q{a{b}}');
    expect(run(replaced).graphqlPrint(doc)).toBe('query Q{a{b}}');
    // Without the plugins (the server builds): graphql's printer.
    const kept = await bundle([]);
    expect(run(kept).apolloPrint(doc)).toBe(print(doc));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
