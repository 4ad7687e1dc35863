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

/** A fingerprint of everything master data is built from, so a stale cache is never used. */
function sourcesFingerprint(): string {
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
  const open = async (subgraph: 'search' | 'bukken' | 'company'): Promise<Database<unknown>> => {
    const d = await backend.open<unknown>(subgraph);
    await migrateToLatest(d, migrationsFolder(subgraph));
    return d;
  };
  const stores = { search: await open('search'), bukken: await open('bukken'), company: await open('company') };
  const m = await testMasterData();
  await seed(stores, { listings, seed: TEST_SEED, asOf: TEST_AS_OF, master: m });
  return { ...stores, master: m };
}

export async function closeSeeded(stores: SeedStores): Promise<void> {
  await Promise.all([stores.search.close(), stores.bukken.close(), stores.company.close()]);
}
