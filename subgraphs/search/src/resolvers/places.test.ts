import { MemoryCache, openCache, type Cache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface ListingFacts {
  prefecture_code: number;
  city_code: number;
  gd_city_code: number | null;
  town_code: number | null;
  archived: boolean;
}

/** Counts of active listings, computed in JS from raw rows (independent of the grouped SQL). */
function tally(rows: ListingFacts[], keyOf: (r: ListingFacts) => (number | null)[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) {
    if (r.archived) continue;
    for (const k of new Set(keyOf(r))) if (k !== null) out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

describe.each(testBackends())('places on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let cache: Cache;
  let rows: ListingFacts[];
  const queries: string[] = [];
  const listingQueries = () => queries.filter((q) => /\bfrom\s+"?listing"?/i.test(q)).length;

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    // Redis when configured (a private prefix so runs never share counts), else in-process.
    cache = process.env.REDIS_URL ? await openCache({ prefix: `test:places:${process.pid}:${Date.now()}:` }) : new MemoryCache();
    // The app's queries go through a logging Kysely over the same pool, so tests can count them.
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.search.pool }),
      log: (e) => {
        if (e.level === 'query') queries.push(e.query.sql);
      },
    });
    app = await build({ db, cache, auth: auth.auth });
    ({ rows } = await sql<ListingFacts>`SELECT prefecture_code, city_code, gd_city_code, town_code, archived FROM listing`.execute(stores.search.db));
  });
  afterAll(async () => {
    await app?.close();
    await cache?.close();
    if (stores) await closeSeeded(stores);
  });

  it('lists the eight display regions in order with their prefectures', async () => {
    const res = await auth.query<{ regions: { regions: { code: string; name: string; prefectures: { code: number; name: string; path: string }[] }[] } }>(
      app,
      '{ regions { regions { code name prefectures { code name path } } } }',
    );
    expect(res.errors).toBeUndefined();
    const regions = res.data?.regions.regions ?? [];
    expect(regions.map((r) => r.code)).toEqual(['kanto', 'kansai', 'hokkaido', 'tokai', 'hokuriku', 'chugoku', 'shikoku', 'kyusyu']);
    expect(regions.map((r) => r.name)).toEqual(['関東', '関西', '北海道・東北', '東海', '北陸・甲信越', '中国', '四国', '九州・沖縄']);
    const byCode = new Map(regions.map((r) => [r.code, r.prefectures]));
    expect(byCode.get('kanto')?.map((p) => p.code)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(byCode.get('hokkaido')?.map((p) => p.code)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Hokuriku merges Koshinetsu and is sorted by code.
    expect(byCode.get('hokuriku')?.map((p) => p.code)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(byCode.get('kyusyu')?.map((p) => p.code)).toEqual([40, 41, 42, 43, 44, 45, 46, 47]);
    const tokyo = byCode.get('kanto')?.find((p) => p.code === 13);
    expect(tokyo).toEqual({ code: 13, name: '東京都', path: 'tokyo' });
    // Every prefecture appears exactly once.
    expect(regions.flatMap((r) => r.prefectures.map((p) => p.code)).sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it('lists the eleven regions', async () => {
    const res = await auth.query<{ regions: { regions: { name: string; prefectures: { code: number }[] }[] } }>(
      app,
      '{ regions(grouping: ELEVEN) { regions { name prefectures { code } } } }',
    );
    expect(res.errors).toBeUndefined();
    const regions = res.data?.regions.regions ?? [];
    expect(regions.map((r) => r.name)).toEqual(['北海道', '東北', '関東', '甲信越', '北陸', '東海', '関西', '中国', '四国', '九州', '沖縄']);
    expect(regions[3]?.prefectures.map((p) => p.code)).toEqual([19, 20, 15]);
  });

  it('lists prefectures with active-listing counts', async () => {
    const res = await auth.query<{
      prefectures: { code: number; name: string; shortName: string; kana: string; path: string; latLng: { lat: number }; bukkenCount: number }[];
    }>(app, '{ prefectures { code name shortName kana path latLng { lat lng } bukkenCount } }');
    expect(res.errors).toBeUndefined();
    const list = res.data?.prefectures ?? [];
    expect(list.map((p) => [p.code, p.name, p.path])).toEqual(stores.master.prefectures.map((p) => [p.code, p.name, p.path]));
    expect(list.find((p) => p.code === 13)?.shortName).toBe('東京');
    expect(list.find((p) => p.code === 1)?.shortName).toBe('北海道');
    const expected = tally(rows, (r) => [r.prefecture_code]);
    expect(list.map((p) => p.bukkenCount)).toEqual(list.map((p) => expected.get(p.code) ?? 0));
    expect(list.reduce((s, p) => s + p.bukkenCount, 0)).toBe(rows.filter((r) => !r.archived).length);
  });

  it('lists wards of designated cities as cities, and the designated cities with their wards', async () => {
    const res = await auth.query<{
      prefecture: {
        name: string;
        cities: { code: number; name: string; kind: string; gdCityCode: number | null; bukkenCount: number }[];
        designatedCities: { code: number; name: string; kind: string; bukkenCount: number; wards: { code: number; name: string; bukkenCount: number }[] }[];
      };
    }>(
      app,
      '{ prefecture(path: "osaka") { name cities { code name kind gdCityCode bukkenCount } designatedCities { code name kind bukkenCount wards { code name bukkenCount } } } }',
    );
    expect(res.errors).toBeUndefined();
    const osaka = res.data?.prefecture;
    expect(osaka?.name).toBe('大阪府');
    const expectedCities = stores.master.cities.filter((c) => c.prefectureCode === 27 && c.searchable).sort((a, b) => a.code - b.code);
    expect(osaka?.cities.map((c) => c.code)).toEqual(expectedCities.map((c) => c.code));
    expect(osaka?.cities.some((c) => c.name === '大阪市北区' && c.kind === 'ward' && c.gdCityCode === 27100)).toBe(true);
    expect(osaka?.cities.some((c) => c.name === '大阪市')).toBe(false);
    expect(osaka?.designatedCities.map((c) => c.name)).toEqual(['大阪市', '堺市']);
    const osakaCity = osaka?.designatedCities[0];
    expect(osakaCity?.kind).toBe('designated');
    expect(osakaCity?.wards.map((w) => w.code)).toEqual(
      stores.master.cities
        .filter((c) => c.gdCityCode === 27100)
        .map((c) => c.code)
        .sort((a, b) => a - b),
    );
    expect(osakaCity?.wards.length).toBe(24);

    const byCity = tally(rows, (r) => [r.city_code]);
    const byGd = tally(rows, (r) => [r.gd_city_code]);
    for (const c of osaka?.cities ?? []) expect([c.code, c.bukkenCount]).toEqual([c.code, byCity.get(c.code) ?? 0]);
    for (const d of osaka?.designatedCities ?? []) {
      expect([d.code, d.bukkenCount]).toEqual([d.code, byGd.get(d.code) ?? 0]);
      expect(d.bukkenCount).toBe(d.wards.reduce((s, w) => s + w.bukkenCount, 0));
    }
    expect(osakaCity?.bukkenCount).toBeGreaterThan(0);
  });

  it('resolves a city with its prefecture, towns and counts', async () => {
    const byCity = tally(rows, (r) => [r.city_code]);
    const cityCode = [...byCity].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
    const city = stores.master.cities.find((c) => c.code === cityCode);
    const res = await auth.query<{
      city: {
        code: number;
        name: string;
        kana: string;
        prefecture: { code: number };
        bukkenCount: number;
        wards: unknown[];
        towns: { code: number; name: string; cityCode: number; bukkenCount: number }[];
      };
    }>(
      app,
      'query ($code: Int!) { city(code: $code) { code name kana prefecture { code } bukkenCount wards { code } towns { code name cityCode bukkenCount } } }',
      { code: cityCode },
    );
    expect(res.errors).toBeUndefined();
    const got = res.data?.city;
    expect(got?.name).toBe(city?.name);
    expect(got?.kana).toBe(city?.kana);
    expect(got?.prefecture.code).toBe(city?.prefectureCode);
    expect(got?.bukkenCount).toBe(byCity.get(cityCode));
    expect(got?.wards).toEqual([]);
    const towns = stores.master.towns.filter((t) => t.cityCode === cityCode).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(got?.towns.map((t) => t.name)).toEqual(towns.map((t) => t.name));
    const byTown = tally(rows, (r) => [r.town_code]);
    for (const t of got?.towns ?? []) {
      expect(t.cityCode).toBe(cityCode);
      expect([t.code, t.bukkenCount]).toEqual([t.code, byTown.get(t.code) ?? 0]);
    }

    const list = await auth.query<{ towns: { code: number }[] }>(app, 'query ($code: Int!) { towns(cityCode: $code) { code } }', { code: cityCode });
    expect(list.data?.towns.map((t) => t.code)).toEqual(towns.map((t) => t.code));
  });

  it('answers cities(prefecturePath) with the searchable cities', async () => {
    const res = await auth.query<{ cities: { code: number }[] }>(app, '{ cities(prefecturePath: "kanagawa") { code } }');
    expect(res.errors).toBeUndefined();
    expect(res.data?.cities.map((c) => c.code)).toEqual(
      stores.master.cities
        .filter((c) => c.prefectureCode === 14 && c.searchable)
        .map((c) => c.code)
        .sort((a, b) => a - b),
    );
  });

  it('returns null for unknown prefectures and cities, and rejects bad arguments', async () => {
    const res = await auth.query<{ prefecture: null; city: null }>(app, '{ prefecture(path: "atlantis") { code } city(code: 99999) { code } }');
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ prefecture: null, city: null });

    const bad = await auth.query(app, '{ cities(prefecturePath: "atlantis") { code } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(bad.errors?.[0]?.message).toBe('指定された都道府県が見つかりません。');
    const missing = await auth.query(app, '{ towns(cityCode: 99999) { code } }');
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const wrongType = await auth.query(app, '{ city(code: "x") { code } }');
    expect(wrongType.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('resolves Prefecture and City entities in one batch', async () => {
    queries.length = 0;
    const res = await auth.query<{ _entities: ({ code: number; name: string } | null)[] }>(
      app,
      `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Prefecture { code name } ... on City { code name } } }`,
      {
        r: [
          { __typename: 'Prefecture', code: 13 },
          { __typename: 'Prefecture', code: 27 },
          { __typename: 'City', code: 13113 },
          { __typename: 'City', code: 27127 },
          { __typename: 'City', code: 1 },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual([
      { code: 13, name: '東京都' },
      { code: 27, name: '大阪府' },
      { code: 13113, name: '渋谷区' },
      { code: 27127, name: '大阪市北区' },
      null,
    ]);
    expect(queries.filter((q) => /from\s+"prefecture"/i.test(q))).toHaveLength(1);
    expect(queries.filter((q) => /from\s+"city"/i.test(q))).toHaveLength(1);
  });

  it('counts a whole list with one grouped query, then serves it from the cache', async () => {
    queries.length = 0;
    const q = '{ prefecture(path: "tokyo") { cities { code bukkenCount } designatedCities { code } } }';
    const first = await auth.query<{ prefecture: { cities: { code: number; bukkenCount: number }[] } }>(app, q);
    expect(first.errors).toBeUndefined();
    expect(first.data?.prefecture.cities.length).toBeGreaterThan(50);
    expect(listingQueries()).toBe(1);
    const byCity = tally(rows, (r) => [r.city_code]);
    expect(first.data?.prefecture.cities.map((c) => c.bukkenCount)).toEqual(first.data?.prefecture.cities.map((c) => byCity.get(c.code) ?? 0));

    queries.length = 0;
    const second = await auth.query(app, q);
    expect(second.data).toEqual(first.data);
    expect(listingQueries()).toBe(0);
  });

  it('counts towns of several cities with one grouped query per city', async () => {
    queries.length = 0;
    const res = await auth.query<{ prefecture: { cities: { towns: { code: number; bukkenCount: number }[] }[] } }>(
      app,
      '{ prefecture(path: "kyoto") { cities { towns { code bukkenCount } } } }',
    );
    expect(res.errors).toBeUndefined();
    const cities = res.data?.prefecture.cities ?? [];
    const withTowns = cities.filter((c) => c.towns.length > 0).length;
    expect(withTowns).toBeGreaterThan(1);
    expect(listingQueries()).toBe(withTowns);
    const byTown = tally(rows, (r) => [r.town_code]);
    const towns = cities.flatMap((c) => c.towns);
    expect(towns.map((t) => t.bukkenCount)).toEqual(towns.map((t) => byTown.get(t.code) ?? 0));
  });
});
