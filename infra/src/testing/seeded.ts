import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, repoRoot } from '@sumika/server-kit';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import type { TestBackend } from '@sumika/storage-kit/testing';
import { buildMasterData, dataPath } from '../master/build.js';
import type { MasterData } from '../master/types.js';
import { migrationsFolder } from '../migrate/migrate.js';
import { seed, type SeedStores } from '../seed/seed.js';

let master: Promise<MasterData> | undefined;
/** seededCacheFiles' answers by listing count: the files are hashed once per test file. */
const cacheFiles = new Map<number, Record<string, string>>();

let sources: string | undefined;

/** A fingerprint of everything master data is built from, so a stale cache is never used (read once per test file). */
function sourcesFingerprint(): string {
  sources ??= hashSources();
  return sources;
}

function hashSources(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(dataPath(), { recursive: true }).map((f) => dataPath(String(f))),
    ...readdirSync(path.join(repoRoot(), 'infra', 'src', 'master')).map((f) => path.join(repoRoot(), 'infra', 'src', 'master', f)),
  ]
    .filter((f) => statSync(f).isFile())
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Master data for tests: built once (about ten seconds) and kept as JSON under
 * .data/test-cache/, because jest gives every test file a fresh module registry.
 */
export function testMasterData(): Promise<MasterData> {
  master ??= (async () => {
    const file = path.join(dataDir(), 'test-cache', `master-${sourcesFingerprint()}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as MasterData;
    const built = await buildMasterData();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(built));
    // Rename is atomic: parallel workers never read a half-written file.
    renameSync(`${file}.${process.pid}`, file);
    return built;
  })();
  return master;
}

export const TEST_SEED = 424242;
export const TEST_AS_OF = new Date('2026-11-01T00:00:00+09:00');

/**
 * Throwaway search, bukken and company stores on a test backend, migrated and seeded with
 * `listings` generated listings. Close them with `closeSeeded`.
 */
export async function seededStores(backend: TestBackend, listings = 2000): Promise<SeedStores & { master: MasterData }> {
  const m = await testMasterData();
  const cache = backend.name === 'pglite' ? seededCacheFiles(listings) : undefined;
  if (cache && SEEDED.every((s) => existsSync(cache[s]))) {
    const load = (subgraph: SeededSubgraph) => backend.open<unknown>(subgraph, { pgliteDataDir: new Blob([readFileSync(cache[subgraph])]) });
    return { search: await load('search'), bukken: await load('bukken'), company: await load('company'), master: m };
  }
  const open = async (subgraph: SeededSubgraph): Promise<Database<unknown>> => {
    const d = await backend.open<unknown>(subgraph);
    await migrateToLatest(d, migrationsFolder(subgraph));
    return d;
  };
  const stores = { search: await open('search'), bukken: await open('bukken'), company: await open('company') };
  await seed(stores, { listings, seed: TEST_SEED, asOf: TEST_AS_OF, master: m });
  if (cache) {
    for (const subgraph of SEEDED) {
      const dump = await stores[subgraph].dumpDataDir?.();
      if (!dump) continue;
      writeFileSync(`${cache[subgraph]}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
      renameSync(`${cache[subgraph]}.${process.pid}`, cache[subgraph]);
    }
  }
  return { ...stores, master: m };
}

const SEEDED = ['search', 'bukken', 'company'] as const;
type SeededSubgraph = (typeof SEEDED)[number];

/**
 * Where the embedded stores seeded with `listings` are kept (PGlite dumps under .data/test-cache/):
 * named by a fingerprint of everything they are made from (master data, the three subgraphs'
 * migrations, the seed's code, its options), so a change to any of them seeds afresh. Loading the
 * three dumps takes ~2 s where migrating and seeding took ~12 s, in each of ~35 test files.
 */
function seededCacheFiles(listings: number): Record<SeededSubgraph, string> {
  let files = cacheFiles.get(listings);
  if (!files) cacheFiles.set(listings, (files = hashSeededCacheFiles(listings)));
  return files;
}

function hashSeededCacheFiles(listings: number): Record<SeededSubgraph, string> {
  const hash = createHash('sha256').update(sourcesFingerprint()).update(`${listings}/${TEST_SEED}/${TEST_AS_OF.toISOString()}`);
  const folders = [path.join(repoRoot(), 'infra', 'src', 'seed'), ...SEEDED.map((s) => migrationsFolder(s))];
  for (const folder of folders) {
    for (const f of readdirSync(folder).sort()) {
      const file = path.join(folder, f);
      if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
    }
  }
  const id = hash.digest('hex').slice(0, 16);
  const dir = path.join(dataDir(), 'test-cache');
  mkdirSync(dir, { recursive: true });
  return Object.fromEntries(SEEDED.map((s) => [s, path.join(dir, `seeded-${s}-${id}.tar`)])) as Record<SeededSubgraph, string>;
}

export async function closeSeeded(stores: SeedStores): Promise<void> {
  await Promise.all([stores.search.close(), stores.bukken.close(), stores.company.close()]);
}
