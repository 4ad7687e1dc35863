import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';
import { decode, encode, hexSize } from '../domain/geohex.js';
import { cellOf, MAX_MAP_LEVEL, MIN_MAP_LEVEL } from './map.js';

interface Row {
  id: number;
  global_key: string;
  lat: number;
  lng: number;
  walk_min: number;
  arrived_at: Date;
  archived: boolean;
}

type Vars = Record<string, unknown>;
type Cell = { geoHex: string; count: number; center: { lat: number; lng: number } };

const MAP_INFO = `query M($level: Int!, $south: Float!, $west: Float!, $north: Float!, $east: Float!, $c: SearchConditionInput) {
  mapInfo(level: $level, south: $south, west: $west, north: $north, east: $east, searchCondition: $c) { geoHex count center { lat lng } } }`;
const MAP_BUKKENS = `query B($geoHex: String, $south: Float, $west: Float, $north: Float, $east: Float, $c: SearchConditionInput, $limit: Int) {
  mapBukkens(geoHex: $geoHex, south: $south, west: $west, north: $north, east: $east, searchCondition: $c, limit: $limit) { globalKey } }`;

describe.each(testBackends())('map search on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let active: Row[];

  const gql = async <T>(query: string, variables: Vars = {}) => {
    const res = await auth.query<T>(app, query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data as T;
  };
  const errorCode = async (query: string, variables: Vars) => (await auth.query(app, query, variables)).errors?.[0]?.extensions?.code;
  const inBox = (b: { south: number; west: number; north: number; east: number }) => (r: Row) =>
    r.lat >= b.south && r.lat <= b.north && r.lng >= b.west && r.lng <= b.east;
  const newestFirst = (a: Row, b: Row) => b.arrived_at.getTime() - a.arrived_at.getTime() || b.id - a.id;

  /** Cells and counts computed here with the GeoHex library, one listing at a time. */
  const expectedCells = (rows: Row[], level: number) => {
    const m = new Map<string, number>();
    for (const r of rows) {
      const code = encode(r.lat, r.lng, level);
      m.set(code, (m.get(code) ?? 0) + 1);
    }
    return m;
  };

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    const rows = (await sql<Row>`SELECT id, global_key, lat, lng, walk_min, arrived_at, archived FROM listing`.execute(stores.search.db as Kysely<unknown>))
      .rows;
    active = rows.filter((r) => !r.archived).map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng) }));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  const tokyoBox = { south: 35.6, west: 139.6, north: 35.8, east: 139.85 };

  it('counts matches per cell; the cells add up to the box and agree with the GeoHex library', async () => {
    for (const [level, c, pred] of [
      [7, null, () => true],
      [6, { walkMin: 7 }, (r: Row) => r.walk_min <= 7],
    ] as const) {
      const cells = (await gql<{ mapInfo: Cell[] }>(MAP_INFO, { level, ...tokyoBox, c })).mapInfo;
      const rows = active.filter((r) => inBox(tokyoBox)(r) && pred(r));
      expect(rows.length).toBeGreaterThan(50);
      expect(cells.reduce((a, x) => a + x.count, 0)).toBe(rows.length);
      expect(new Map(cells.map((x) => [x.geoHex, x.count]))).toEqual(expectedCells(rows, level));
      for (const cell of cells) {
        const zone = decode(cell.geoHex);
        expect(zone.level).toBe(level);
        expect(cell.center.lat).toBeCloseTo(zone.lat, 9);
        expect(cell.center.lng).toBeCloseTo(zone.lng, 9);
      }
    }
  });

  it('names each cell by its nearest station', async () => {
    const LABELLED = `query L($level: Int!, $south: Float!, $west: Float!, $north: Float!, $east: Float!) {
      mapInfo(level: $level, south: $south, west: $west, north: $north, east: $east) { geoHex center { lat lng } nearStation } }`;
    type Labelled = { geoHex: string; center: { lat: number; lng: number }; nearStation: string | null };
    const cells = (await gql<{ mapInfo: Labelled[] }>(LABELLED, { level: 7, ...tokyoBox })).mapInfo;
    expect(cells.length).toBeGreaterThan(5);
    const groups = (
      await sql<{ name: string; lat: number; lng: number }>`SELECT name, lat, lng FROM station_group`.execute(stores.search.db as Kysely<unknown>)
    ).rows;
    const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
      const rad = Math.PI / 180;
      const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    for (const cell of cells) {
      const nearest = groups.map((g) => ({ name: g.name, km: km(cell.center, g) })).sort((a, b) => a.km - b.km)[0]!;
      expect(cell.nearStation).toBe(nearest.name);
    }
  });

  it('agrees with the GeoHex library at every level 3..12', async () => {
    // A box about 40 cells wide around the densest spot, so every level stays under the cell cap.
    const anchor = active.filter(inBox(tokyoBox))[0]!;
    for (let level = 3; level <= 12; level++) {
      const half = (20 * hexSize(level)) / 111_319;
      const box = { south: anchor.lat - half * 0.8, north: anchor.lat + half * 0.8, west: anchor.lng - half, east: anchor.lng + half };
      const cells = (await gql<{ mapInfo: Cell[] }>(MAP_INFO, { level, ...box })).mapInfo;
      const rows = active.filter(inBox(box));
      expect(rows.length).toBeGreaterThan(0);
      expect([level, new Map(cells.map((x) => [x.geoHex, x.count]))]).toEqual([level, expectedCells(rows, level)]);
    }
  });

  it('stores the cell of each listing at every map level as the GeoHex library computes it', async () => {
    const levels = Array.from({ length: MAX_MAP_LEVEL - MIN_MAP_LEVEL + 1 }, (_, i) => MIN_MAP_LEVEL + i);
    // Unpacked as repositories/listing-map.ts does: x * 2^32 + (y + 2^31).
    const xy = levels.map((l) => {
      const c = sql.ref(`hex${l}`);
      return sql`${c} >> 32 AS ${sql.ref(`x${l}`)}, (${c} & 4294967295) - 2147483648 AS ${sql.ref(`y${l}`)}`;
    });
    const { rows } = await sql<Record<string, string | number>>`SELECT lat, lng, ${sql.join(xy)} FROM listing`.execute(stores.search.db as Kysely<unknown>);
    expect(rows.length).toBeGreaterThan(active.length);
    const wrong: string[] = [];
    for (const r of rows) {
      const [lat, lng] = [Number(r.lat), Number(r.lng)];
      for (const level of levels) {
        if (cellOf(Number(r[`x${level}`]), Number(r[`y${level}`]), level).geoHex !== encode(lat, lng, level)) wrong.push(`${lat},${lng}@${level}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists the listings of one cell, exactly, newest first', async () => {
    const level = 8;
    const rows = active.filter(inBox(tokyoBox));
    const [code, n] = [...expectedCells(rows, level)].sort((a, b) => b[1] - a[1])[0]!;
    expect(n).toBeGreaterThan(3);
    const want = active
      .filter((r) => encode(r.lat, r.lng, level) === code)
      .sort(newestFirst)
      .map((r) => r.global_key);
    const all = (await gql<{ mapBukkens: { globalKey: string }[] }>(MAP_BUKKENS, { geoHex: code, limit: 200 })).mapBukkens;
    expect(all.map((b) => b.globalKey)).toEqual(want.slice(0, 200));
    const two = (await gql<{ mapBukkens: { globalKey: string }[] }>(MAP_BUKKENS, { geoHex: code, limit: 2 })).mapBukkens;
    expect(two.map((b) => b.globalKey)).toEqual(want.slice(0, 2));
    const near = (await gql<{ mapBukkens: { globalKey: string }[] }>(MAP_BUKKENS, { geoHex: code, c: { walkMin: 5 } })).mapBukkens;
    const nearWant = new Set(active.filter((r) => r.walk_min <= 5 && encode(r.lat, r.lng, level) === code).map((r) => r.global_key));
    expect(new Set(near.map((b) => b.globalKey))).toEqual(nearWant);
  });

  it('lists the listings of a box, newest first', async () => {
    const box = { south: 35.65, west: 139.68, north: 35.7, east: 139.75 };
    const want = active
      .filter(inBox(box))
      .sort(newestFirst)
      .map((r) => r.global_key);
    expect(want.length).toBeGreaterThan(5);
    const res = (await gql<{ mapBukkens: { globalKey: string }[] }>(MAP_BUKKENS, { ...box, limit: 5 })).mapBukkens;
    expect(res.map((b) => b.globalKey)).toEqual(want.slice(0, 5));
  });

  it("counts and lists only the search's place, and opens on the box around its matches", async () => {
    const db = stores.search.db as Kysely<unknown>;
    // The city with the most active listings: its rows are the place's matches.
    const { rows } = await sql<{ city_code: number; prefecture_path: string; n: number }>`
      SELECT l.city_code, p.path AS prefecture_path, count(*)::int AS n FROM listing l JOIN prefecture p ON p.code = l.prefecture_code
      WHERE NOT l.archived GROUP BY 1, 2 ORDER BY 3 DESC, 1 LIMIT 1`.execute(db);
    const city = rows[0] as { city_code: number; prefecture_path: string; n: number };
    const mine = new Set(
      (await sql<{ global_key: string }>`SELECT global_key FROM listing WHERE NOT archived AND city_code = ${city.city_code}`.execute(db)).rows.map(
        (r) => r.global_key,
      ),
    );
    const place = { p: city.prefecture_path, cities: [city.city_code] };
    const bounds = (
      await gql<{ mapBounds: { south: number; west: number; north: number; east: number } | null }>(
        `query ($p: String, $cities: [Int]) { mapBounds(prefecturePath: $p, cityCodes: $cities) { south west north east } }`,
        place,
      )
    ).mapBounds;
    const matches = active.filter((r) => mine.has(r.global_key));
    expect(bounds).toEqual({
      south:
        Math.min(...matches.map((r) => r.lat)) - Math.max(0, (0.01 - (Math.max(...matches.map((r) => r.lat)) - Math.min(...matches.map((r) => r.lat)))) / 2),
      north:
        Math.max(...matches.map((r) => r.lat)) + Math.max(0, (0.01 - (Math.max(...matches.map((r) => r.lat)) - Math.min(...matches.map((r) => r.lat)))) / 2),
      west:
        Math.min(...matches.map((r) => r.lng)) - Math.max(0, (0.01 - (Math.max(...matches.map((r) => r.lng)) - Math.min(...matches.map((r) => r.lng)))) / 2),
      east:
        Math.max(...matches.map((r) => r.lng)) + Math.max(0, (0.01 - (Math.max(...matches.map((r) => r.lng)) - Math.min(...matches.map((r) => r.lng)))) / 2),
    });
    const box = bounds as { south: number; west: number; north: number; east: number };
    const cells = (
      await gql<{ mapInfo: Cell[] }>(
        `query ($p: String, $cities: [Int], $south: Float!, $west: Float!, $north: Float!, $east: Float!) {
          mapInfo(level: 7, south: $south, west: $west, north: $north, east: $east, prefecturePath: $p, cityCodes: $cities) { geoHex count center { lat lng } } }`,
        { ...place, ...box },
      )
    ).mapInfo;
    // Every match of the city is in its box, and only they are counted.
    expect(cells.reduce((n, c) => n + c.count, 0)).toBe(city.n);
    expect(new Map(cells.map((c) => [c.geoHex, c.count]))).toEqual(expectedCells(matches, 7));
    const listed = (
      await gql<{ mapBukkens: { globalKey: string }[] }>(
        `query ($p: String, $cities: [Int], $south: Float, $west: Float, $north: Float, $east: Float) {
          mapBukkens(south: $south, west: $west, north: $north, east: $east, prefecturePath: $p, cityCodes: $cities, limit: 200) { globalKey } }`,
        { ...place, ...box },
      )
    ).mapBukkens;
    expect(listed.length).toBe(Math.min(200, city.n));
    expect(listed.every((b) => mine.has(b.globalKey))).toBe(true);
    // Nothing matches: no box; an unknown place is NOT_FOUND as on the results pages.
    expect((await gql<{ mapBounds: unknown }>(`{ mapBounds(searchCondition: { chinryou: { min: 99000000 } }) { south } }`)).mapBounds).toBeNull();
    expect(await errorCode(`query ($p: String) { mapBounds(prefecturePath: $p) { south } }`, { p: 'atlantis' })).toBe('NOT_FOUND');
  });

  it('rejects bad levels, boxes, codes and limits with BAD_REQUEST', async () => {
    const bad: [string, Vars][] = [
      [MAP_INFO, { level: 2, ...tokyoBox }],
      [MAP_INFO, { level: 13, ...tokyoBox }],
      [MAP_INFO, { level: 12, south: 30, west: 130, north: 40, east: 140 }],
      [MAP_INFO, { level: 7, south: 35.8, west: 139.6, north: 35.6, east: 139.85 }],
      [MAP_INFO, { level: 7, south: 35.6, west: 139.6, north: 95, east: 139.85 }],
      [MAP_BUKKENS, { geoHex: '!!' }],
      [MAP_BUKKENS, { geoHex: 'XM48854', ...tokyoBox }],
      [MAP_BUKKENS, {}],
      [MAP_BUKKENS, { south: 35.6, west: 139.6 }],
      [MAP_BUKKENS, { ...tokyoBox, limit: 201 }],
      [MAP_BUKKENS, { ...tokyoBox, limit: 0 }],
      [MAP_BUKKENS, { geoHex: 'XM' }],
    ];
    for (const [q, v] of bad) expect([JSON.stringify(v), await errorCode(q, v)]).toEqual([JSON.stringify(v), 'BAD_REQUEST']);
  });
});
