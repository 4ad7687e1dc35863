import { Kysely, PostgresDialect, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openCache, type Cache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

// Expectations below are computed here, in plain JS over rows read with plain SQL, never by the code under test.

const PLANS = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'];
const ord = (plan: string): number => PLANS.indexOf(plan) + 1;
const NOT_FOUND_MESSAGE = 'ページを表示できません。(404エラー)';

interface Raw {
  id: number;
  global_key: string;
  building_id: number;
  building_key: string;
  building_name: string;
  room_num: string;
  floor: number;
  plan: string;
  chinryou: number;
  kanri_kyoeki: number;
  shikikin: number;
  reikin: number;
  agent_fee_months: number;
  guarantee_company: boolean;
  area: number;
  archived: boolean;
  highly_recommended: boolean;
  view_count: number;
  condition_codes: Record<string, number[]>;
  built_date: string;
  city_code: number;
  prefecture_code: number;
  lat: number;
  lng: number;
  sg: number | null;
  walk1: number | null;
}

interface RawTraffic {
  bukken_id: number;
  seq: number;
  station_group_code: number;
  distance_m: number;
  line_name: string;
  station_name: string;
  walk_min: number;
}

/** percentile_cont's interpolation, from scratch: the value at p·(n−1) between the sorted values around it. */
function jsPercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const at = p * (s.length - 1);
  const [below, above] = [s[Math.floor(at)] as number, s[Math.ceil(at)] as number];
  return below + (above - below) * (at - Math.floor(at));
}

