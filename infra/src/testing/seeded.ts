import { migrateToLatest, type Database } from '@sumika/subgraph-kit';
import type { TestBackend } from '@sumika/subgraph-kit/testing';
import { buildMasterData } from '../master/build.js';
import type { MasterData } from '../master/types.js';
import { migrationsFolder } from '../migrate/migrate.js';
import { seed, type SeedStores } from '../seed/seed.js';

let master: Promise<MasterData> | undefined;

/** Master data, built once per test process (about ten seconds). */
export function testMasterData(): Promise<MasterData> {
  master ??= buildMasterData();
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
