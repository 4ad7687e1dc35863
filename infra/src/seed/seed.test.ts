import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import type { Database } from '@sumika/storage-kit';
import { distanceM, walkMinutes } from '../lib/geo.js';
import { testMasterData } from '../testing/seeded.js';
import type { MasterData } from '../master/types.js';
import { migrateToLatest } from '@sumika/storage-kit';
import { migrationsFolder } from '../migrate/migrate.js';
import { generateCompanies, ListingGenerator } from './generate.js';
import { seed, seedChecksums, type SeedStores } from './seed.js';
import { backfillBukkenMaster } from './write.js';

const LISTINGS = 3000;
const SEED = 424242;
const AS_OF = new Date('2026-11-01T00:00:00+09:00');

let master: MasterData;
beforeAll(async () => {
  master = await testMasterData();
});

type Row = Record<string, unknown>;
async function rows<T = Row>(d: Database<unknown>, query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(d.db)).rows;
}

describe('the generator on its own', () => {
  it('is deterministic: the same seed yields the same rows', () => {
    const run = (seedValue: number) => {
      const companies = generateCompanies(master, { seed: seedValue, asOf: AS_OF });
      const gen = new ListingGenerator(master, companies, { seed: seedValue, asOf: AS_OF });
      return JSON.stringify([companies.stores.slice(0, 50), [...gen.buildings(500)]]);
    };
    const a = run(7);
    expect(run(7)).toBe(a);
    expect(run(8)).not.toBe(a);
  });
});

