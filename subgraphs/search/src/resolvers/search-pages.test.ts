import { MemoryCache } from '@sumika/server-kit';
import { prefectureCodeOf, storeKeyOf } from '@sumika/domain';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';
import { createLoaders } from '../loaders.js';
import type { DB } from '../repositories/db.js';
import { specialBukkenCount } from './special-search.js';

// Tests for the listing pages around search: company, special, sitemap town, archive lists, searchParameter.
interface Row {
  id: number;
  global_key: string;
  prefecture_code: number;
  city_code: number;
  gd_city_code: number | null;
  town_code: number | null;
  station_groups: number[];
  condition_codes: number[];
  walk_min: number;
  arrived_at: Date;
  view_count: number;
  archived: boolean;
  store_id: number;
}

type Vars = Record<string, unknown>;
interface Result {
  bukkenList: { globalKey: string }[];
  bukkenTotal: { count: number };
  pagination: { count: number; currentPage: number; limitValue: number; nextPage: number | null; previousPage: number | null; totalPages: number };
}
const RESULT = 'bukkenList { globalKey } bukkenTotal { count } pagination { count currentPage limitValue nextPage previousPage totalPages }';

describe.each(testBackends())('listing pages on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let db: Kysely<unknown>;
  let rows: Row[];
  let active: Row[];

  const gql = async <T>(query: string, variables: Vars = {}) => {
    const res = await auth.query<T>(app, query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data as T;
  };
  const errorCode = async (query: string, variables: Vars = {}) => (await auth.query(app, query, variables)).errors?.[0]?.extensions?.code;
  const newestFirst = (a: Row, b: Row) => b.arrived_at.getTime() - a.arrived_at.getTime() || b.id - a.id;
  const keys = (list: Row[]) => list.map((r) => r.global_key);
  const mostCommon = (xs: number[]) => {
    const n = new Map<number, number>();
    for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
    return [...n].sort((a, b) => b[1] - a[1])[0]![0];
  };

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    db = stores.search.db as Kysely<unknown>;
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    rows = (await sql<Row>`SELECT * FROM listing ORDER BY id`.execute(db)).rows;
    active = rows.filter((r) => !r.archived);
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('lists a company store’s active listings, newest first, paginated', async () => {
    const store = mostCommon(active.map((r) => r.store_id));
    const want = active.filter((r) => r.store_id === store).sort(newestFirst);
    expect(want.length).toBeGreaterThan(5);
    const q = `query C($k: String!, $p: Int, $n: Int) { bukkensByCompany(companyKey: $k, page: $p, perPage: $n) { ${RESULT} } }`;
    const page2 = (await gql<{ bukkensByCompany: Result }>(q, { k: storeKeyOf(store), p: 2, n: 3 })).bukkensByCompany;
    expect(page2.bukkenList.map((b) => b.globalKey)).toEqual(keys(want.slice(3, 6)));
    expect(page2.pagination).toMatchObject({ count: want.length, currentPage: 2, limitValue: 3, previousPage: 1, totalPages: Math.ceil(want.length / 3) });
    const none = (await gql<{ bukkensByCompany: Result }>(q, { k: storeKeyOf(999_999) })).bukkensByCompany;
    expect(none.bukkenTotal.count).toBe(0);
    expect(await errorCode(q, { k: 'co00001' })).toBe('BAD_REQUEST');
    expect(await errorCode(q, { k: storeKeyOf(store), n: 500 })).toBe('BAD_REQUEST');
  });

  it('picks a special’s most viewed listings and counts every special', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const pet = active.filter((r) => r.condition_codes.includes(301) && r.prefecture_code === tokyo).sort((a, b) => b.view_count - a.view_count || b.id - a.id);
    const res = await gql<{ specialRecommendBukkens: { pickups: { globalKey: string }[]; sidePickups: { globalKey: string }[] } }>(
      '{ specialRecommendBukkens(specialName: "pet", prefecturePath: "tokyo") { pickups { globalKey } sidePickups { globalKey } } }',
    );
    expect(res.specialRecommendBukkens.pickups.map((b) => b.globalKey)).toEqual(keys(pet.slice(0, 4)));
    expect(res.specialRecommendBukkens.sidePickups.map((b) => b.globalKey)).toEqual(keys(pet.slice(4, 10)));
    expect(await errorCode('{ specialRecommendBukkens(specialName: "nope") { pickups { globalKey } } }')).toBe('NOT_FOUND');

    // Through the supergraph field, every special at once (one scan per prefecture).
    const specials = await gql<{ specials: { path: string; all: number; tokyo: number }[] }>(
      '{ specials { path all: bukkenCount tokyo: bukkenCount(prefecturePath: "tokyo") } }',
    );
    const walk5 = specials.specials.find((s) => s.path === 'ekichika')!;
    expect(walk5.all).toBe(active.filter((r) => r.walk_min <= 5).length);
    expect(walk5.tokyo).toBe(active.filter((r) => r.walk_min <= 5 && r.prefecture_code === tokyo).length);
    const petCount = specials.specials.find((s) => s.path === 'pet')!;
    expect(petCount.tokyo).toBe(pet.length);
    expect(specials.specials.every((s) => s.all >= s.tokyo)).toBe(true);
    expect(await errorCode('{ specials { bukkenCount(prefecturePath: "atlantis") } }')).toBe('NOT_FOUND');
  });

  it('caches Special.bukkenCount for a while', async () => {
    const typed = stores.search.db as unknown as Kysely<DB>;
    const ctx = { db: typed, cache: new MemoryCache(), loaders: createLoaders(typed), uid: undefined };
    const before = await specialBukkenCount(ctx, 'pet', null);
    expect(before).toBe(active.filter((r) => r.condition_codes.includes(301)).length);
    const victim = active.find((r) => r.condition_codes.includes(301))!;
    await sql`UPDATE listing SET condition_codes = array_remove(condition_codes, 301::smallint) WHERE id = ${victim.id}`.execute(db);
    try {
      expect(await specialBukkenCount({ ...ctx, loaders: createLoaders(typed) }, 'pet', null)).toBe(before);
      expect(await specialBukkenCount({ ...ctx, cache: new MemoryCache(), loaders: createLoaders(typed) }, 'pet', null)).toBe(before - 1);
    } finally {
      await sql`UPDATE listing SET condition_codes = ${victim.condition_codes}::smallint[] WHERE id = ${victim.id}`.execute(db);
    }
  });

  it('lists a town’s active listings 30 per page', async () => {
    const town = mostCommon(active.filter((r) => r.town_code !== null).map((r) => r.town_code!));
    const want = active.filter((r) => r.town_code === town).sort(newestFirst);
    const q = `query T($t: Int!, $p: Int) { sitemapTown(townCode: $t, page: $p) { ${RESULT} } }`;
    const res = (await gql<{ sitemapTown: Result }>(q, { t: town })).sitemapTown;
    expect(res.bukkenList.map((b) => b.globalKey)).toEqual(keys(want.slice(0, 30)));
    expect(res.pagination).toMatchObject({ count: want.length, limitValue: 30, totalPages: Math.ceil(want.length / 30) });
    expect(await errorCode(q, { t: 1 })).toBe('NOT_FOUND');
    expect(await errorCode(q, { t: town, p: 0 })).toBe('BAD_REQUEST');
  });

  it('lists ARCHIVED listings of a city or a station', async () => {
    const archived = rows.filter((r) => r.archived);
    expect(archived.length).toBeGreaterThan(10);
    const city = mostCommon(archived.map((r) => r.city_code));
    const pref = archived.find((r) => r.city_code === city)!.prefecture_code;
    const path = (await sql<{ path: string }>`SELECT path FROM prefecture WHERE code = ${pref}`.execute(db)).rows[0]!.path;
    const q = `query A($p: String!, $c: Int, $s: Int, $page: Int) { archiveList(prefecturePath: $p, cityCode: $c, stationCode: $s, page: $page) { ${RESULT} } }`;
    const byCity = (await gql<{ archiveList: Result }>(q, { p: path, c: city })).archiveList;
    const wantCity = archived.filter((r) => r.city_code === city).sort(newestFirst);
    expect(byCity.bukkenList.map((b) => b.globalKey)).toEqual(keys(wantCity.slice(0, 30)));
    expect(byCity.bukkenTotal.count).toBe(wantCity.length);

    const group = mostCommon(archived.filter((r) => r.prefecture_code === pref).flatMap((r) => r.station_groups));
    const byStation = (await gql<{ archiveList: Result }>(q, { p: path, s: group })).archiveList;
    const wantStation = archived.filter((r) => r.station_groups.includes(group) && r.prefecture_code === pref).sort(newestFirst);
    expect(byStation.bukkenList.map((b) => b.globalKey)).toEqual(keys(wantStation.slice(0, 30)));
    expect(wantStation.length).toBeGreaterThan(0);

    expect(await errorCode(q, { p: path })).toBe('BAD_REQUEST');
    expect(await errorCode(q, { p: path, c: city, s: group })).toBe('BAD_REQUEST');
    expect(await errorCode(q, { p: 'atlantis', c: city })).toBe('NOT_FOUND');
  });

  it('normalises search parameters', async () => {
    const q = `query P($p: String, $c: [Int], $t: [Int], $l: [Int], $s: [Int]) {
      searchParameter(prefecturePath: $p, cityCodes: $c, townCodes: $t, lineCodes: $l, stationCodes: $s) { prefecturePath cityCodes townCodes lineCodes stationCodes } }`;
    type P = { searchParameter: { prefecturePath: string | null; cityCodes: number[]; townCodes: number[]; lineCodes: number[]; stationCodes: number[] } };
    expect((await gql<P>(q, { c: [99999, 13113, 27128, null], t: [131130001, 42], l: [11302, 99646], s: [1130205, 9999999] })).searchParameter).toEqual({
      prefecturePath: 'tokyo',
      cityCodes: [13113],
      townCodes: [131130001],
      lineCodes: [11302],
      stationCodes: [1130205],
    });
    expect((await gql<P>(q, { p: 'osaka', c: [13113, 27128] })).searchParameter).toEqual({
      prefecturePath: 'osaka',
      cityCodes: [27128],
      townCodes: [],
      lineCodes: [],
      stationCodes: [],
    });
    expect((await gql<P>(q, { l: [99646] })).searchParameter.prefecturePath).toBe('hyogo');
    expect((await gql<P>(q, {})).searchParameter).toEqual({ prefecturePath: null, cityCodes: [], townCodes: [], lineCodes: [], stationCodes: [] });
    expect(await errorCode(q, { p: 'atlantis' })).toBe('NOT_FOUND');
  });
});