function jsMedian(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

const total = (r: Raw): number => r.chinryou + r.kanri_kyoeki;

function tokyoToday(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

function expectedAge(builtDate: string): number {
  const today = tokyoToday();
  return Number(today.slice(0, 4)) - Number(builtDate.slice(0, 4)) - (today.slice(5) < builtDate.slice(5) ? 1 : 0);
}

type Gql = { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };

describe.each(testBackends())('bukken subgraph on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let cache: Cache;
  let db: Kysely<DB>;
  /** Every SQL statement the app ran, in order (the app's Kysely logs into it). */
  const statements: string[] = [];
  let rows: Raw[];
  let byKey: Map<string, Raw>;
  let traffics: RawTraffic[];

  const query = async (q: string, variables?: Record<string, unknown>): Promise<Gql> => (await auth.query(app, q, variables)) as Gql;
  const counted = async (q: string, variables?: Record<string, unknown>): Promise<{ res: Gql; sql: string[] }> => {
    const from = statements.length;
    const res = await query(q, variables);
    return { res, sql: statements.slice(from) };
  };
  const active = (): Raw[] => rows.filter((r) => !r.archived);

  /** SPEC market rent, from scratch: station comparables (≥5), else city (≥5), else null. */
  function expectedMarket(r: Raw): {
    scope: string;
    median: number;
    sampleSize: number;
    difference: number;
    lowerDecile: number;
    lowerQuartile: number;
    upperQuartile: number;
    upperDecile: number;
  } | null {
    const station = active().filter((x) => r.sg !== null && x.sg === r.sg && x.plan === r.plan);
    const city = active().filter((x) => x.city_code === r.city_code && x.plan === r.plan);
    for (const [scope, list] of [
      ['STATION', station],
      ['CITY', city],
    ] as const) {
      if (list.length >= 5) {
        const totals = list.map(total);
        const median = Math.round(jsMedian(totals));
        const [lowerDecile, lowerQuartile, upperQuartile, upperDecile] = [0.1, 0.25, 0.75, 0.9].map((p) => Math.round(jsPercentile(totals, p))) as [
          number,
          number,
          number,
          number,
        ];
        return { scope, median, sampleSize: list.length, difference: total(r) - median, lowerDecile, lowerQuartile, upperQuartile, upperDecile };
      }
    }
    return null;
  }

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    cache = await openCache({ prefix: `test:bukken:${backend.name}:${process.pid}:${Date.now()}:` });
    // Same pool as the seeded store, plus a log of every statement for the batching assertions.
    db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.bukken.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    app = await build({ db, cache, auth: auth.auth, imageOrigin: 'http://img.test' });
    const raw = await sql<Raw>`
      SELECT k.id::int AS id, k.global_key, k.building_id, b.key AS building_key, b.name AS building_name, k.room_num, k.floor, k.plan,
        k.chinryou, k.kanri_kyoeki, k.shikikin, k.reikin, k.agent_fee_months::float8 AS agent_fee_months, k.guarantee_company,
        k.area::float8 AS area, k.archived_at IS NOT NULL AS archived, k.highly_recommended, k.view_count, k.condition_codes,
        to_char(b.built_date, 'YYYY-MM-DD') AS built_date, b.city_code, b.prefecture_code, b.lat, b.lng,
        t.station_group_code AS sg, t.walk_min AS walk1
      FROM bukken k JOIN building b ON b.id = k.building_id LEFT JOIN bukken_traffic t ON t.bukken_id = k.id AND t.seq = 1
      ORDER BY k.id`.execute(stores.bukken.db);
    rows = raw.rows;
    byKey = new Map(rows.map((r) => [r.global_key, r]));
    traffics = (
      await sql<RawTraffic>`SELECT bukken_id::int AS bukken_id, seq, station_group_code, distance_m, line_name, station_name, walk_min FROM bukken_traffic`.execute(
        stores.bukken.db,
      )
    ).rows;
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await cache?.close();
    if (stores) await closeSeeded(stores);
  });

  describe('Bukken fields', () => {
    it('resolves a listing with its building, traffics, names, dates, codes and images', async () => {
      const r = rows.find((x) => x.room_num !== '' && !x.archived) as Raw;
      const { data, errors } = await query(
        `query($k: ID!) { bukken(globalKey: $k) {
          id globalKey search: name all: name(nameType: ALL) room: name(roomNum: WITH_ROOM_NUM) allRoom: name(nameType: ALL, roomNum: WITH_ROOM_NUM)
          address chinryou kanriKyoeki roomNum floorBuilding builtDate builtDateBuilding builtAge typeCode typeName struct archived archivedAt
          traffics { seq: stationGroupCode walkMin distanceM text }
          conditionCodes { airConditionings { code } baths { code } conditions { code } locations { code } otherConditions { code }
            securities { code } kitchens { code } facilities { code } storageSpaces { code } }
          imageGroup { gaikanUrl madoriUrl allUrls { imageType label url } }
          latLng { lat lng } building { key name } company { id }
        } }`,
        { k: r.global_key },
      );
      expect(errors).toBeUndefined();
      const b = data?.bukken as Record<string, unknown>;
      expect(b.id).toBe(String(r.id));
      expect(b.search).toBe(r.building_name);
      expect(b.all).toBe(`${r.building_name} ${r.floor}階`);
      expect(b.room).toBe(`${r.building_name} ${r.room_num}号室`);
      expect(b.allRoom).toBe(`${r.building_name} ${r.room_num}号室`);
      expect(b.chinryou).toBe(r.chinryou);
      expect(b.roomNum).toBe(r.room_num);
      expect(b.builtDate).toBe(r.built_date.slice(0, 7));
      expect(b.builtDateBuilding).toBe(r.built_date.slice(0, 7));
      expect(b.builtAge).toBe(expectedAge(r.built_date));
      expect(b.archived).toBe(false);
      expect(b.archivedAt).toBeNull();
      const own = traffics.filter((t) => t.bukken_id === r.id).sort((x, y) => x.seq - y.seq);
      expect(b.traffics).toEqual(
        own.map((t) => ({
          seq: t.station_group_code,
          walkMin: t.walk_min,
          distanceM: t.distance_m,
          text: `${t.line_name}/${t.station_name}駅 歩${t.walk_min}分`,
        })),
      );
      const groups = ['airConditionings', 'baths', 'conditions', 'locations', 'otherConditions', 'securities', 'kitchens', 'facilities', 'storageSpaces'];
      expect(b.conditionCodes).toEqual(Object.fromEntries(groups.map((g) => [g, (r.condition_codes[g] ?? []).map((code) => ({ code }))])));
      expect(Object.values(b.conditionCodes as Record<string, unknown[]>).flat().length).toBeGreaterThan(0);
      expect(b.imageGroup).toEqual({
        gaikanUrl: `http://img.test/images/bukken/${r.global_key}/gaikan.svg`,
        madoriUrl: `http://img.test/images/bukken/${r.global_key}/madori.svg`,
        allUrls: [
          ['gaikan', '外観'],
          ['madori', '間取り図'],
          ['entrance', '玄関'],
          ['kitchen', 'キッチン'],
          ['bath', 'バス・トイレ'],
          ['view', '眺望'],
        ].map(([imageType, label]) => ({ imageType, label, url: `http://img.test/images/bukken/${r.global_key}/${imageType}.svg` })),
      });
      expect(b.latLng).toEqual({ lat: r.lat, lng: r.lng });
      expect(b.building).toEqual({ key: r.building_key, name: r.building_name });
    });

    it('shows archived listings with their archive time, and houses without a room number', async () => {
      const archived = rows.find((x) => x.archived) as Raw;
      const house = rows.find((x) => x.room_num === '') as Raw;
      expect(archived).toBeDefined();
      expect(house).toBeDefined();
      const { data, errors } = await query(
        `query($a: ID!, $h: ID!) { a: bukken(globalKey: $a) { archived archivedAt } h: bukken(globalKey: $h) { roomNum name(roomNum: WITH_ROOM_NUM) all: name(nameType: ALL, roomNum: WITH_ROOM_NUM) } }`,
        { a: archived.global_key, h: house.global_key },
      );
      expect(errors).toBeUndefined();
      const a = data?.a as { archived: boolean; archivedAt: string };
      expect(a.archived).toBe(true);
      expect(new Date(a.archivedAt).toISOString()).toBe(a.archivedAt);
      expect(data?.h).toEqual({ roomNum: null, name: house.building_name, all: `${house.building_name} ${house.floor}階` });
    });

    it('names every condition from the condition master, read once for all requests', async () => {
      // Expected names straight from the master data the seed wrote (conditions.json).
      const names = new Map(stores.master.conditionCodes.map((c) => [c.code, c.name]));
      const groups = ['airConditionings', 'baths', 'conditions', 'locations', 'otherConditions', 'securities', 'kitchens', 'facilities', 'storageSpaces'];
      const q = `query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey conditionCodes { ${groups.map((g) => `${g} { code name }`).join(' ')} } } }`;
      for (const sample of [rows.filter((_, i) => i % 53 === 0), rows.filter((_, i) => i % 53 === 1)]) {
        const { res, sql: ran } = await counted(q, { k: sample.map((r) => r.global_key) });
        expect(res.errors).toBeUndefined();
        const list = res.data?.bukkens as { globalKey: string; conditionCodes: Record<string, { code: number; name: string }[]> }[];
        for (const item of list) {
          const r = byKey.get(item.globalKey) as Raw;
          expect(item.conditionCodes).toEqual(
            Object.fromEntries(groups.map((g) => [g, (r.condition_codes[g] ?? []).map((code) => ({ code, name: names.get(code) }))])),
          );
        }
        expect(list.flatMap((b) => Object.values(b.conditionCodes).flat()).length).toBeGreaterThan(sample.length);
        expect(ran.filter((x) => /from "condition_code"/.test(x))).toHaveLength(0);
      }
      // One read of the master for the whole suite (the first listing query above made it).
      expect(statements.filter((x) => /from "condition_code"/.test(x))).toHaveLength(1);
    });

    it('answers null condition codes with an error, never a made-up name, for a code missing from the master', async () => {
      const r = rows.find((x) => !x.archived) as Raw;
      await sql`UPDATE bukken SET condition_codes = ${JSON.stringify({ ...r.condition_codes, baths: [32_000] })}::jsonb WHERE id = ${r.id}`.execute(db);
      try {
        const { data, errors } = await query(`query($k: ID!) { bukken(globalKey: $k) { globalKey conditionCodes { baths { code name } } } }`, {
          k: r.global_key,
        });
        expect(data?.bukken).toEqual({ globalKey: r.global_key, conditionCodes: null });
        expect(errors).toHaveLength(1);
      } finally {
        await sql`UPDATE bukken SET condition_codes = ${JSON.stringify(r.condition_codes)}::jsonb WHERE id = ${r.id}`.execute(db);
      }
    });

    it('estimates the initial cost with parts that sum to the total', async () => {
      const sample = rows.filter((_, i) => i % 97 === 0);
      const { data, errors } = await query(
        `query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey initialCost { total shikikin reikin firstMonth agentFee guaranteeFee keyExchange } } }`,
        { k: sample.map((r) => r.global_key) },
      );
      expect(errors).toBeUndefined();
      const list = data?.bukkens as { globalKey: string; initialCost: Record<string, number> }[];
      expect(list).toHaveLength(sample.length);
      for (const item of list) {
        const r = byKey.get(item.globalKey) as Raw;
        const c = item.initialCost as Record<'total' | 'shikikin' | 'reikin' | 'firstMonth' | 'agentFee' | 'guaranteeFee' | 'keyExchange', number>;
        expect(c.shikikin + c.reikin + c.firstMonth + c.agentFee + c.guaranteeFee + c.keyExchange).toBe(c.total);
        expect(c.shikikin).toBe(r.shikikin);
        expect(c.reikin).toBe(r.reikin);
        expect(c.firstMonth).toBe(total(r));
        expect(c.agentFee).toBe(Math.floor(r.chinryou * r.agent_fee_months));
        expect(c.guaranteeFee).toBe(r.guarantee_company ? Math.floor(total(r) / 2) : 0);
      }
    });
  });

  describe('federation', () => {
    it('resolves Bukken references in order, null for unknown keys, in one listing query and one traffic query', async () => {
      const known = rows.filter((_, i) => i % 37 === 0).slice(0, 50);
      const keys = [...known.map((r) => r.global_key)];
      keys.splice(3, 0, 'bk999999999');
      keys.splice(10, 0, 'not-a-key');
      keys.push('bk000000000');
      const { res, sql: ran } = await counted(
        `query($r: [_Any!]!) { _entities(representations: $r) { ... on Bukken { globalKey name address chinryou traffics { text } building { key } } } }`,
        { r: keys.map((globalKey) => ({ __typename: 'Bukken', globalKey })) },
      );
      expect(res.errors).toBeUndefined();
      const out = res.data?._entities as ({ globalKey: string; traffics: unknown[]; building: { key: string } } | null)[];
      expect(out).toHaveLength(keys.length);
      out.forEach((e, i) => {
        const r = byKey.get(keys[i] as string);
        if (!r) expect(e).toBeNull();
        else {
          expect(e?.globalKey).toBe(r.global_key);
          expect(e?.building.key).toBe(r.building_key);
          expect(e?.traffics).toHaveLength(traffics.filter((t) => t.bukken_id === r.id).length);
        }
      });
      expect(ran).toHaveLength(2);
      expect(ran.filter((s) => /from "bukken" as "k"/.test(s))).toHaveLength(1);
      expect(ran.filter((s) => /from "bukken_traffic"/.test(s))).toHaveLength(1);
    });

    it("answers a results page's 30 cards (initial cost and market rent included) in a fixed number of statements, not one per card", async () => {
      // The fields of mf-search's SearchBukkenCard fragment, as the gateway asks them for a results page.
      const card = `globalKey name address chinryou kanriKyoeki shikikin reikin plan area floor floorBuilding builtAge typeName
        building { key } initialCost { total } marketRent { difference differenceRate } traffics { text walkMin } imageGroup { gaikanUrl madoriUrl }`;
      const q = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Bukken { ${card} } } }`;
      for (const offset of [5, 6]) {
        const page = active()
          .filter((_, i) => i % 29 === offset)
          .slice(0, 30);
        expect(page).toHaveLength(30);
        const { res, sql: ran } = await counted(q, { r: page.map((r) => ({ __typename: 'Bukken', globalKey: r.global_key })) });
        expect(res.errors).toBeUndefined();
        const out = res.data?._entities as { globalKey: string; initialCost: { total: number }; marketRent: { difference: number } | null }[];
        out.forEach((e, i) => {
          const r = page[i] as Raw;
          expect(e.globalKey).toBe(r.global_key);
          expect(e.marketRent?.difference ?? null).toBe(expectedMarket(r)?.difference ?? null);
        });
        // Listings, their traffics, and at most a station round and a city round of market aggregates.
        expect(ran.length).toBeLessThanOrEqual(4);
        expect(ran.filter((s) => /from "bukken" as "k"/.test(s))).toHaveLength(1);
        expect(ran.filter((s) => /from "bukken_traffic"/.test(s))).toHaveLength(1);
      }
    });

    it('resolves Building references in one query, null for unknown keys', async () => {
      const buildingKeys = [...new Set(rows.map((r) => r.building_key))].filter((_, i) => i % 41 === 0);
      const keys = [...buildingKeys, 'bld99999999', 'nope'];
      const { res, sql: ran } = await counted(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Building { key name floor } } }`, {
        r: keys.map((key) => ({ __typename: 'Building', key })),
      });
      expect(res.errors).toBeUndefined();
      const out = res.data?._entities as ({ key: string } | null)[];
      expect(out.map((e) => e?.key ?? null)).toEqual([...buildingKeys, null, null]);
      expect(ran).toHaveLength(1);
    });
  });

  describe('market rent', () => {
    it('is the median and spread of active same-plan listings at the nearest station, else the city, else null', async () => {
      const expectations = rows.map((r) => [r, expectedMarket(r)] as const);
      const pick = (scope: string | null) => expectations.filter(([, e]) => (e?.scope ?? null) === scope).slice(0, 33);
      const chosen = [...pick('STATION'), ...pick('CITY'), ...pick(null)];
      for (const scope of ['STATION', 'CITY', null]) expect(chosen.some(([, e]) => (e?.scope ?? null) === scope)).toBe(true);
      const { res, sql: ran } = await counted(
        `query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey marketRent { scope median sampleSize difference differenceRate lowerDecile lowerQuartile upperQuartile upperDecile } } }`,
        { k: chosen.map(([r]) => r.global_key) },
      );
      expect(res.errors).toBeUndefined();
      const list = res.data?.bukkens as { globalKey: string; marketRent: Record<string, number | string> | null }[];
      list.forEach((item, i) => {
        const e = chosen[i]?.[1];
        expect(item.globalKey).toBe(chosen[i]?.[0].global_key);
        if (!e) expect(item.marketRent).toBeNull();
        else {
          expect(item.marketRent).toMatchObject(e);
          expect(item.marketRent?.differenceRate).toBeCloseTo(e.difference / e.median, 3);
        }
      });
      // Batched: one aggregate for the station round, one for the city round.
      expect(ran.filter((s) => s.includes('percentile_cont')).length).toBeLessThanOrEqual(2);
    });

    it('is served from the cache on the next request', async () => {
      const r = rows.find((x) => expectedMarket(x)?.scope === 'STATION') as Raw;
      const q = `query($k: ID!) { bukken(globalKey: $k) { marketRent { median sampleSize } building { marketPrices { plan median count } } } }`;
      const first = await counted(q, { k: r.global_key });
      const second = await counted(q, { k: r.global_key });
      expect(second.res).toEqual(first.res);
      expect((first.res.data?.bukken as { marketRent: unknown }).marketRent).not.toBeNull();
      expect(second.sql.filter((s) => s.includes('percentile_cont'))).toHaveLength(0);
    });
  });

  describe('recommendations', () => {
    it('are similar active listings nearby (same plan, monthly total within ±15%), closest rent first, never the listing itself', async () => {
      const sample = active()
        .filter((_, i) => i % 53 === 0)
        .slice(0, 30);
      const { data, errors } = await query(`query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey recommendations(limit: 6) { globalKey } } }`, {
        k: sample.map((r) => r.global_key),
      });
      expect(errors).toBeUndefined();
      const list = data?.bukkens as { globalKey: string; recommendations: { globalKey: string }[] }[];
      let nonEmpty = 0;
      for (const item of list) {
        const r = byKey.get(item.globalKey) as Raw;
        const tier = (x: Raw) => (r.sg !== null && x.sg === r.sg ? 0 : x.city_code === r.city_code ? 1 : 2);
        const similar = (x: Raw) =>
          !x.archived && x.id !== r.id && ord(x.plan) === ord(r.plan) && 20 * total(x) >= 17 * total(r) && 20 * total(x) <= 23 * total(r) && tier(x) < 2;
        // Rules hold for every returned item.
        for (const rec of item.recommendations) expect(similar(byKey.get(rec.globalKey) as Raw)).toBe(true);
        const expected = rows
          .filter(similar)
          .sort((x, y) => tier(x) - tier(y) || Math.abs(total(x) - total(r)) - Math.abs(total(y) - total(r)) || x.id - y.id)
          .slice(0, 6)
          .map((x) => x.global_key);
        expect(item.recommendations.map((x) => x.globalKey)).toEqual(expected);
        if (expected.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(5);
    });
  });

  describe('Building', () => {
    it('lists rooms, stations, nearby buildings and market prices of its area', async () => {
      const buildingIds = [...new Set(rows.map((r) => r.building_id))];
      const withActive = new Set(active().map((r) => r.building_id));
      const pos = new Map(rows.map((r) => [r.building_id, { lat: r.lat, lng: r.lng, key: r.building_key }]));
      const nearbyOf = (id: number) =>
        buildingIds
          .filter((o) => o !== id && withActive.has(o))
          .map((o) => ({ o, d: haversineM(pos.get(id) as { lat: number; lng: number }, pos.get(o) as { lat: number; lng: number }) }))
          .filter((x) => x.d <= 1000)
          .sort((a, b) => a.d - b.d || a.o - b.o)
          .slice(0, 3)
          .map((x) => pos.get(x.o)?.key);
      // Buildings with neighbours, with archived rooms, and a plain one.
      const chosen = [
        ...buildingIds.filter((id) => nearbyOf(id).length >= 2).slice(0, 8),
        ...buildingIds.filter((id) => rows.some((r) => r.building_id === id && r.archived)).slice(0, 4),
        buildingIds[0] as number,
      ];
      const { res, sql: ran } = await counted(
        `query($r: [_Any!]!) { _entities(representations: $r) { ... on Building {
          key name builtDate builtAge buildingType buildingTypeName floor cityCode
          vacancies { globalKey } archivedBukkens { globalKey }
          stations { stationGroupCode distanceM }
          otherBuildings(limit: 3) { key }
          marketPrices { plan median count } countsByPlan { plan count }
        } } }`,
        { r: chosen.map((id) => ({ __typename: 'Building', key: pos.get(id)?.key })) },
      );
      expect(res.errors).toBeUndefined();
      const out = res.data?._entities as {
        key: string;
        builtDate: string;
        builtAge: number;
        buildingTypeName: string;
        cityCode: number;
        vacancies: { globalKey: string }[];
        archivedBukkens: { globalKey: string }[];
        stations: { stationGroupCode: number; distanceM: number }[];
        otherBuildings: { key: string }[];
        marketPrices: { plan: string; median: number; count: number }[];
        countsByPlan: { plan: string; count: number }[];
      }[];
      expect(out).toHaveLength(chosen.length);
      let withNearby = 0;
      let withArchived = 0;
      let withPrices = 0;
      out.forEach((b, i) => {
        const id = chosen[i] as number;
        const rooms = rows
          .filter((r) => r.building_id === id)
          .sort((x, y) => x.floor - y.floor || (x.room_num < y.room_num ? -1 : x.room_num > y.room_num ? 1 : 0) || x.id - y.id);
        const first = rooms[0] as Raw;
        expect(b.key).toBe(first.building_key);
        expect(b.builtDate).toBe(first.built_date.slice(0, 7));
        expect(b.builtAge).toBe(expectedAge(first.built_date));
        expect(b.cityCode).toBe(first.city_code);
        expect(b.vacancies.map((x) => x.globalKey)).toEqual(rooms.filter((r) => !r.archived).map((r) => r.global_key));
        expect(b.archivedBukkens.map((x) => x.globalKey)).toEqual(rooms.filter((r) => r.archived).map((r) => r.global_key));
        if (b.archivedBukkens.length) withArchived++;
        // Stations: distinct station groups of all rooms' traffics at their shortest distance, nearest first.
        const best = new Map<number, number>();
        for (const t of traffics.filter((t) => rooms.some((r) => r.id === t.bukken_id))) {
          best.set(t.station_group_code, Math.min(best.get(t.station_group_code) ?? Infinity, t.distance_m));
        }
        const stations = [...best].sort((x, y) => x[1] - y[1] || x[0] - y[0]).map(([stationGroupCode, distanceM]) => ({ stationGroupCode, distanceM }));
        expect(b.stations).toEqual(stations);
        expect(b.otherBuildings.map((x) => x.key)).toEqual(nearbyOf(id));
        if (b.otherBuildings.length) withNearby++;
        // Market prices: active listings whose nearest station is the building's nearest station, per plan.
        const sg = stations[0]?.stationGroupCode;
        const comparables = active().filter((r) => r.sg === sg);
        const expected = PLANS.flatMap((plan) => {
          const list = comparables.filter((r) => r.plan === plan).map(total);
          return list.length ? [{ plan, median: Math.round(jsMedian(list)), count: list.length }] : [];
        });
        if (expected.length) withPrices++;
        expect(b.marketPrices).toEqual(expected);
        expect(b.countsByPlan).toEqual(expected.map(({ plan, count }) => ({ plan, count })));
      });
      expect(withNearby).toBeGreaterThan(0);
      expect(withArchived).toBeGreaterThan(0);
      expect(withPrices).toBeGreaterThan(0);
      // Batched whatever the number of buildings: buildings, rooms, traffics, nearby, nearby buildings, market.
      expect(ran.length).toBeLessThanOrEqual(6);
    });

    it('answers building(key) and NOT_FOUND for unknown keys', async () => {
      const r = rows[5] as Raw;
      const ok = await query(`query($k: String!) { building(key: $k) { key name } }`, { k: r.building_key });
      expect(ok.errors).toBeUndefined();
      expect(ok.data?.building).toEqual({ key: r.building_key, name: r.building_name });
      for (const k of ['bld99999999', 'garbage']) {
        const res = await query(`query($k: String!) { building(key: $k) { key } }`, { k });
        expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect(res.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
      }
    });
  });

  describe('queries', () => {
    it('rejects an unknown name type as a bad request (schema validation)', async () => {
      const res = await query(`{ bukken(globalKey: "bk000000001") { name(nameType: FULL) } }`);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });

    it('bukkens keeps key order with nulls for unknown keys', async () => {
      const keys = [rows[10]?.global_key, 'bk999999999', rows[3]?.global_key, '', rows[10]?.global_key];
      const { data, errors } = await query(`query($k: [ID!]!) { bukkens(globalKeys: $k) { globalKey } }`, { k: keys });
      expect(errors).toBeUndefined();
      expect((data?.bukkens as ({ globalKey: string } | null)[]).map((b) => b?.globalKey ?? null)).toEqual([keys[0], null, keys[2], null, keys[4]]);
    });

    it('compares listings in input order and flags every row tying for the best', async () => {
      const newestDate = active()
        .map((r) => r.built_date)
        .sort()
        .at(-1) as string;
      const twins = active().filter((r) => r.built_date === newestDate);
      const pairBuilding = twins.find((r) => twins.filter((x) => x.building_id === r.building_id).length >= 2)?.building_id;
      const pair = pairBuilding ? twins.filter((r) => r.building_id === pairBuilding).slice(0, 2) : twins.slice(0, 2);
      const others = active()
        .filter((r) => r.built_date < newestDate)
        .filter((_, i) => i % 211 === 0)
        .slice(0, 3);
      const chosen = [others[0], pair[0], others[1], pair[1], others[2]].filter((r): r is Raw => r !== undefined);
      expect(pair).toHaveLength(2);
      const { data, errors } = await query(
        `query($k: [ID!]!) { compareBukkens(globalKeys: $k) { bukken { globalKey } monthlyTotal initialCostTotal walkMin cheapestMonthly cheapestInitial largest newest nearest } }`,
        { k: chosen.map((r) => r.global_key) },
      );
      expect(errors).toBeUndefined();
      const out = data?.compareBukkens as Record<string, unknown>[];
      const initial = (r: Raw) =>
        r.shikikin + r.reikin + total(r) + Math.floor(r.chinryou * r.agent_fee_months) + (r.guarantee_company ? Math.floor(total(r) / 2) : 0) + 16_500;
      const min = (f: (r: Raw) => number) => Math.min(...chosen.map(f));
      expect(out).toEqual(
        chosen.map((r) => ({
          bukken: { globalKey: r.global_key },
          monthlyTotal: total(r),
          initialCostTotal: initial(r),
          walkMin: r.walk1,
          cheapestMonthly: total(r) === min(total),
          cheapestInitial: initial(r) === min(initial),
          largest: r.area === Math.max(...chosen.map((x) => x.area)),
          newest: r.built_date === newestDate,
          nearest: r.walk1 === min((x) => x.walk1 as number),
        })),
      );
      // Both rooms of the newest building tie for newest.
      expect(out.filter((x) => x.newest)).toHaveLength(2);
    });

    it('lists highly recommended active listings of a prefecture by views', async () => {
      const expected = active()
        .filter((r) => r.highly_recommended && r.prefecture_code === 13)
        .sort((a, b) => b.view_count - a.view_count || a.id - b.id);
      expect(expected.length).toBeGreaterThan(5);
      const { data, errors } = await query(
        `{ prefectureRecommendBukkens(prefecturePath: "tokyo", nameType: ALL, limit: 5) { bukkenList { globalKey name search: name(nameType: SEARCH) } } }`,
      );
      expect(errors).toBeUndefined();
      const list = (data?.prefectureRecommendBukkens as { bukkenList: { globalKey: string; name: string; search: string }[] }).bukkenList;
      expect(list).toEqual(expected.slice(0, 5).map((r) => ({ globalKey: r.global_key, name: `${r.building_name} ${r.floor}階`, search: r.building_name })));
      const all = await query(`{ prefectureRecommendBukkens(prefecturePath: "tokyo", limit: 50) { bukkenList { globalKey name } } }`);
      expect((all.data?.prefectureRecommendBukkens as { bukkenList: { name: string }[] }).bukkenList).toHaveLength(expected.length);
    });

    it.each([
      ['unknown listing', `{ bukken(globalKey: "bk999999999") { id } }`, 'NOT_FOUND'],
      ['malformed listing key', `{ bukken(globalKey: "'; DROP TABLE bukken; --") { id } }`, 'NOT_FOUND'],
      [
        'more than 100 keys',
        `{ bukkens(globalKeys: [${Array.from({ length: 101 }, (_, i) => `"bk${String(i + 1).padStart(9, '0')}"`).join(',')}]) { id } }`,
        'BAD_REQUEST',
      ],
      ['no keys to compare', `{ compareBukkens(globalKeys: []) { walkMin } }`, 'BAD_REQUEST'],
      [
        'more than 10 keys to compare',
        `{ compareBukkens(globalKeys: [${Array.from({ length: 11 }, (_, i) => `"bk${String(i + 1).padStart(9, '0')}"`).join(',')}]) { walkMin } }`,
        'BAD_REQUEST',
      ],
      ['an unknown key to compare', `{ compareBukkens(globalKeys: ["bk000000001", "bk999999999"]) { walkMin } }`, 'NOT_FOUND'],
      ['an unknown prefecture', `{ prefectureRecommendBukkens(prefecturePath: "atlantis") { bukkenList { id } } }`, 'BAD_REQUEST'],
      ['a prefecture limit of 0', `{ prefectureRecommendBukkens(prefecturePath: "tokyo", limit: 0) { bukkenList { id } } }`, 'BAD_REQUEST'],
      ['a prefecture limit of 51', `{ prefectureRecommendBukkens(prefecturePath: "tokyo", limit: 51) { bukkenList { id } } }`, 'BAD_REQUEST'],
      ['a recommendation limit of 21', `{ bukken(globalKey: "bk000000001") { recommendations(limit: 21) { id } } }`, 'BAD_REQUEST'],
      ['a recommendation limit of 0', `{ bukken(globalKey: "bk000000001") { recommendations(limit: 0) { id } } }`, 'BAD_REQUEST'],
      ['an otherBuildings limit of -1', `{ building(key: "bld00000001") { otherBuildings(limit: -1) { key } } }`, 'BAD_REQUEST'],
    ])('rejects %s', async (_what, q, code) => {
      const res = await query(q);
      expect(res.errors?.[0]?.extensions?.code).toBe(code);
      // User-facing messages are Japanese.
      expect(res.errors?.[0]?.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      if (code === 'NOT_FOUND') expect(res.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
    });
  });
});