describe.each(testBackends())('seeded data on $name', (backend) => {
  let stores: SeedStores;

  beforeAll(async () => {
    const open = async (subgraph: 'search' | 'bukken' | 'company') => {
      const d = await backend.open<unknown>(subgraph);
      await migrateToLatest(d, migrationsFolder(subgraph));
      return d;
    };
    stores = { search: await open('search'), bukken: await open('bukken'), company: await open('company') };
    await seed(stores, { listings: LISTINGS, seed: SEED, asOf: AS_OF, master });
  });

  afterAll(async () => {
    await Promise.all([stores.search.close(), stores.bukken.close(), stores.company.close()]);
  });

  it('stores 47 prefectures and the requested number of listings', async () => {
    expect(await rows(stores.search, 'SELECT count(*)::int AS n FROM prefecture')).toEqual([{ n: 47 }]);
    expect(await rows(stores.search, 'SELECT count(*)::int AS n FROM listing')).toEqual([{ n: LISTINGS }]);
    expect(await rows(stores.bukken, 'SELECT count(*)::int AS n FROM bukken')).toEqual([{ n: LISTINGS }]);
  });

  it('places every listing in a valid prefecture, city and town', async () => {
    const bad = await rows(
      stores.search,
      `
      SELECT l.id FROM listing l
      LEFT JOIN city c ON c.code = l.city_code
      LEFT JOIN town t ON t.code = l.town_code
      WHERE c.code IS NULL OR NOT c.searchable OR c.prefecture_code <> l.prefecture_code
         OR (l.town_code IS NOT NULL AND (t.code IS NULL OR t.city_code <> l.city_code))
         OR l.gd_city_code IS DISTINCT FROM c.gd_city_code`,
    );
    expect(bad).toEqual([]);
  });

  it('lists real nearby stations with walk minutes that agree with the coordinates (80 m/min)', async () => {
    const traffic = await rows<{
      bukken_id: number;
      seq: number;
      line_code: number;
      station_code: number;
      station_group_code: number;
      distance_m: number;
      walk_min: number;
      lat: number;
      lng: number;
    }>(
      stores.bukken,
      `SELECT t.*, b.lat, b.lng FROM bukken_traffic t JOIN bukken k ON k.id = t.bukken_id JOIN building b ON b.id = k.building_id ORDER BY t.bukken_id, t.seq`,
    );
    const stations = new Map(
      (await rows<{ code: number; group_code: number; line_code: number }>(stores.search, 'SELECT code, group_code, line_code FROM station')).map((s) => [
        s.code,
        s,
      ]),
    );
    const groups = new Map(
      (await rows<{ code: number; lat: number; lng: number }>(stores.search, 'SELECT code, lat, lng FROM station_group')).map((g) => [g.code, g]),
    );
    expect(traffic.length).toBeGreaterThanOrEqual(LISTINGS);
    const perListing = new Map<number, number>();
    for (const t of traffic) {
      const s = stations.get(t.station_code);
      expect(s).toMatchObject({ group_code: t.station_group_code, line_code: t.line_code });
      const g = groups.get(t.station_group_code) as { lat: number; lng: number };
      const d = distanceM({ lat: t.lat, lng: t.lng }, g);
      expect(Math.abs(d - t.distance_m)).toBeLessThanOrEqual(1);
      expect(t.walk_min).toBe(walkMinutes(d));
      expect(t.walk_min).toBeLessThanOrEqual(30);
      perListing.set(t.bukken_id, (perListing.get(t.bukken_id) ?? 0) + 1);
    }
    expect(perListing.size).toBe(LISTINGS);
    expect(Math.max(...perListing.values())).toBeLessThanOrEqual(3);
    expect(new Set(perListing.values())).toEqual(new Set([1, 2, 3]));
  });

  it('keeps plans, areas, floors and money consistent', async () => {
    const list = await rows<{
      plan: string;
      area: number;
      plan_detail: string;
      floor: number;
      floors: number;
      chinryou: number;
      kanri_kyoeki: number;
      shikikin: number;
      reikin: number;
      shikirei0: boolean;
    }>(
      stores.bukken,
      'SELECT k.plan, k.area, k.plan_detail, k.floor, b.floors, k.chinryou, k.kanri_kyoeki, k.shikikin, k.reikin, k.shikirei0 FROM bukken k JOIN building b ON b.id = k.building_id',
    );
    const ranges: Record<string, [number, number]> = {
      '1R': [13, 30],
      '1K': [15, 35],
      '1DK': [22, 40],
      '1LDK': [28, 60],
      '2K': [25, 45],
      '2DK': [30, 55],
      '2LDK': [40, 80],
      '3K': [40, 60],
      '3DK': [45, 75],
      '3LDK': [55, 100],
      '4K': [50, 80],
      '4DK': [60, 95],
      '4LDK+': [75, 140],
    };
    for (const b of list) {
      const [min, max] = ranges[b.plan] as [number, number];
      expect(b.area).toBeGreaterThanOrEqual(min);
      expect(b.area).toBeLessThanOrEqual(max);
      const rooms = (b.plan_detail.match(/(洋室|和室)/g) ?? []).length;
      expect(rooms).toBe(Number(b.plan[0]));
      expect(b.floor).toBeGreaterThanOrEqual(1);
      expect(b.floor).toBeLessThanOrEqual(b.floors);
      expect(b.shikikin % b.chinryou).toBe(0);
      expect(b.reikin % b.chinryou).toBe(0);
      expect(b.shikirei0).toBe(b.shikikin === 0 && b.reikin === 0);
    }
    expect(list.some((b) => b.shikirei0)).toBe(true);
    expect(list.some((b) => b.kanri_kyoeki === 0)).toBe(true);
  });

  it('prices central Tokyo far above the countryside', async () => {
    const perM2 = async (where: string) =>
      (await rows<{ v: number }>(stores.search, `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY chinryou / area) AS v FROM listing WHERE ${where}`))[0]
        ?.v ?? 0;
    const central = await perM2('city_code BETWEEN 13101 AND 13113');
    const rural = await perM2('prefecture_code NOT IN (1, 4, 11, 12, 13, 14, 22, 23, 26, 27, 28, 34, 40)');
    expect(central).toBeGreaterThan(rural * 1.8);
  });

  it("writes the bukken store's condition names from the same master as search's, naming every code a listing carries", async () => {
    const q = 'SELECT code, name, group_key FROM condition_code ORDER BY code';
    const own = await rows(stores.bukken, q);
    expect(own.length).toBe(master.conditionCodes.length);
    expect(own).toEqual(await rows(stores.search, q));
    const unnamed = await rows(
      stores.bukken,
      `SELECT DISTINCT c.code FROM bukken, jsonb_each(condition_codes) e, jsonb_array_elements_text(e.value) c(code)
       WHERE NOT EXISTS (SELECT 1 FROM condition_code n WHERE n.code = c.code::int)`,
    );
    expect(unnamed).toEqual([]);
  });

  it("fills an older store's empty bukken condition names from search's, once", async () => {
    const q = 'SELECT code, name, group_key FROM condition_code ORDER BY code';
    const before = await rows(stores.bukken, q);
    await sql`TRUNCATE condition_code`.execute(stores.bukken.db);
    expect(await backfillBukkenMaster(stores.search, stores.bukken)).toBe(master.conditionCodes.length);
    expect(await rows(stores.bukken, q)).toEqual(before);
    expect(await backfillBukkenMaster(stores.search, stores.bukken)).toBe(0);
    expect(await rows(stores.bukken, q)).toEqual(before);
  });

  it('covers every condition group, archived listings, spread arrivals and view counts', async () => {
    const groups = await rows<{ k: string }>(stores.bukken, `SELECT DISTINCT jsonb_object_keys(condition_codes) AS k FROM bukken ORDER BY 1`);
    expect(groups).toHaveLength(9);
    const nonEmpty = await rows<{ k: string }>(
      stores.bukken,
      `SELECT DISTINCT e.key AS k FROM bukken, jsonb_each(condition_codes) e WHERE jsonb_array_length(e.value) > 0`,
    );
    expect(nonEmpty).toHaveLength(9);
    const [stats] = await rows<{ archived: number; days: number; span: number; viewed: number }>(
      stores.bukken,
      `
      SELECT count(*) FILTER (WHERE archived_at IS NOT NULL)::int AS archived,
             count(DISTINCT date_trunc('day', arrived_at))::int AS days,
             extract(day FROM max(arrived_at) - min(arrived_at))::int AS span,
             count(*) FILTER (WHERE view_count > 0)::int AS viewed
      FROM bukken`,
    );
    expect(stats?.archived).toBeGreaterThan(LISTINGS * 0.02);
    expect(stats?.days).toBeGreaterThan(21);
    expect(stats?.span).toBeGreaterThanOrEqual(28);
    expect(stats?.viewed).toBeGreaterThan(LISTINGS * 0.9);
    const [multi] = await rows<{ n: number }>(
      stores.bukken,
      'SELECT count(*)::int AS n FROM (SELECT building_id FROM bukken GROUP BY 1 HAVING count(*) > 1) x',
    );
    expect(multi?.n).toBeGreaterThan(100);
  });

  it('has at least 500 companies with stores, licences, reviews and later-payment flags', async () => {
    const [c] = await rows<{ companies: number; later: number; bad_licence: number }>(
      stores.company,
      `
      SELECT count(*)::int AS companies, count(*) FILTER (WHERE is_later_payment_available)::int AS later,
             count(*) FILTER (WHERE license_number !~ '^(国土交通大臣|.{2,4}知事)\\(\\d+\\)第\\d+号$')::int AS bad_licence
      FROM company`,
    );
    expect(c?.companies).toBeGreaterThanOrEqual(500);
    expect(c?.later).toBeGreaterThan(0);
    expect(c?.later).toBeLessThan(c?.companies ?? 0);
    expect(c?.bad_licence).toBe(0);
    const [s] = await rows<{ stores: number; reviews: number; employees: number }>(
      stores.company,
      'SELECT (SELECT count(*) FROM store)::int AS stores, (SELECT count(*) FROM store_review)::int AS reviews, (SELECT count(*) FROM employee)::int AS employees',
    );
    expect(s?.stores).toBeGreaterThan(c?.companies ?? 0);
    expect(s?.reviews).toBeGreaterThan(0);
    expect(s?.employees).toBeGreaterThan(0);
    const storeIds = new Set((await rows<{ id: number }>(stores.company, 'SELECT id FROM store')).map((r) => r.id));
    const used = await rows<{ store_id: number }>(stores.bukken, 'SELECT DISTINCT store_id FROM bukken');
    for (const u of used) expect(storeIds.has(u.store_id)).toBe(true);
  });

  it('keeps the search index equal to the listings it was built from', async () => {
    const index = new Map(
      (
        await rows<{ id: number; chinryou: number; kanri_kyoeki: number; no_shikikin: boolean; archived: boolean }>(
          stores.search,
          'SELECT id, chinryou, kanri_kyoeki, no_shikikin, archived FROM listing',
        )
      ).map((r) => [r.id, r]),
    );
    const source = await rows<{ id: number; chinryou: number; kanri_kyoeki: number; shikikin: number; archived: boolean }>(
      stores.bukken,
      'SELECT id, chinryou, kanri_kyoeki, shikikin, archived_at IS NOT NULL AS archived FROM bukken',
    );
    for (const b of source) {
      expect(index.get(b.id)).toEqual({ id: b.id, chinryou: b.chinryou, kanri_kyoeki: b.kanri_kyoeki, no_shikikin: b.shikikin === 0, archived: b.archived });
    }
  });

  it('is deterministic: seeding again gives byte-identical tables', async () => {
    const first = await seedChecksums(stores);
    await seed(stores, { listings: LISTINGS, seed: SEED, asOf: AS_OF, master });
    expect(await seedChecksums(stores)).toEqual(first);
  });
});
