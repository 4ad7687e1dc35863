import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface Row {
  city_code: number;
  gd_city_code: number | null;
  station_groups: number[];
  condition_codes: number[];
  plan_code: number;
  chinryou: number;
  kanri_kyoeki: number;
  walk_min: number;
  built_year: number;
  archived: boolean;
}

interface LivabilityOut {
  bukkenCount: number;
  rentByPlan: { plan: string; median: number; count: number }[];
  medianWalkMin: number | null;
  medianBuiltYear: number | null;
  conditionShares: { condition: { code: number; name: string }; share: number }[];
  stationCount: number;
}

const FIELDS = 'bukkenCount rentByPlan { plan median count } medianWalkMin medianBuiltYear conditionShares { condition { code name } share } stationCount';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

describe.each(testBackends())('livability on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let rows: Row[];
  const queries: string[] = [];

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
    ({ rows } = await sql<Row>`
      SELECT city_code, gd_city_code, station_groups, condition_codes, plan_code, chinryou, kanri_kyoeki, walk_min, built_year, archived
      FROM listing`.execute(stores.search.db));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** The figures of the contract, computed in JS from the raw rows and the master data. */
  const expected = (inScope: (r: Row) => boolean, stationCount: number): LivabilityOut => {
    const list = rows.filter((r) => !r.archived && inScope(r));
    const plans = [...new Set(list.map((r) => r.plan_code))].sort((a, b) => a - b);
    const withCode = new Map<number, number>();
    for (const r of list) for (const c of new Set(r.condition_codes)) withCode.set(c, (withCode.get(c) ?? 0) + 1);
    const top = [...withCode].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 8);
    return {
      bukkenCount: list.length,
      rentByPlan: plans.map((p) => {
        const inPlan = list.filter((r) => r.plan_code === p);
        return {
          plan: stores.master.madori.find((m) => m.code === p)?.name ?? '?',
          median: median(inPlan.map((r) => r.chinryou + r.kanri_kyoeki)),
          count: inPlan.length,
        };
      }),
      medianWalkMin: list.length ? median(list.map((r) => r.walk_min)) : null,
      medianBuiltYear: list.length ? median(list.map((r) => r.built_year)) : null,
      conditionShares: top.map(([code, n]) => ({
        condition: { code, name: stores.master.conditionCodes.find((c) => c.code === code)?.name ?? '?' },
        share: n / list.length,
      })),
      stationCount,
    };
  };

  const busiest = (keysOf: (r: Row) => (number | null)[]): number => {
    const counts = new Map<number, number>();
    for (const r of rows) if (!r.archived) for (const k of keysOf(r)) if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] as number;
  };

  it('describes a city from its active listings', async () => {
    const cityCode = busiest((r) => [r.city_code]);
    const stationCount = stores.master.stationGroups.filter((g) => g.cityCode === cityCode).length;
    const res = await auth.query<{ cityLivability: LivabilityOut }>(app, `query ($c: Int!) { cityLivability(cityCode: $c) { ${FIELDS} } }`, { c: cityCode });
    expect(res.errors).toBeUndefined();
    const want = expected((r) => r.city_code === cityCode, stationCount);
    expect(res.data?.cityLivability).toEqual(want);
    expect(want.bukkenCount).toBeGreaterThan(10);
    expect(want.conditionShares).toHaveLength(8);
    expect(want.stationCount).toBeGreaterThan(0);
  });

  it('covers the wards of a designated city, also through City.livability', async () => {
    const gd = busiest((r) => [r.gd_city_code]);
    const wards = new Set(stores.master.cities.filter((c) => c.gdCityCode === gd).map((c) => c.code));
    const stationCount = stores.master.stationGroups.filter((g) => wards.has(g.cityCode) || g.cityCode === gd).length;
    const res = await auth.query<{ city: { kind: string; livability: LivabilityOut } }>(
      app,
      `query ($c: Int!) { city(code: $c) { kind livability { ${FIELDS} } } }`,
      { c: gd },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.city.kind).toBe('designated');
    expect(res.data?.city.livability).toEqual(expected((r) => r.gd_city_code === gd || r.city_code === gd, stationCount));
    expect(res.data?.city.livability.stationCount).toBeGreaterThan(1);
  });

  it('describes the listings near a station, and caches the figures', async () => {
    const group = busiest((r) => r.station_groups);
    const q = `query ($g: Int!) { stationLivability(stationGroupCode: $g) { ${FIELDS} } }`;
    const res = await auth.query<{ stationLivability: LivabilityOut }>(app, q, { g: group });
    expect(res.errors).toBeUndefined();
    expect(res.data?.stationLivability).toEqual(expected((r) => r.station_groups.includes(group), 1));

    queries.length = 0;
    expect((await auth.query(app, q, { g: group })).data).toEqual(res.data);
    expect(queries.filter((x) => /\bfrom\s+"?listing"?/i.test(x))).toHaveLength(0);
  });

  it("names the place: the city's name, the station group's name", async () => {
    const cityCode = busiest((r) => [r.city_code]);
    const group = busiest((r) => r.station_groups);
    const res = await auth.query<{ c: { name: string }; s: { name: string } }>(
      app,
      `query ($c: Int!, $g: Int!) { c: cityLivability(cityCode: $c) { name } s: stationLivability(stationGroupCode: $g) { name } }`,
      { c: cityCode, g: group },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.c.name).toBe(stores.master.cities.find((c) => c.code === cityCode)?.name);
    expect(res.data?.s.name).toBe(stores.master.stationGroups.find((g) => g.code === group)?.name);
  });

  it('answers null for unknown places and empty figures for places without listings', async () => {
    const res = await auth.query<{ a: null; b: null }>(
      app,
      `{ a: cityLivability(cityCode: 99999) { bukkenCount } b: stationLivability(stationGroupCode: -1) { bukkenCount } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ a: null, b: null });

    const active = new Set(rows.filter((r) => !r.archived).map((r) => r.city_code));
    const empty = stores.master.cities.find((c) => c.searchable && !active.has(c.code));
    const none = await auth.query<{ cityLivability: LivabilityOut }>(app, `query ($c: Int!) { cityLivability(cityCode: $c) { ${FIELDS} } }`, {
      c: empty?.code,
    });
    expect(none.errors).toBeUndefined();
    expect(none.data?.cityLivability).toMatchObject({ bukkenCount: 0, rentByPlan: [], medianWalkMin: null, medianBuiltYear: null, conditionShares: [] });
  });
});
