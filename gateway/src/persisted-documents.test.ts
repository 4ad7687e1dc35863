/**
 * The build's manifest (decision 021) is complete: every operation GraphQL Code Generator finds in the
 * client workspaces (codegen.clients.ts's own document globs and loader) is in it, nothing else is, and
 * each of its documents is valid against the API schema. Staleness of the text is `npm run codegen:check`'s.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { CodeFileLoader } from '@graphql-tools/code-file-loader';
import { loadDocuments } from '@graphql-tools/load';
import { buildSchema, Kind, parse, validate } from 'graphql';
import { MemoryCache, repoRoot } from '@sumika/server-kit';
import { CacheAdapter } from './apq-cache.js';
import { configFromEnv } from './config.js';
import { loadPersistedDocuments, PersistedDocumentsCache, sha256Hex } from './federation/persisted-documents.js';

const manifestFile = configFromEnv({}).persistedDocumentsFile;
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { operations: { id: string; name: string; body: string }[] };

describe('the persisted documents manifest', () => {
  it("holds every operation of codegen's client workspaces, and only those", async () => {
    const { default: config } = (await import(path.join(repoRoot(), 'codegen.clients.ts'))) as { default: CodegenConfig };
    const names = new Set<string>();
    for (const target of Object.values(config.generates)) {
      const globs = (target as { documents: string[] }).documents.map((g) =>
        g.startsWith('!') ? `!${path.join(repoRoot(), g.slice(1))}` : path.join(repoRoot(), g),
      );
      for (const source of await loadDocuments(globs, { loaders: [new CodeFileLoader()] })) {
        for (const d of source.document?.definitions ?? []) if (d.kind === Kind.OPERATION_DEFINITION && d.name) names.add(d.name.value);
      }
    }
    expect(names.size).toBeGreaterThan(40);
    expect(manifest.operations.map((o) => o.name).sort()).toEqual([...names].sort());
  }, 120_000);

  it('holds documents valid against the API schema, each under the SHA-256 of its text', () => {
    const schema = buildSchema(readFileSync(path.join(repoRoot(), 'gateway', '__generated__', 'api-schema.graphql'), 'utf8'));
    const loaded = loadPersistedDocuments(manifestFile);
    expect(loaded.size).toBe(manifest.operations.length);
    for (const op of manifest.operations) {
      expect({ name: op.name, errors: validate(schema, parse(op.body)).map((e) => e.message) }).toEqual({ name: op.name, errors: [] });
      expect(loaded.get(sha256Hex(op.body))).toBe(op.body);
    }
  });

  it('is refused at start when missing, of another format, or with an id that is not its text’s hash', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sumika-pq-'));
    const write = (name: string, content: unknown) => {
      const file = path.join(dir, name);
      writeFileSync(file, JSON.stringify(content));
      return file;
    };
    expect(() => loadPersistedDocuments(path.join(dir, 'none.json'))).toThrow(/cannot read .*none\.json/);
    expect(() => loadPersistedDocuments(write('other.json', { operations: [] }))).toThrow(/not an apollo-persisted-query-manifest version 1/);
    const forged = { format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: sha256Hex('{ a }'), name: 'A', type: 'query', body: '{ b }' }] };
    expect(() => loadPersistedDocuments(write('forged.json', forged))).toThrow(/the id of A is not the SHA-256 of its text/);
  });
});

describe('PersistedDocumentsCache (Apollo’s APQ cache, keys prefixed apq:)', () => {
  const documents = new Map([[sha256Hex('{ a }'), '{ a }']]);

  it('answers the manifest first and writes only other documents to the registered cache', async () => {
    const store = new MemoryCache();
    const cache = new PersistedDocumentsCache(documents, new CacheAdapter(store, 'apq:'));
    expect(await cache.get(`apq:${sha256Hex('{ a }')}`)).toBe('{ a }');
    await cache.set(`apq:${sha256Hex('{ a }')}`, '{ a }');
    expect(await store.get(`apq:apq:${sha256Hex('{ a }')}`)).toBeNull();
    expect(await cache.get(`apq:${sha256Hex('{ b }')}`)).toBeUndefined();
    await cache.set(`apq:${sha256Hex('{ b }')}`, '{ b }');
    expect(await cache.get(`apq:${sha256Hex('{ b }')}`)).toBe('{ b }');
  });

  it('without a registered cache (persisted mode) knows the manifest only', async () => {
    const cache = new PersistedDocumentsCache(documents);
    await cache.set(`apq:${sha256Hex('{ b }')}`, '{ b }');
    expect(await cache.get(`apq:${sha256Hex('{ b }')}`)).toBeUndefined();
    expect(await cache.get(`apq:${sha256Hex('{ a }')}`)).toBe('{ a }');
  });
});
