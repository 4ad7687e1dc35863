/**
 * @jest-environment node
 *
 * Every GraphQL document the shell, the kit and the four remotes send is valid against the composed
 * supergraph (gateway/supergraph.graphql): a field renamed in a subgraph, or a remote asking for one
 * that does not exist, fails here instead of as a BAD_REQUEST in a visitor's browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSchema, validate, type DocumentNode } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schema = buildSchema(readFileSync(path.join(root, 'gateway', 'supergraph.graphql'), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => /gql`\s*(query|mutation|fragment|\{)/.test(readFileSync(f, 'utf8')));
}

const files = ['shell/src', 'shell/kit/src', 'mf-search/src', 'mf-detail/src', 'mf-user/src', 'mf-forms/src'].flatMap((d) => sources(path.join(root, d)));

test('finds the documents of every workspace', () => {
  for (const ws of ['shell/src', 'shell/kit/src', 'mf-search', 'mf-detail', 'mf-user', 'mf-forms']) {
    expect(files.some((f) => f.includes(`/${ws}/`))).toBe(true);
  }
});

test.each(files.map((f) => [path.relative(root, f), f]))('%s: its operations are valid against the supergraph', async (_name, file) => {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const docs = Object.entries(mod).filter((e): e is [string, DocumentNode] => (e[1] as DocumentNode | null)?.kind === 'Document');
  expect(docs.length).toBeGreaterThan(0);
  for (const [name, doc] of docs) {
    // A fragment document on its own is validated where it is spread (unused fragments are errors).
    if (doc.definitions.every((d) => d.kind === 'FragmentDefinition')) continue;
    const errors = validate(schema, doc).map((e) => e.message);
    expect({ name, errors }).toEqual({ name, errors: [] });
  }
});
