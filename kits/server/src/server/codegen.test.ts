/**
 * The committed resolver types match every subgraph's schema.graphql: the root codegen.subgraphs.ts
 * is run in memory and each output compared with its file under src/__generated__/ (issue 14).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import type { CodegenConfig } from '@graphql-codegen/cli';
import type { CodegenPlugin } from '@graphql-codegen/plugin-helpers';

const PLUGINS = ['@graphql-codegen/add', '@graphql-codegen/typescript', '@graphql-codegen/typescript-resolvers'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('generated subgraph resolver types', () => {
  it('are what `npm run codegen` makes from each schema.graphql (run it and commit when this fails)', async () => {
    const { default: config } = (await import(pathToFileURL(path.join(root, 'codegen.subgraphs.ts')).href)) as { default: CodegenConfig };
    // Plugins imported one by one up front: jest's require cannot load their ES-module dependencies,
    // and concurrent imports of one module graph fail under vm modules (nodejs/node#33216).
    const plugins = new Map<string, CodegenPlugin>();
    for (const name of PLUGINS) plugins.set(name, (await import(name)) as CodegenPlugin);
    const outputs: { filename: string; content: string }[] = await generate(
      { ...config, cwd: root, silent: true, pluginLoader: (name: string) => plugins.get(name) ?? import(name) },
      false,
    );
    expect(outputs.map((o) => path.relative(root, path.resolve(root, o.filename))).sort()).toEqual(
      ['bukken', 'company', 'forms', 'search', 'user'].map((name) => `subgraphs/${name}/src/__generated__/resolvers-types.ts`),
    );
    for (const { filename, content } of outputs) {
      const committed = await readFile(path.resolve(root, filename), 'utf8');
      // A plain equality keeps the failure short: it names the stale file.
      expect({ file: filename, upToDate: committed === content }).toEqual({ file: filename, upToDate: true });
    }
  }, 30_000);
});
