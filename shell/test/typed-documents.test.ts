/**
 * @jest-environment node
 *
 * Every gql`…` document of the shell, the kit and the remotes is declared as
 * TypedDocumentNode<XQuery, XQueryVariables> (XMutation…, XFragment) where X is its own operation's
 * or fragment's name, with the types imported from its workspace's generated file (codegen.clients.ts,
 * decision 014): a document typed with another operation's result would type-check and lie.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import ts from 'typescript';
import clients from '../../codegen.clients.js';
import { documentFiles, root, WORKSPACES } from './gql-documents.js';

const GENERATED = '__generated__/operations.ts';

/** The workspaces codegen.clients.ts generates operation types for, as source folders. */
const workspaces = Object.keys(clients.generates).map((target) => target.slice(0, -(GENERATED.length + 1)));

/** The template's own text, interpolated fragment documents left out. */
function templateText(template: ts.TemplateLiteral): string {
  return ts.isNoSubstitutionTemplateLiteral(template) ? template.text : [template.head.text, ...template.templateSpans.map((s) => s.literal.text)].join('\n');
}

/** What a declaration's type must be, from its document's one definition. */
function expectedType(text: string): { type: string; names: string[] } {
  const definitions = parse(text).definitions;
  if (definitions.length !== 1) throw new Error(`${definitions.length} definitions in one document (one operation per file)`);
  const [def] = definitions;
  if (def?.kind === Kind.FRAGMENT_DEFINITION) return { type: `TypedDocumentNode<${def.name.value}Fragment>`, names: [`${def.name.value}Fragment`] };
  if (def?.kind !== Kind.OPERATION_DEFINITION || !def.name) throw new Error('a document must be one named operation or one fragment');
  const result = `${def.name.value}${def.operation[0]!.toUpperCase()}${def.operation.slice(1)}`;
  return { type: `TypedDocumentNode<${result}, ${result}Variables>`, names: [result, `${result}Variables`] };
}

/** What is wrong with the documents of one source file, given its workspace's generated types. */
function problems(file: string, source: string, generated: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imported = new Map<string, string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) imported.set(el.name.text, statement.moduleSpecifier.text);
  }
  const found: string[] = [];
  let tags = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'gql') {
      tags += 1;
      const decl = node.parent;
      if (!ts.isVariableDeclaration(decl) || decl.initializer !== node) {
        found.push(`${file}: a gql\`…\` document that is not a const's initializer`);
      } else {
        const name = decl.name.getText(sf);
        try {
          const want = expectedType(templateText(node.template));
          const got = decl.type?.getText(sf).replace(/\s+/g, ' ') ?? '(none)';
          if (got !== want.type) found.push(`${file}: ${name} is declared ${got}, not ${want.type}`);
          for (const typeName of want.names) {
            if (!imported.get(typeName)?.endsWith('__generated__/operations.js'))
              found.push(`${file}: ${typeName} is not imported from the generated operations`);
            if (!new RegExp(`^export type ${typeName} = `, 'm').test(generated)) found.push(`${file}: ${typeName} is not in the generated operations`);
          }
        } catch (error) {
          found.push(`${file}: ${name}: ${(error as Error).message}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (tags === 0) found.push(`${file}: no gql\`…\` document`);
  return found;
}

test('codegen covers every workspace with documents (the shell, the kit and the four remotes)', () => {
  expect([...workspaces].sort()).toEqual([...WORKSPACES].sort());
});

test.each(workspaces)('%s: every document is typed with its own generated operation types', (dir) => {
  const generatedFile = path.join(root, dir, GENERATED);
  expect(existsSync(generatedFile)).toBe(true);
  const generated = readFileSync(generatedFile, 'utf8');
  const files = documentFiles.filter((f) => f.startsWith(path.join(root, dir) + path.sep));
  expect(files.length).toBeGreaterThan(0);
  expect(files.flatMap((f) => problems(path.relative(root, f), readFileSync(f, 'utf8'), generated))).toEqual([]);
});

describe('the check fails', () => {
  const generated =
    'export type AQuery = {};\nexport type AQueryVariables = {};\nexport type BQuery = {};\nexport type BQueryVariables = {};\nexport type CardFragment = {};\n';
  const importLine = "import type { AQuery, AQueryVariables, BQuery, BQueryVariables, CardFragment } from '../__generated__/operations.js';\n";

  test('for a document typed with another operation', () => {
    const source = `${importLine}export const A: TypedDocumentNode<BQuery, BQueryVariables> = gql\`query A { x }\`;\n`;
    expect(problems('a.ts', source, generated)).toEqual([
      'a.ts: A is declared TypedDocumentNode<BQuery, BQueryVariables>, not TypedDocumentNode<AQuery, AQueryVariables>',
    ]);
  });

  test('for an untyped document, a fragment typed as a query and a type not from the generated file', () => {
    const source = `import type { AQuery } from './hand-written.js';\nexport const A = gql\`query A { x }\`;\nexport const F: TypedDocumentNode<AQuery> = gql\`fragment Card on X { y }\`;\n`;
    expect(problems('b.ts', source, generated)).toEqual([
      'b.ts: A is declared (none), not TypedDocumentNode<AQuery, AQueryVariables>',
      'b.ts: AQuery is not imported from the generated operations',
      'b.ts: AQueryVariables is not imported from the generated operations',
      'b.ts: F is declared TypedDocumentNode<AQuery>, not TypedDocumentNode<CardFragment>',
      'b.ts: CardFragment is not imported from the generated operations',
    ]);
  });

  test('for an operation the generated file does not have (stale types)', () => {
    const source = `${importLine.replace('BQuery, BQueryVariables', 'CQuery, CQueryVariables')}export const C: TypedDocumentNode<CQuery, CQueryVariables> = gql\`query C { x }\`;\n`;
    expect(problems('c.ts', source, generated)).toEqual([
      'c.ts: CQuery is not in the generated operations',
      'c.ts: CQueryVariables is not in the generated operations',
    ]);
  });
});
