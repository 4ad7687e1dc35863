import { MemoryCache } from '@sumika/server-kit';
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
  station_groups: number[];
  line_codes: number[];
  archived: boolean;
}

interface StationOut {
  code: number;
  groupCode: number;
  name: string;
  kana: string;
  lineCode: number;
  cityCode: number;
  latLng: { lat: number; lng: number };
  bukkenCount: number;
}

describe.each(testBackends())('railways on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let rows: ListingFacts[];
  const queries: string[] = [];
  const listingQueries = () => queries.filter((q) => /\bfrom\s+"?listing"?/i.test(q)).length;
  /** Active listings near a station group / on a line, counted in JS from raw rows. */
  const nearGroup = (g: number, pref?: number) =>
    rows.filter((r) => !r.archived && r.station_groups.includes(g) && (pref === undefined || r.prefecture_code === pref)).length;
  const onLine = (l: number, pref?: number) =>
    rows.filter((r) => !r.archived && r.line_codes.includes(l) && (pref === undefined || r.prefecture_code === pref)).length;

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
    ({ rows } = await sql<ListingFacts>`SELECT prefecture_code, station_groups, line_codes, archived FROM listing`.execute(stores.search.db));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** The Tokyo line with the most active listings. */
  const busiestTokyoLine = () => {
    const lines = stores.master.lines.filter((l) => l.prefectureCodes.includes(13));
    return lines.map((l) => [l.code, onLine(l.code, 13)] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] as number;
  };

  it('lists railways of a prefecture in railway order with their lines in line order', async () => {
    const res = await auth.query<{
      railways: { code: string; name: string; lines: { code: number; name: string; nickname: string; colorCode: string; railwayName: string }[] }[];
    }>(app, '{ railways(prefecturePath: "tokyo") { code name lines { code name nickname colorCode railwayName } } }');
    expect(res.errors).toBeUndefined();
    const m = stores.master;
    const railwaySort = new Map(m.railways.map((r) => [r.code, r.sort]));
    const expectedLines = m.lines
      .filter((l) => l.prefectureCodes.includes(13))
      .sort((a, b) => (railwaySort.get(a.railwayCode) ?? 0) - (railwaySort.get(b.railwayCode) ?? 0) || a.sort - b.sort);
    const expectedRailways = [...new Set(expectedLines.map((l) => l.railwayCode))];
    const railways = res.data?.railways ?? [];
    expect(railways.map((r) => r.code)).toEqual(expectedRailways);
    expect(railways.flatMap((r) => r.lines.map((l) => l.code))).toEqual(expectedLines.map((l) => l.code));
    for (const r of railways) {
      expect(r.name).toBe(m.railways.find((x) => x.code === r.code)?.name);
      for (const l of r.lines) {
        const line = m.lines.find((x) => x.code === l.code);
        expect([l.name, l.nickname, l.colorCode, l.railwayName]).toEqual([line?.name, line?.nickname, line?.color, r.name]);
      }
    }
    expect(railways.find((r) => r.name === '東京メトロ')?.lines.length).toBeGreaterThan(5);
  });

  it('answers one per-line station by its code, with its group; null for a code that names none', async () => {
    const station = stores.master.stations.find((s) => s.prefectureCode === 13)!;
    const q = `query ($code: Int!) { station(code: $code) { code groupCode name lineCode } }`;
    const res = await auth.query<{ station: { code: number; groupCode: number; name: string; lineCode: number } | null }>(app, q, { code: station.code });
    expect(res.errors).toBeUndefined();
    expect(res.data?.station).toEqual({ code: station.code, groupCode: station.groupCode, name: station.name, lineCode: station.lineCode });
    expect((await auth.query<{ station: unknown }>(app, q, { code: 999999999 })).data?.station).toBeNull();
  });

  it('lists a line’s stations in order, optionally only those in a prefecture', async () => {
    const m = stores.master;
    // A line crossing Tokyo and at least one other prefecture.
    const line = m.lines.find((l) => {
      const prefs = new Set(m.stations.filter((s) => s.lineCode === l.code).map((s) => s.prefectureCode));
      return prefs.has(13) && prefs.size > 1;
    });
    expect(line).toBeDefined();
    const res = await auth.query<{ line: { code: number; all: StationOut[]; tokyo: { code: number }[] } }>(
      app,
      `query ($code: Int!) { line(code: $code) { code all: stations { code groupCode name kana lineCode cityCode latLng { lat lng } }
        tokyo: stations(prefecturePath: "tokyo") { code } } }`,
      { code: line?.code },
    );
    expect(res.errors).toBeUndefined();
    const stations = m.stations.filter((s) => s.lineCode === line?.code).sort((a, b) => a.seq - b.seq);
    expect(res.data?.line.all.map((s) => s.code)).toEqual(stations.map((s) => s.code));
    expect(res.data?.line.tokyo.map((s) => s.code)).toEqual(stations.filter((s) => s.prefectureCode === 13).map((s) => s.code));
    expect(res.data?.line.tokyo.length).toBeLessThan(stations.length);
    const groups = new Map(m.stationGroups.map((g) => [g.code, g]));
    for (const s of res.data?.line.all ?? []) {
      const station = stations.find((x) => x.code === s.code);
      const group = groups.get(station?.groupCode ?? -1);
      expect(s).toEqual({
        code: station?.code,
        groupCode: station?.groupCode,
        name: station?.name,
        kana: group?.kana,
        lineCode: line?.code,
        cityCode: group?.cityCode,
        latLng: { lat: station?.lat, lng: station?.lng },
      });
    }
  });

  it('counts every station of a prefecture’s list over its listings, with one grouped query', async () => {
    const lineCode = busiestTokyoLine();
    queries.length = 0;
    const q = 'query ($line: Int!) { stations(prefecturePath: "tokyo", lineCode: $line) { code groupCode bukkenCount } }';
    const res = await auth.query<{ stations: StationOut[] }>(app, q, { line: lineCode });
    expect(res.errors).toBeUndefined();
    const stations = res.data?.stations ?? [];
    expect(stations.length).toBeGreaterThan(3);
    expect(stations.map((s) => s.bukkenCount)).toEqual(stations.map((s) => nearGroup(s.groupCode, 13)));
    expect(stations.some((s) => s.bukkenCount > 0)).toBe(true);
    expect(listingQueries()).toBe(1);
    queries.length = 0;
    expect((await auth.query(app, q, { line: lineCode })).data).toEqual(res.data);
    expect(listingQueries()).toBe(0);
  });

  it('counts all stations of all lines of a prefecture with one grouped query', async () => {
    queries.length = 0;
    const res = await auth.query<{ railways: { lines: { stations: StationOut[] }[] }[] }>(
      app,
      '{ railways(prefecturePath: "saitama") { lines { stations(prefecturePath: "saitama") { groupCode bukkenCount } } } }',
    );
    expect(res.errors).toBeUndefined();
    const stations = res.data?.railways.flatMap((r) => r.lines.flatMap((l) => l.stations)) ?? [];
    expect(stations.length).toBeGreaterThan(100);
    expect(stations.map((s) => s.bukkenCount)).toEqual(stations.map((s) => nearGroup(s.groupCode, 11)));
    expect(listingQueries()).toBe(1);
  });

  it('lists every line’s stations of a prefecture in one flat list, as the railways list them, with one grouped count', async () => {
    const nested = await auth.query<{ railways: { lines: { code: number; stations: { code: number }[] }[] }[] }>(
      app,
      '{ railways(prefecturePath: "saitama") { lines { code stations(prefecturePath: "saitama") { code } } } }',
    );
    queries.length = 0;
    const res = await auth.query<{ prefectureStations: (StationOut & { lineCode: number })[] }>(
      app,
      '{ prefectureStations(prefecturePath: "saitama") { code lineCode groupCode bukkenCount } }',
    );
    expect(res.errors).toBeUndefined();
    const stations = res.data?.prefectureStations ?? [];
    expect(stations.map((s) => [s.lineCode, s.code])).toEqual(
      nested.data?.railways.flatMap((r) => r.lines.flatMap((l) => l.stations.map((s) => [l.code, s.code]))),
    );
    expect(stations.length).toBeGreaterThan(100);
    expect(stations.map((s) => s.bukkenCount)).toEqual(stations.map((s) => nearGroup(s.groupCode, 11)));
    // At most the one grouped count (none when an earlier test left the prefecture's counts in the cache).
    expect(listingQueries()).toBeLessThanOrEqual(1);
  });

  it('counts stations listed without a prefecture over every listing near them', async () => {
    const lineCode = busiestTokyoLine();
    queries.length = 0;
    const res = await auth.query<{ line: { stations: StationOut[] } }>(app, 'query ($c: Int!) { line(code: $c) { stations { groupCode bukkenCount } } }', {
      c: lineCode,
    });
    expect(res.errors).toBeUndefined();
    const stations = res.data?.line.stations ?? [];
    expect(stations.map((s) => s.bukkenCount)).toEqual(stations.map((s) => nearGroup(s.groupCode)));
    expect(stations.some((s) => s.bukkenCount > 0)).toBe(true);
    expect(listingQueries()).toBe(1);
  });

  it('counts lines within a prefecture with one grouped query, and nationwide', async () => {
    queries.length = 0;
    const res = await auth.query<{ railways: { lines: { code: number; bukkenCount: number }[] }[] }>(
      app,
      '{ railways(prefecturePath: "kanagawa") { lines { code bukkenCount(prefecturePath: "kanagawa") } } }',
    );
    expect(res.errors).toBeUndefined();
    const lines = res.data?.railways.flatMap((r) => r.lines) ?? [];
    expect(lines.map((l) => l.bukkenCount)).toEqual(lines.map((l) => onLine(l.code, 14)));
    expect(lines.some((l) => l.bukkenCount > 0)).toBe(true);
    expect(listingQueries()).toBe(1);

    const lineCode = busiestTokyoLine();
    const one = await auth.query<{ line: { all: number; tokyo: number } }>(
      app,
      'query ($code: Int!) { line(code: $code) { all: bukkenCount tokyo: bukkenCount(prefecturePath: "tokyo") } }',
      { code: lineCode },
    );
    expect(one.data?.line).toEqual({ all: onLine(lineCode), tokyo: onLine(lineCode, 13) });
  });

  it('resolves Line entities in one batch', async () => {
    const [a, b] = stores.master.lines;
    queries.length = 0;
    const res = await auth.query<{ _entities: ({ code: number; name: string; railwayName: string } | null)[] }>(
      app,
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Line { code name railwayName } } }',
      {
        r: [
          { __typename: 'Line', code: a?.code },
          { __typename: 'Line', code: b?.code },
          { __typename: 'Line', code: -1 },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const railwayName = (code?: string) => stores.master.railways.find((r) => r.code === code)?.name;
    expect(res.data?._entities).toEqual([
      { code: a?.code, name: a?.name, railwayName: railwayName(a?.railwayCode) },
      { code: b?.code, name: b?.name, railwayName: railwayName(b?.railwayCode) },
      null,
    ]);
    expect(queries.filter((q) => /from\s+"line"/i.test(q))).toHaveLength(1);
  });

  it('rejects unknown prefectures and lines', async () => {
    const badPath = await auth.query(app, '{ railways(prefecturePath: "atlantis") { code } }');
    expect(badPath.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const badStations = await auth.query(app, '{ stations(prefecturePath: "tokyo", lineCode: -1) { code } }');
    expect(badStations.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const lineCode = busiestTokyoLine();
    const badFilter = await auth.query(app, 'query ($c: Int!) { line(code: $c) { stations(prefecturePath: "nowhere") { code } } }', { c: lineCode });
    expect(badFilter.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const none = await auth.query(app, '{ line(code: -1) { code } }');
    expect(none.errors).toBeUndefined();
    expect(none.data).toEqual({ line: null });
  });
});
