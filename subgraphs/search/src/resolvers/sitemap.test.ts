import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { build } from '../app.js';
import { listingIndex } from '../repositories/listing-index.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;
type Entry = { name: string; path: string; count: number };

describe.each(testBackends())('sitemap on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let byPref: Map<number, number>;
  let byCity: Map<number, number>;
  let byTown: Map<number, number>;
  const queries: string[] = [];
  const listingQueries = () => queries.filter((q) => /\bfrom\s+"?listing"?/i.test(q)).length;

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.search.pool }),
      log: (e) => {
        if (e.level === 'query') queries.push(e.query.sql);
      },
    });
    app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
    // Started by build and read from the same tables: let it end before queries are counted.
    await listingIndex(db).load();
    const { rows } = await sql<{ prefecture_code: number; city_code: number; town_code: number | null }>`
      SELECT prefecture_code, city_code, town_code FROM listing WHERE NOT archived`.execute(stores.search.db);
    const count = (keys: (number | null)[]) => {
      const m = new Map<number, number>();
      for (const k of keys) if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
      return m;
    };
    byPref = count(rows.map((r) => r.prefecture_code));
    byCity = count(rows.map((r) => r.city_code));
    byTown = count(rows.map((r) => r.town_code));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('lists every prefecture with its count', async () => {
    queries.length = 0;
    const res = await auth.query<{ sitemapTop: Entry[] }>(app, '{ sitemapTop { name path count } }');
    expect(res.errors).toBeUndefined();
    expect(res.data?.sitemapTop).toEqual(
      stores.master.prefectures.map((p) => ({ name: p.name, path: `/specific/sitemap/${p.path}`, count: byPref.get(p.code) ?? 0 })),
    );
    expect(res.data?.sitemapTop[12]).toMatchObject({ name: '東京都', path: '/specific/sitemap/tokyo' });
    expect(listingQueries()).toBe(1);
  });

  it('lists the searchable cities of a prefecture, zero counts included', async () => {
    queries.length = 0;
    const res = await auth.query<{ sitemapPrefecture: Entry[] }>(app, '{ sitemapPrefecture(prefecturePath: "osaka") { name path count } }');
    expect(res.errors).toBeUndefined();
    const cities = stores.master.cities.filter((c) => c.prefectureCode === 27 && c.searchable).sort((a, b) => a.code - b.code);
    expect(res.data?.sitemapPrefecture).toEqual(
      cities.map((c) => ({ name: c.name, path: `/specific/sitemap/osaka/${c.code}`, count: byCity.get(c.code) ?? 0 })),
    );
    expect(res.data?.sitemapPrefecture.some((e) => e.count === 0)).toBe(true);
    expect(res.data?.sitemapPrefecture.some((e) => e.count > 0)).toBe(true);
    expect(listingQueries()).toBe(1);
  });

  it('lists the towns of a city in code order with counts', async () => {
    // The city whose towns hold the most listings.
    const townCity = new Map(stores.master.towns.map((t) => [t.code, t.cityCode]));
    const perCity = new Map<number, number>();
    for (const [town, n] of byTown) perCity.set(townCity.get(town) ?? 0, (perCity.get(townCity.get(town) ?? 0) ?? 0) + n);
    const cityCode = [...perCity].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
    const city = stores.master.cities.find((c) => c.code === cityCode);
    const prefPath = stores.master.prefectures.find((p) => p.code === city?.prefectureCode)?.path;
    queries.length = 0;
    const res = await auth.query<{ sitemapCity: Entry[] }>(app, 'query ($c: Int!) { sitemapCity(cityCode: $c) { name path count } }', { c: cityCode });
    expect(res.errors).toBeUndefined();
    const towns = stores.master.towns.filter((t) => t.cityCode === cityCode).sort((a, b) => a.code - b.code);
    expect(res.data?.sitemapCity).toEqual(
      towns.map((t) => ({ name: t.name, path: `/specific/sitemap/${prefPath}/${cityCode}/${t.code}`, count: byTown.get(t.code) ?? 0 })),
    );
    expect(res.data?.sitemapCity.some((e) => e.count > 0)).toBe(true);
    expect(listingQueries()).toBe(1);
  });

  it('gives the XML sitemap: prefectures with listings, then for a prefecture every page that lists anything with their newest arrival', async () => {
    const { rows } = await sql<{ prefecture_code: number; city_code: number; station_groups: number[]; arrived_at: Date }>`
      SELECT prefecture_code, city_code, station_groups, arrived_at FROM listing WHERE NOT archived`.execute(stores.search.db);
    const newest = (list: typeof rows) => new Date(Math.max(...list.map((r) => new Date(r.arrived_at).getTime()))).toISOString();
    const sections = await auth.query<{ sitemapSections: { prefecturePath: string; lastmod: string }[] }>(
      app,
      '{ sitemapSections { prefecturePath lastmod } }',
    );
    expect(sections.errors).toBeUndefined();
    const prefectures = stores.master.prefectures.filter((p) => byPref.has(p.code));
    expect(sections.data?.sitemapSections).toEqual(
      prefectures.map((p) => ({ prefecturePath: p.path, lastmod: newest(rows.filter((r) => r.prefecture_code === p.code)) })),
    );

    const tokyo = stores.master.prefectures.find((p) => p.path === 'tokyo')!;
    const inTokyo = rows.filter((r) => r.prefecture_code === tokyo.code);
    const res = await auth.query<{ sitemapUrls: { path: string; lastmod: string }[] }>(app, '{ sitemapUrls(prefecturePath: "tokyo") { path lastmod } }');
    expect(res.errors).toBeUndefined();
    const urls = new Map(res.data!.sitemapUrls.map((u) => [u.path, u.lastmod]));
    expect(urls.size).toBe(res.data!.sitemapUrls.length);
    expect(urls.get('/tokyo')).toBe(newest(inTokyo));
    // Every searchable city with listings, at its results page, dated by its newest listing.
    const cities = stores.master.cities.filter((c) => c.prefectureCode === tokyo.code && c.searchable && byCity.has(c.code));
    expect(cities.length).toBeGreaterThan(0);
    for (const c of cities) expect([c.code, urls.get(`/search/tokyo/city/${c.code}`)]).toEqual([c.code, newest(inTokyo.filter((r) => r.city_code === c.code))]);
    // Every Tokyo station with listings, at its station page on its group's first line.
    const stationPaths = [...urls.keys()].filter((p) => p.includes('/station/'));
    const groups = new Set(inTokyo.flatMap((r) => r.station_groups));
    const tokyoGroups = stores.master.stationGroups.filter((g) => g.prefectureCode === tokyo.code && groups.has(g.code));
    expect(stationPaths).toHaveLength(tokyoGroups.length);
    const station = stores.master.stations.find((st) => st.code === Number(stationPaths[0]!.split('/').at(-1)))!;
    expect(stationPaths[0]).toBe(`/search/tokyo/line/${station.lineCode}/station/${station.code}`);
    expect(urls.get(stationPaths[0]!)).toBe(newest(inTokyo.filter((r) => r.station_groups.includes(station.groupCode))));
    expect(urls.size).toBe(1 + cities.length + tokyoGroups.length);

    const bad = await auth.query(app, '{ sitemapUrls(prefecturePath: "atlantis") { path } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('rejects unknown prefectures and cities', async () => {
    const badPath = await auth.query(app, '{ sitemapPrefecture(prefecturePath: "atlantis") { name } }');
    expect(badPath.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const badCity = await auth.query(app, '{ sitemapCity(cityCode: 99999) { name } }');
    expect(badCity.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
