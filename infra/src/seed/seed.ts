import { sql } from 'kysely';
import type { Database } from '@sumika/storage-kit';
import { buildMasterData } from '../master/build.js';
import type { MasterData } from '../master/types.js';
import { openMigrated } from '../migrate/migrate.js';
import { generateCompanies, ListingGenerator, type GeneratedBuilding } from './generate.js';
import {
  backfillBukkenMaster,
  BUKKEN_TABLES,
  tableChecksum,
  truncate,
  withIndexesDeferred,
  writeCompanies,
  writeBukkenMaster,
  writeListingBatch,
  writeMaster,
} from './write.js';

export const DEFAULT_LISTINGS = 20_000;
export const DEFAULT_SEED = 20_260_401;
/** The generator's fixed "today" unless told otherwise, so a seed means the same bytes on any day. */
export const DEFAULT_AS_OF = '2026-11-01T00:00:00+09:00';
/** Above this many listings, secondary indexes are dropped during the load and rebuilt after. */
const DEFER_INDEXES_FROM = 100_000;
const BATCH_LISTINGS = 5_000;

export interface SeedOptions {
  listings?: number;
  seed?: number;
  asOf?: Date;
  master?: MasterData;
  onProgress?: (done: number, total: number) => void;
  log?: (line: string) => void;
}

export interface SeedStores {
  search: Database<unknown>;
  bukken: Database<unknown>;
  company: Database<unknown>;
}

export interface SeedResult {
  listings: number;
  buildings: number;
  companies: number;
  ms: number;
}

/** Replaces all generated data: master data, companies, buildings, listings and the search index. */
export async function seed(stores: SeedStores, opts: SeedOptions = {}): Promise<SeedResult> {
  const started = new Date();
  const t0 = performance.now();
  const total = opts.listings ?? DEFAULT_LISTINGS;
  const seedValue = opts.seed ?? DEFAULT_SEED;
  const asOf = opts.asOf ?? new Date(DEFAULT_AS_OF);
  const log = opts.log ?? (() => {});

  const master = opts.master ?? (await buildMasterData());
  log(
    `master data: ${master.prefectures.length} prefectures, ${master.cities.length} cities, ${master.towns.length} towns, ${master.lines.length} lines, ${master.stationGroups.length} stations, ${master.campuses.length} campuses`,
  );
  await writeMaster(stores.search, master);
  await writeBukkenMaster(stores.bukken, master);

  const companies = generateCompanies(master, { seed: seedValue, asOf });
  await writeCompanies(stores.company, companies);
  log(`companies: ${companies.companies.length} with ${companies.stores.length} stores`);

  await truncate(stores.bukken, BUKKEN_TABLES);
  await truncate(stores.search, ['listing', 'seed_run']);
  const generator = new ListingGenerator(master, companies, { seed: seedValue, asOf });
  let done = 0;
  let buildings = 0;
  const load = async (): Promise<void> => {
    let batch: GeneratedBuilding[] = [];
    let inBatch = 0;
    for (const b of generator.buildings(total)) {
      batch.push(b);
      inBatch += b.rooms.length;
      buildings++;
      if (inBatch >= BATCH_LISTINGS) {
        done += await writeListingBatch(stores.bukken, stores.search, batch);
        opts.onProgress?.(done, total);
        batch = [];
        inBatch = 0;
      }
    }
    if (batch.length) done += await writeListingBatch(stores.bukken, stores.search, batch);
    opts.onProgress?.(done, total);
  };
  if (total >= DEFER_INDEXES_FROM) {
    await withIndexesDeferred(stores.search, ['listing'], () =>
      withIndexesDeferred(stores.bukken, [...BUKKEN_TABLES], async () => {
        await load();
        log('rebuilding indexes');
      }),
    );
  } else {
    await load();
  }
  // VACUUM sets the visibility map so counts can be index-only scans straight after a seed.
  for (const d of [stores.search, stores.bukken, stores.company]) await sql`VACUUM ANALYZE`.execute(d.db);
  await sql`INSERT INTO seed_run (seed, listings, as_of, started_at, finished_at) VALUES (${seedValue}, ${done}, ${asOf.toISOString().slice(0, 10)}, ${started}, now())`.execute(
    stores.search.db,
  );
  return { listings: done, buildings, companies: companies.companies.length, ms: performance.now() - t0 };
}

/** The last finished seed, if any (npm start seeds only an empty store). */
export async function lastSeedRun(search: Database<unknown>): Promise<{ seed: number; listings: number } | undefined> {
  const { rows } = await sql<{ seed: number; listings: number }>`SELECT seed, listings FROM seed_run ORDER BY id DESC LIMIT 1`.execute(search.db);
  return rows[0];
}

export async function openSeedStores(opts: { url?: string | null; pgliteRoot?: string } = {}): Promise<SeedStores> {
  const open = async (subgraph: 'search' | 'bukken' | 'company') =>
    (
      await openMigrated<unknown>(subgraph, {
        ...(opts.url !== undefined ? { url: opts.url } : {}),
        ...(opts.pgliteRoot ? { pgliteDir: `${opts.pgliteRoot}/${subgraph}` } : {}),
      })
    ).database;
  const stores = { search: await open('search'), bukken: await open('bukken'), company: await open('company') };
  await backfillBukkenMaster(stores.search, stores.bukken);
  return stores;
}

export async function closeSeedStores(s: SeedStores): Promise<void> {
  await Promise.all([s.search.close(), s.bukken.close(), s.company.close()]);
}

/** Checksums of every generated table, for determinism checks. */
export async function seedChecksums(s: SeedStores): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables: [Database<unknown>, string, string, string[]?][] = [
    [s.search, 'prefecture', 'code'],
    [s.search, 'city', 'code'],
    [s.search, 'town', 'code'],
    [s.search, 'line', 'code'],
    [s.search, 'station_group', 'code'],
    [s.search, 'station', 'code'],
    [s.search, 'station_edge', 'from_station, to_station'],
    [s.search, 'campus_station', 'campus_id, group_code'],
    [s.search, 'listing', 'id', ['written_xact']],
    [s.company, 'company', 'id'],
    [s.company, 'store', 'id'],
    [s.company, 'store_review', 'id'],
    [s.company, 'employee', 'id'],
    [s.bukken, 'building', 'id'],
    [s.bukken, 'bukken', 'id'],
    [s.bukken, 'bukken_traffic', 'bukken_id, seq'],
    [s.bukken, 'condition_code', 'code'],
  ];
  for (const [db, table, order, exclude] of tables) out[`${db.schema}.${table}`] = await tableChecksum(db, table, order, exclude);
  return out;
}
