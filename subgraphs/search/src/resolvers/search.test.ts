import { jest } from '@jest/globals';
import { MemoryCache } from '@sumika/server-kit';
import { bigrams, prefectureCodeOf } from '@sumika/domain';
import { AREA_BOUNDS, BUILT_YEARS, RENT_PRICES, WALK_MINUTES } from '@sumika/spec';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';

/** A listing index row as this test reads it itself (plain SQL, no repository code). */
interface Row {
  id: number;
  global_key: string;
  prefecture_code: number;
  city_code: number;
  gd_city_code: number | null;
  town_code: number | null;
  building_key: string;
  building_type: number;
  chinryou: number;
  total_rent: number;
  no_shikikin: boolean;
  no_reikin: boolean;
  plan_code: number;
  area: number;
  floor: number;
  walk_min: number;
  station_groups: number[];
  line_codes: number[];
  condition_codes: number[];
  built_year: number;
  built_date: Date;
  arrived_at: Date;
  view_count: number;
  initial_cost: number;
  words: string[];
  archived: boolean;
  store_id: number;
}

type Vars = Record<string, unknown>;
type Pred = (r: Row) => boolean;

const ARGS_DEF = `$prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int,
  $stationCodes: [Int], $lineCodes: [Int], $specialName: String, $instituteCampusId: Int, $destinationStations: [DestinationStationInput!],
  $searchCondition: SearchConditionInput`;
const ARGS = `prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, gdCityCode: $gdCityCode, stationCodes: $stationCodes,
  lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId, destinationStations: $destinationStations,
  searchCondition: $searchCondition`;
const SEARCH = `query Search($page: Int, $perPage: Int, $sort: String, ${ARGS_DEF}) { searchBukkens(page: $page, perPage: $perPage, sort: $sort, ${ARGS}) {
  result { bukkenList { globalKey } bukkenTotal { count } pagination { count currentPage limitValue nextPage previousPage totalPages } } } }`;
const COUNT = `query Count(${ARGS_DEF}) { searchBukkensCount(${ARGS}) { count } }`;

const YEAR = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
const overlaps = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));

interface Page {
  result: {
    bukkenList: { globalKey: string }[];
    bukkenTotal: { count: number };
    pagination: { count: number; currentPage: number; limitValue: number; nextPage: number | null; previousPage: number | null; totalPages: number };
  };
}

describe.each(testBackends())('searchBukkens on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let db: Kysely<unknown>;
  let rows: Row[];
  let active: Row[];
  let byKey: Map<string, Row>;

  const gql = async <T>(query: string, variables: Vars = {}) => {
    const res = await auth.query<T>(app, query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data as T;
  };
  const errorCode = async (query: string, variables: Vars) => (await auth.query(app, query, variables)).errors?.[0]?.extensions?.code;
  const count = async (v: Vars) => (await gql<{ searchBukkensCount: { count: number } }>(COUNT, v)).searchBukkensCount.count;
  const search = async (v: Vars) => (await gql<{ searchBukkens: Page }>(SEARCH, v)).searchBukkens.result;
  const expected = (p: Pred) => active.filter(p);
  const mostCommon = <K>(keys: K[]): K => {
    const n = new Map<K, number>();
    for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
    return [...n.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  };

  const cache = new MemoryCache();
  beforeAll(async () => {
    stores = await seededStores(backend, 3000);
    auth = await createTestAuth();
    db = stores.search.db as Kysely<unknown>;
    app = await build({ db: stores.search.db as never, cache, auth: auth.auth });
    rows = (await sql<Row>`SELECT * FROM listing ORDER BY id`.execute(db)).rows.map((r) => ({ ...r, area: Number(r.area) }));
    active = rows.filter((r) => !r.archived);
    byKey = new Map(rows.map((r) => [r.global_key, r]));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** Count equals the independent count, and every listed result satisfies the predicate. */
  async function expectFilter(v: Vars, pred: Pred): Promise<number> {
    const want = expected(pred);
    expect(await count(v)).toBe(want.length);
    const page = await search({ ...v, perPage: 100 });
    expect(page.bukkenTotal.count).toBe(want.length);
    expect(page.bukkenList).toHaveLength(Math.min(100, want.length));
    for (const { globalKey } of page.bukkenList) {
      const r = byKey.get(globalKey);
      expect(r && !r.archived && pred(r)).toBe(true);
    }
    return want.length;
  }

  it('filters by every place kind, ANDing kinds and ORing codes', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const tokyoRows = active.filter((r) => r.prefecture_code === tokyo);
    expect(tokyoRows.length).toBeGreaterThan(100);
    expect(await expectFilter({ prefecturePath: 'tokyo' }, (r) => r.prefecture_code === tokyo)).toBe(tokyoRows.length);

    const [c1, c2] = [...new Set(tokyoRows.map((r) => r.city_code))];
    expect(await expectFilter({ prefecturePath: 'tokyo', cityCodes: [c1, c2, null] }, (r) => r.city_code === c1 || r.city_code === c2)).toBeGreaterThan(0);

    // A designated city code means all of its wards.
    const gd = mostCommon(active.filter((r) => r.gd_city_code !== null).map((r) => r.gd_city_code!));
    expect(await expectFilter({ cityCodes: [gd] }, (r) => r.gd_city_code === gd)).toBeGreaterThan(0);
    expect(await expectFilter({ gdCityCode: gd }, (r) => r.gd_city_code === gd)).toBeGreaterThan(0);

    const town = mostCommon(active.filter((r) => r.town_code !== null).map((r) => r.town_code!));
    expect(await expectFilter({ townCodes: [town] }, (r) => r.town_code === town)).toBeGreaterThan(0);

    const group = mostCommon(active.flatMap((r) => r.station_groups));
    const n = await expectFilter({ stationCodes: [group] }, (r) => r.station_groups.includes(group));
    expect(n).toBeGreaterThan(0);
    // A per-line station code filters by its group.
    const stations = (await sql<{ code: number; group_code: number }>`SELECT code, group_code FROM station`.execute(db)).rows;
    const perLine = stations.find((s) => s.code !== s.group_code && active.some((r) => r.station_groups.includes(s.group_code)))!;
    expect(await expectFilter({ stationCodes: [perLine.code] }, (r) => r.station_groups.includes(perLine.group_code))).toBeGreaterThan(0);

    const line = mostCommon(tokyoRows.flatMap((r) => r.line_codes));
    const line2 = mostCommon(tokyoRows.flatMap((r) => r.line_codes).filter((l) => l !== line));
    await expectFilter({ lineCodes: [line, line2] }, (r) => overlaps(r.line_codes, [line, line2]));
    // Kinds AND together.
    await expectFilter(
      { prefecturePath: 'tokyo', lineCodes: [line], cityCodes: [c1, c2] },
      (r) => r.prefecture_code === tokyo && r.line_codes.includes(line) && (r.city_code === c1 || r.city_code === c2),
    );
    // A code that exists nowhere is NOT_FOUND rather than an empty result or being ignored (statuses.test.ts).
    expect(await errorCode(COUNT, { cityCodes: [99999999] })).toBe('NOT_FOUND');
  });

  it('filters by every search condition', async () => {
    const cases: [Vars, Pred][] = [
      [{ chinryou: { min: 60000, max: 90000 } }, (r) => r.chinryou >= 60000 && r.chinryou <= 90000],
      [{ chinryou: { max: 80000, includeKanrihi: true } }, (r) => r.total_rent <= 80000],
      [{ chinryou: { noReikin: 'true' } }, (r) => r.no_reikin],
      [{ chinryou: { noShikikin: 'true', noReikin: 'yes' } }, (r) => r.no_shikikin],
      [{ plans: { min: '1K', max: '1LDK' } }, (r) => r.plan_code >= 2 && r.plan_code <= 4],
      [{ plans: { min: '2LDK' } }, (r) => r.plan_code >= 7],
      [{ area: { min: 25.5, max: 40 } }, (r) => r.area >= 25.5 && r.area <= 40],
      [{ walkMin: 5 }, (r) => r.walk_min <= 5],
      [{ builtYear: 10 }, (r) => r.built_year >= YEAR - 10],
      [{ buildingTypes: ['mansion', 'terrace', '', 'castle', null] }, (r) => r.building_type === 1 || r.building_type === 4],
      [{ other: ['601', '201', '', 'x', '99999', null] }, (r) => r.condition_codes.includes(601) && r.condition_codes.includes(201)],
      [
        { chinryou: { min: 50000, max: 150000 }, plans: { max: '2LDK' }, walkMin: 10, other: ['403'] },
        (r) => r.chinryou >= 50000 && r.chinryou <= 150000 && r.plan_code <= 7 && r.walk_min <= 10 && r.condition_codes.includes(403),
      ],
    ];
    for (const [searchCondition, pred] of cases) {
      const n = await expectFilter({ searchCondition }, pred);
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(active.length);
    }
  });

  it('orders by each sort key in both directions with id as the tie-breaker', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const columns: [string, (r: Row) => number][] = [
      ['arrived_at', (r) => r.arrived_at.getTime()],
      ['chinryou', (r) => r.chinryou],
      ['area', (r) => r.area],
      ['built_date', (r) => r.built_date.getTime()],
      ['walk_min_for_sort', (r) => r.walk_min],
    ];
    for (const [key, value] of columns) {
      for (const dir of ['asc', 'desc'] as const) {
        const sign = dir === 'asc' ? 1 : -1;
        const want = active
          .filter((r) => r.prefecture_code === tokyo)
          .sort((a, b) => sign * (value(a) - value(b)) || sign * (a.id - b.id))
          .slice(0, 60)
          .map((r) => r.global_key);
        const page = await search({ prefecturePath: 'tokyo', sort: `${key}_${dir}`, perPage: 60 });
        expect(page.bukkenList.map((b) => b.globalKey)).toEqual(want);
      }
    }
    // Newest first by default.
    const def = await search({ prefecturePath: 'tokyo', perPage: 10 });
    const arrived = def.bukkenList.map((b) => byKey.get(b.globalKey)!.arrived_at.getTime());
    expect(arrived).toEqual([...arrived].sort((a, b) => b - a));
  });

  it('paginates: stable pages, last page, a page past the end, no matches', async () => {
    const pred: Pred = (r) => r.walk_min <= 3 && r.plan_code <= 4;
    const want = expected(pred)
      .sort((a, b) => a.chinryou - b.chinryou || a.id - b.id)
      .map((r) => r.global_key);
    expect(want.length).toBeGreaterThan(20);
    const v = { searchCondition: { walkMin: 3, plans: { max: '1LDK' } }, sort: 'chinryou_asc', perPage: 7 };
    const totalPages = Math.ceil(want.length / 7);
    const seen: string[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const res = (await gql<{ searchBukkens: Page }>(SEARCH, { ...v, page })).searchBukkens.result;
      seen.push(...res.bukkenList.map((b) => b.globalKey));
      expect(res.pagination).toEqual({
        count: want.length,
        currentPage: page,
        limitValue: 7,
        nextPage: page < totalPages ? page + 1 : null,
        previousPage: page > 1 ? page - 1 : null,
        totalPages,
      });
    }
    expect(seen).toEqual(want);
    expect(seen.length - (totalPages - 1) * 7).toBeGreaterThan(0);

    // A page past the last is NOT_FOUND (the 404 page), not an empty list.
    expect(await errorCode(SEARCH, { ...v, page: totalPages + 3 })).toBe('NOT_FOUND');

    const none = await search({ searchCondition: { chinryou: { max: 1 } } });
    expect(none.bukkenList).toEqual([]);
    expect(none.pagination).toEqual({ count: 0, currentPage: 1, limitValue: 30, nextPage: null, previousPage: null, totalPages: 0 });
  });

  it('rejects bad input with BAD_REQUEST and unknown prefectures, specials and campuses with NOT_FOUND', async () => {
    const bad: Vars[] = [
      { sort: 'foo_asc' },
      { sort: 'chinryou' },
      { sort: 'chinryou_up' },
      { sort: 'CHINRYOU_ASC' },
      { perPage: 0 },
      { perPage: 101 },
      { page: 0 },
      { page: -1 },
      { searchCondition: { plans: { min: '5LDK' } } },
      { searchCondition: { plans: { min: '2LDK', max: '1K' } } },
      { searchCondition: { chinryou: { min: 100000, max: 50000 } } },
      { searchCondition: { chinryou: { min: -1 } } },
      { searchCondition: { area: { min: -5 } } },
      { searchCondition: { walkMin: -3 } },
      { searchCondition: { builtYear: -1 } },
      { searchCondition: { word: 'あ'.repeat(101) } },
      { destinationStations: [{ stationCode: 1130101, maxMinutes: 0 }] },
    ];
    for (const v of bad) {
      expect([JSON.stringify(v), await errorCode(SEARCH, v)]).toEqual([JSON.stringify(v), 'BAD_REQUEST']);
    }
    expect(await errorCode(SEARCH, { prefecturePath: 'atlantis' })).toBe('NOT_FOUND');
    expect(await errorCode(COUNT, { specialName: 'no-such-special' })).toBe('NOT_FOUND');
    expect(await errorCode(COUNT, { instituteCampusId: 987654321 })).toBe('NOT_FOUND');
    // Accepted: at the bounds, and bounds beyond a column's range (smallint walk_min, built_year).
    expect((await search({ perPage: 100, page: 1 })).pagination.limitValue).toBe(100);
    expect(await count({ searchCondition: { walkMin: 2_000_000_000, builtYear: 2_000_000_000, chinryou: { max: 2_000_000_000 } } })).toBe(active.length);
  });

  it('computes facets whose counts equal the count with the option applied', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const tokyoRows = active.filter((r) => r.prefecture_code === tokyo);
    const line = mostCommon(tokyoRows.flatMap((r) => r.line_codes));
    const base: Vars = {
      prefecturePath: 'tokyo',
      lineCodes: [line],
      searchCondition: { chinryou: { min: 30000, max: 200000 }, walkMin: 15, other: ['201'], plans: { max: '3LDK' } },
    };
    const FACETS = `query F(${ARGS_DEF}) { searchBukkens(${ARGS}) { facets {
      rentMin { value label count } areaMin { value label count } areaMax { value label count }
      rentMax { value label count } plans { value label count } walkMin { value label count } builtYear { value label count }
      conditions { value label count } buildingTypes { value label count } lines { value label count } stations { value label count }
      cities { value label count } } } }`;
    type F = { value: string; label: string; count: number };
    const facets = (await gql<{ searchBukkens: { facets: Record<string, F[]> } }>(FACETS, base)).searchBukkens.facets;
    const sc = base.searchCondition as Record<string, unknown>;
    const applied: Record<string, (value: string) => Vars> = {
      rentMin: (x) => ({ ...base, searchCondition: { ...sc, chinryou: { min: Number(x), max: 200000 } } }),
      rentMax: (x) => ({ ...base, searchCondition: { ...sc, chinryou: { min: 30000, max: Number(x) } } }),
      areaMin: (x) => ({ ...base, searchCondition: { ...sc, area: { min: Number(x) } } }),
      areaMax: (x) => ({ ...base, searchCondition: { ...sc, area: { max: Number(x) } } }),
      plans: (x) => ({ ...base, searchCondition: { ...sc, plans: { min: x, max: x } } }),
      walkMin: (x) => ({ ...base, searchCondition: { ...sc, walkMin: Number(x) } }),
      builtYear: (x) => ({ ...base, searchCondition: { ...sc, builtYear: Number(x) } }),
      conditions: (x) => ({ ...base, searchCondition: { ...sc, other: ['201', x] } }),
      buildingTypes: (x) => ({ ...base, searchCondition: { ...sc, buildingTypes: [x] } }),
      lines: (x) => ({ ...base, lineCodes: [Number(x)] }),
      stations: (x) => ({ ...base, stationCodes: [Number(x)] }),
      cities: (x) => ({ ...base, cityCodes: [Number(x)] }),
    };
    // Every bound of the form, as searchMaster lists them.
    expect(facets.rentMax!.map((f) => f.value)).toEqual(RENT_PRICES.map(String));
    expect(facets.rentMin!.map((f) => f.value)).toEqual(RENT_PRICES.map(String));
    expect(facets.areaMin!.map((f) => f.label)).toEqual(AREA_BOUNDS.map((b) => `${b}㎡以上`));
    expect(facets.rentMax!.at(-1)).toMatchObject({ value: '1000000', label: '100万円以下' });
    expect(facets.plans).toHaveLength(13);
    expect(facets.buildingTypes!.map((f) => f.label)).toEqual(['マンション', 'アパート', '一戸建て', 'テラスハウス']);
    expect(facets.lines!.length).toBeLessThanOrEqual(30);
    expect(facets.lines!.some((f) => f.value === String(line))).toBe(true);
    expect(facets.cities!.every((f) => f.count > 0)).toBe(true);
    for (const [name, list] of Object.entries(facets)) {
      expect(list.length).toBeGreaterThan(0);
      // Sample the first, a middle and the last option of each facet.
      const samples = [...new Set([list[0]!, list[Math.floor(list.length / 2)]!, list[list.length - 1]!])];
      for (const f of samples) {
        // A lower bound above the search's upper one matches nothing (as a search it is a bad request).
        const want = name === 'rentMin' && Number(f.value) > 200000 ? 0 : await count(applied[name]!(f.value));
        expect([name, f.value, f.count]).toEqual([name, f.value, want]);
      }
      expect(list.some((f) => f.count > 0)).toBe(true);
    }
    // Cumulative rent bands, recomputed here from the rows.
    const inBase = (r: Row) =>
      r.prefecture_code === tokyo &&
      r.line_codes.includes(line) &&
      r.chinryou >= 30000 &&
      r.walk_min <= 15 &&
      r.condition_codes.includes(201) &&
      r.plan_code <= 10;
    expect(facets.rentMax!.map((f) => f.count)).toEqual(RENT_PRICES.map((b) => expected((r) => inBase(r) && r.chinryou <= b).length));
  });

  it('keeps each facet cached under what it counts: a new rent ceiling finds the rent ceiling’s options cached', async () => {
    const FACETS = `query F(${ARGS_DEF}) { searchBukkens(${ARGS}) { facets { rentMax { value count } plans { value count } } } }`;
    type F = { searchBukkens: { facets: Record<string, { value: string; count: number }[]> } };
    const at = (max: number) => ({ prefecturePath: 'tokyo', searchCondition: { chinryou: { min: 31_234, max } } });
    const first = (await gql<F>(FACETS, at(150_000))).searchBukkens.facets;
    const lookups = jest.spyOn(cache, 'getMany');
    try {
      const second = (await gql<F>(FACETS, at(160_000))).searchBukkens.facets;
      const [keys, hits] = [lookups.mock.calls[0]![0], (await lookups.mock.results[0]!.value) as (string | null)[]];
      // rentMax counts under the search without its ceiling: the same as before; plans under the new ceiling.
      expect(keys.map((k, i) => [k.split(':')[4], hits[i] !== null])).toEqual([
        ['rentMax', true],
        ['plans', false],
      ]);
      expect(second.rentMax).toEqual(first.rentMax);
      expect(second.plans).not.toEqual(first.plans);
    } finally {
      lookups.mockRestore();
    }
  });

  it('answers without waiting for its cache writes: a write that never ends holds no answer back', async () => {
    const hung = () => new Promise<void>(() => undefined);
    const set = jest.spyOn(cache, 'set').mockImplementation(hung);
    const setMany = jest.spyOn(cache, 'setMany').mockImplementation(hung);
    try {
      const FACETS = `query F(${ARGS_DEF}) { searchBukkens(${ARGS}) { facets { plans { value count } } } }`;
      // A filter no other test asks for: the facet, the count and the page are computed, then written.
      const vars = { prefecturePath: 'osaka', searchCondition: { chinryou: { min: 41_357 } } };
      const answered = Promise.all([gql(FACETS, vars), search(vars)]);
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5_000).unref());
      expect(await Promise.race([answered.then(() => 'answered'), late])).toBe('answered');
      expect(setMany).toHaveBeenCalled();
      expect(set).toHaveBeenCalled();
    } finally {
      set.mockRestore();
      setMany.mockRestore();
    }
  });

  it('spells the stations a search names in the stations facet as the search sent them (per-line codes from the line pickers)', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const group = mostCommon(active.filter((r) => r.prefecture_code === tokyo).flatMap((r) => r.station_groups));
    const perLine = (await sql<{ code: number }>`SELECT code FROM station WHERE group_code = ${group} AND code <> ${group} ORDER BY code LIMIT 1`.execute(db))
      .rows[0]?.code;
    expect(perLine).toBeDefined();
    const FACET = `query F(${ARGS_DEF}) { searchBukkens(${ARGS}) { facets { stations { value count } } } }`;
    type F = { searchBukkens: { facets: { stations: { value: string; count: number }[] } } };
    const byLine = (await gql<F>(FACET, { prefecturePath: 'tokyo', stationCodes: [Number(perLine)] })).searchBukkens.facets.stations;
    const byGroup = (await gql<F>(FACET, { prefecturePath: 'tokyo', stationCodes: [group] })).searchBukkens.facets.stations;
    // The same counts; the searched station under the code it was searched by, so a panel can tick it.
    expect(byLine.find((f) => f.value === String(perLine))?.count).toBe(await count({ prefecturePath: 'tokyo', stationCodes: [group] }));
    expect(byLine.some((f) => f.value === String(group))).toBe(false);
    expect(byGroup.find((f) => f.value === String(group))?.count).toBe(byLine.find((f) => f.value === String(perLine))?.count);
    expect(byLine.map((f) => f.count)).toEqual(byGroup.map((f) => f.count));
  });

  it('computes every facet option as a count over the rows, for searches with several dimensions set', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const tokyoLine = mostCommon(active.filter((r) => r.prefecture_code === tokyo).flatMap((r) => r.line_codes));
    const tokyoStation = mostCommon(active.filter((r) => r.prefecture_code === tokyo).flatMap((r) => r.station_groups));
    const tokyoCity = mostCommon(active.filter((r) => r.prefecture_code === tokyo).map((r) => r.city_code));
    const FACETS = `query F(${ARGS_DEF}) { searchBukkens(${ARGS}) { facets {
      rentMin { value count } rentMax { value count } areaMin { value count } areaMax { value count } plans { value count } walkMin { value count } builtYear { value count } conditions { value count }
      buildingTypes { value count } lines { value count } stations { value count } cities { value count } } } }`;
    const BUILDING_TYPES: Record<string, number> = { mansion: 1, apartment: 2, house: 3, terrace: 4 };
    const MADORI = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'];
    const conditionCodes = (
      await sql<{ code: number }>`SELECT c.code FROM condition_code c JOIN condition_group g ON g.key = c.group_key ORDER BY g.sort, c.sort`.execute(db)
    ).rows.map((r) => Number(r.code));
    // Each search as GraphQL variables and as one predicate per dimension (a facet drops its own).
    const searches: { vars: Vars; dims: Partial<Record<string, Pred>> }[] = [
      {
        vars: {
          prefecturePath: 'tokyo',
          lineCodes: [tokyoLine],
          searchCondition: {
            chinryou: { min: 40000, max: 150000 },
            plans: { min: '1K', max: '2LDK' },
            walkMin: 15,
            buildingTypes: ['mansion', 'apartment'],
            area: { min: 20.5, max: 60 },
          },
        },
        dims: {
          place: (r) => r.prefecture_code === tokyo,
          lines: (r) => r.line_codes.includes(tokyoLine),
          areaMin: (r) => r.area >= 20.5,
          areaMax: (r) => r.area <= 60,
          rentMin: (r) => r.chinryou >= 40000,
          rentMax: (r) => r.chinryou <= 150000,
          plans: (r) => r.plan_code >= 2 && r.plan_code <= 7,
          walkMin: (r) => r.walk_min <= 15,
          buildingTypes: (r) => r.building_type <= 2,
        },
      },
      {
        vars: {
          prefecturePath: 'tokyo',
          stationCodes: [tokyoStation],
          searchCondition: { builtYear: 30, chinryou: { max: 150000, includeKanrihi: true } },
        },
        dims: {
          place: (r) => r.prefecture_code === tokyo,
          stations: (r) => r.station_groups.includes(tokyoStation),
          builtYear: (r) => r.built_year >= YEAR - 30,
          rentMax: (r) => r.total_rent <= 150000,
        },
      },
      {
        vars: { cityCodes: [tokyoCity], searchCondition: { walkMin: 15, buildingTypes: ['mansion', 'apartment'] } },
        dims: {
          cities: (r) => r.city_code === tokyoCity,
          walkMin: (r) => r.walk_min <= 15,
          buildingTypes: (r) => r.building_type <= 2,
        },
      },
    ];
    const per = (rows: Row[], keys: (r: Row) => number[]) => {
      const m = new Map<number, number>();
      for (const r of rows) for (const k of keys(r)) m.set(k, (m.get(k) ?? 0) + 1);
      return [...m].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([k, n]) => ({ value: String(k), count: n }));
    };
    for (const { vars, dims } of searches) {
      const without = (dim: string) => active.filter((r) => Object.entries(dims).every(([d, p]) => d === dim || p!(r)));
      const rent = (r: Row) => ((vars.searchCondition as { chinryou?: { includeKanrihi?: boolean } }).chinryou?.includeKanrihi ? r.total_rent : r.chinryou);
      const countOf = (rows: Row[], p: Pred) => rows.filter(p).length;
      const want = {
        rentMin: RENT_PRICES.map((b) => ({ value: String(b), count: countOf(without('rentMin'), (r) => rent(r) >= b) })),
        rentMax: RENT_PRICES.map((b) => ({ value: String(b), count: countOf(without('rentMax'), (r) => rent(r) <= b) })),
        areaMin: AREA_BOUNDS.map((b) => ({ value: String(b), count: countOf(without('areaMin'), (r) => r.area >= b) })),
        areaMax: AREA_BOUNDS.map((b) => ({ value: String(b), count: countOf(without('areaMax'), (r) => r.area <= b) })),
        plans: MADORI.map((p, i) => ({ value: p, count: countOf(without('plans'), (r) => r.plan_code === i + 1) })),
        walkMin: WALK_MINUTES.map((b) => ({ value: String(b), count: countOf(without('walkMin'), (r) => r.walk_min <= b) })),
        builtYear: BUILT_YEARS.map((b) => ({ value: String(b), count: countOf(without('builtYear'), (r) => r.built_year >= YEAR - b) })),
        conditions: conditionCodes.map((c) => ({ value: String(c), count: countOf(without('conditions'), (r) => r.condition_codes.includes(c)) })),
        buildingTypes: Object.entries(BUILDING_TYPES).map(([k, c]) => ({ value: k, count: countOf(without('buildingTypes'), (r) => r.building_type === c) })),
        lines: per(without('lines'), (r) => r.line_codes).slice(0, 30),
        stations: per(without('stations'), (r) => r.station_groups).slice(0, 30),
        cities: per(without('cities'), (r) => [r.city_code]),
      };
      expect([vars, without('none').length > 0]).toEqual([vars, true]);
      const facets = (await gql<{ searchBukkens: { facets: Record<string, { value: string; count: number }[]> } }>(FACETS, vars)).searchBukkens.facets;
      expect(facets).toEqual(want);
    }
  });

  it('searches free words: station names, readings in any width, building-name fragments', async () => {
    const groups = (await sql<{ code: number; name: string }>`SELECT code, name FROM station_group WHERE name = '渋谷'`.execute(db)).rows;
    expect(groups.length).toBeGreaterThan(0);
    const shibuya = groups.map((g) => g.code);
    const byWord = await count({ searchCondition: { word: '渋谷' } });
    expect(byWord).toBe(expected((r) => overlaps(r.station_groups, shibuya)).length);
    expect(byWord).toBeGreaterThan(0);
    expect(await count({ searchCondition: { word: '渋谷駅' } })).toBe(byWord);
    const kana = await search({ searchCondition: { word: 'しぶや' }, perPage: 100 });
    const halfWidth = await search({ searchCondition: { word: 'ｼﾌﾞﾔ' }, perPage: 100 });
    expect(halfWidth).toEqual(kana);
    expect(kana.bukkenTotal.count).toBe(byWord);

    // A fragment of a building name (from the bukken store) finds that building's rooms.
    const buildings = (await sql<{ key: string; name: string }>`SELECT key, name FROM building ORDER BY id`.execute(stores.bukken.db as Kysely<unknown>)).rows;
    const target = buildings.find((b) => b.name.length >= 6 && /[ァ-ヶー]{4}/.test(b.name) && active.some((r) => r.building_key === b.key))!;
    const fragment = /[ァ-ヶー]{4,}/.exec(target.name)![0];
    const grams = bigrams([fragment]);
    const res = await search({ searchCondition: { word: `  ${fragment}\u3000` }, perPage: 100 });
    const want = expected((r) => grams.every((g) => r.words.includes(g)));
    expect(res.bukkenTotal.count).toBe(want.length);
    const targetKeys = active.filter((r) => r.building_key === target.key).map((r) => r.global_key);
    if (want.length <= 100) expect(res.bukkenList.map((b) => b.globalKey)).toEqual(expect.arrayContaining(targetKeys));
    // Terms AND together: the station and the fragment.
    expect(await count({ searchCondition: { word: `渋谷 ${fragment}` } })).toBe(want.filter((r) => overlaps(r.station_groups, shibuya)).length);
  });

  it('reads romaji, and takes a madori or a condition named in the free word as that condition', async () => {
    const shibuya = (await sql<{ code: number }>`SELECT code FROM station_group WHERE name = '渋谷'`.execute(db)).rows.map((g) => g.code);
    const atShibuya = (r: Row) => overlaps(r.station_groups, shibuya);
    const byName = await count({ searchCondition: { word: '渋谷' } });
    expect(byName).toBeGreaterThan(0);
    expect(await count({ searchCondition: { word: 'shibuya' } })).toBe(byName);
    expect(await count({ searchCondition: { word: 'SHIBUYA' } })).toBe(byName);

    const plan = mostCommon(expected(atShibuya).map((r) => r.plan_code));
    const planName = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'][plan - 1]!;
    await expectFilter({ searchCondition: { word: `shibuya ${planName}` } }, (r) => atShibuya(r) && r.plan_code === plan);
    // AND with the panel's plan range: outside it, nothing.
    const other = plan === 1 ? 2 : 1;
    const otherName = ['1R', '1K'][other - 1]!;
    await expectFilter({ searchCondition: { word: `shibuya ${planName}`, plans: { min: otherName, max: otherName } } }, () => false);

    const conditions = (await sql<{ code: number; name: string }>`SELECT code, name FROM condition_code ORDER BY code`.execute(db)).rows;
    const cond = conditions.find((c) => expected((r) => atShibuya(r) && r.condition_codes.includes(c.code)).length > 0)!;
    await expectFilter({ searchCondition: { word: `渋谷 ${cond.name}` } }, (r) => atShibuya(r) && r.condition_codes.includes(cond.code));
    // The texts keep the word as typed and do not repeat the condition it names.
    const texts = await gql<{ searchConditionTexts: { conditionText: string } }>(
      `query T($searchCondition: SearchConditionInput) { searchConditionTexts(searchCondition: $searchCondition) { conditionText } }`,
      { searchCondition: { word: `渋谷 ${cond.name}` } },
    );
    expect(texts.searchConditionTexts.conditionText).toBe(`キーワード「渋谷 ${cond.name}」`);
  });

  it('searches by commute time to two destinations (independent Dijkstra)', async () => {
    const stations = (await sql<{ code: number; group_code: number }>`SELECT code, group_code FROM station`.execute(db)).rows;
    const edges = (
      await sql<{ from_station: number; to_station: number; minutes: number; kind: string }>`
      SELECT from_station, to_station, minutes, kind FROM station_edge`.execute(db)
    ).rows;
    const groupOf = new Map(stations.map((s) => [s.code, s.group_code]));
    const into = new Map<number, { from: number; tenths: number; transfer: boolean }[]>();
    for (const e of edges) {
      const list = into.get(e.to_station) ?? [];
      list.push({ from: e.from_station, tenths: Math.round(Number(e.minutes) * 10), transfer: e.kind === 'transfer' });
      into.set(e.to_station, list);
    }
    // Plain label-setting search over (station, transfers) towards the destination group.
    const reach = (group: number, minutes: number, maxTransfers: number | null): Set<number> => {
      const cap = maxTransfers ?? 0;
      const best = new Map<string, number>();
      const queue: [number, number, number][] = stations.filter((s) => s.group_code === group).map((s) => [0, s.code, 0]);
      for (const [, s] of queue) best.set(`${s}|0`, 0);
      const out = new Set<number>();
      while (queue.length) {
        queue.sort((a, b) => a[0] - b[0]);
        const [t, s, k] = queue.shift()!;
        if (t > (best.get(`${s}|${k}`) ?? Infinity)) continue;
        out.add(groupOf.get(s)!);
        for (const e of into.get(s) ?? []) {
          const nt = t + e.tenths;
          const nk = maxTransfers === null ? 0 : k + (e.transfer ? 1 : 0);
          if (nt > minutes * 10 || nk > cap) continue;
          if (nt < (best.get(`${e.from}|${nk}`) ?? Infinity)) {
            best.set(`${e.from}|${nk}`, nt);
            queue.push([nt, e.from, nk]);
          }
        }
      }
      return out;
    };
    const [tokyoSt, shinjuku] = [1130101, 1130208];
    const a = reach(tokyoSt, 30, null);
    const b = reach(shinjuku, 25, 1);
    const both = [...a].filter((g) => b.has(g));
    // Large enough to take the chunked-overlap path (more than 16 groups).
    expect(both.length).toBeGreaterThan(16);
    expect(both.length).toBeLessThan(a.size);
    const v = {
      destinationStations: [
        { stationCode: tokyoSt, maxMinutes: 30 },
        { stationCode: shinjuku, maxMinutes: 25, maxTransfers: 1 },
      ],
    };
    const n = await expectFilter(v, (r) => overlaps(r.station_groups, both));
    expect(n).toBeGreaterThan(0);
    const texts = await gql<{ searchConditionTexts: { placeText: string } }>(
      `query T($d: [DestinationStationInput!]) { searchConditionTexts(destinationStations: $d) { placeText } }`,
      { d: v.destinationStations },
    );
    expect(texts.searchConditionTexts.placeText).toBe('東京駅まで30分以内・新宿駅まで25分以内（乗り換え1回以内）');
  });

  it('filters by campus and by special feature', async () => {
    const campusRows = (await sql<{ campus_id: number; group_code: number }>`SELECT campus_id, group_code FROM campus_station`.execute(db)).rows;
    const campusGroups = new Map<number, number[]>();
    for (const c of campusRows) campusGroups.set(c.campus_id, [...(campusGroups.get(c.campus_id) ?? []), c.group_code]);
    const withListings = [...campusGroups].filter(([, g]) => active.some((r) => overlaps(r.station_groups, g)));
    expect(withListings.length).toBeGreaterThan(0);
    for (const [id, groups] of withListings.slice(0, 3)) {
      expect(await expectFilter({ instituteCampusId: id }, (r) => overlaps(r.station_groups, groups))).toBeGreaterThan(0);
    }

    const tokyo = prefectureCodeOf('tokyo')!;
    const specials: [string, Pred][] = [
      ['pet', (r) => r.condition_codes.includes(301)],
      ['ekichika', (r) => r.walk_min <= 5],
      ['shikirei0', (r) => r.no_shikikin && r.no_reikin],
      ['shinchiku', (r) => r.built_year >= YEAR - 5],
      ['women', (r) => overlaps(r.condition_codes, [307, 601]) && r.floor >= 2],
      ['couple', (r) => r.condition_codes.includes(306) && [4, 5, 6, 7].includes(r.plan_code)],
      ['family', (r) => r.plan_code >= 7],
      ['tower', (r) => r.floor >= 10],
      ['low-rent', (r) => r.chinryou <= 50000],
    ];
    for (const [name, pred] of specials) {
      expect(await expectFilter({ specialName: name }, pred)).toBeGreaterThan(0);
    }
    await expectFilter({ specialName: 'family', prefecturePath: 'tokyo' }, (r) => r.plan_code >= 7 && r.prefecture_code === tokyo);
  });

  it('fills pickup, recommended and new listings from the matches', async () => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const q = `query { searchBukkens(prefecturePath: "tokyo") { pickupBukkens { globalKey } recommendBukkens { globalKey } newBukkens { globalKey } } }`;
    const res = (await gql<{ searchBukkens: Record<string, { globalKey: string }[]> }>(q)).searchBukkens;
    const inTokyo = active.filter((r) => r.prefecture_code === tokyo);
    const keys = (list: Row[]) => list.map((r) => r.global_key);
    expect(res.pickupBukkens!.map((b) => b.globalKey)).toEqual(keys([...inTokyo].sort((a, b) => b.view_count - a.view_count || b.id - a.id).slice(0, 3)));
    expect(res.recommendBukkens!.map((b) => b.globalKey)).toEqual(
      keys([...inTokyo].sort((a, b) => a.initial_cost - b.initial_cost || a.id - b.id).slice(0, 5)),
    );
    const newest = Math.max(...active.map((r) => r.arrived_at.getTime()));
    const fresh = inTokyo
      .filter((r) => r.arrived_at.getTime() >= newest - 7 * 86_400_000)
      .sort((a, b) => b.arrived_at.getTime() - a.arrived_at.getTime() || b.id - a.id);
    expect(res.newBukkens!.map((b) => b.globalKey)).toEqual(keys(fresh.slice(0, 5)));
    expect(res.newBukkens).toHaveLength(5);

    const preview = await gql<{ searchBukkensPreview: { globalKey: string }[] }>(`{ searchBukkensPreview(limit: 4, prefecturePath: "tokyo") { globalKey } }`);
    expect(preview.searchBukkensPreview.map((b) => b.globalKey)).toEqual(
      keys([...inTokyo].sort((a, b) => b.arrived_at.getTime() - a.arrived_at.getTime() || b.id - a.id).slice(0, 4)),
    );
  });

  it('writes the search condition texts from the master names', async () => {
    const q = `query T(${ARGS_DEF}) { searchConditionTexts(${ARGS}) { searchText placeText conditionText }
      searchBukkens(${ARGS}) { searchConditionTexts { searchText } } }`;
    type T = {
      searchConditionTexts: { searchText: string; placeText: string; conditionText: string };
      searchBukkens: { searchConditionTexts: { searchText: string } };
    };
    const full = await gql<T>(q, {
      prefecturePath: 'tokyo',
      cityCodes: [13113, 13104],
      searchCondition: {
        chinryou: { min: 50000, max: 100000, includeKanrihi: true, noShikikin: 'true' },
        plans: { min: '1K', max: '1LDK' },
        area: { min: 25 },
        walkMin: 10,
        builtYear: 10,
        other: ['601', '201'],
      },
    });
    expect(full.searchConditionTexts).toEqual({
      placeText: '東京都 渋谷区・新宿区',
      conditionText: '賃料5万〜10万円（管理費込み） / 1K〜1LDK / 25㎡以上 / 駅徒歩10分以内 / 築10年以内 / 敷金なし / オートロック・バス・トイレ別',
      searchText:
        '東京都 渋谷区・新宿区 / 賃料5万〜10万円（管理費込み） / 1K〜1LDK / 25㎡以上 / 駅徒歩10分以内 / 築10年以内 / 敷金なし / オートロック・バス・トイレ別',
    });
    expect(full.searchBukkens.searchConditionTexts.searchText).toBe(full.searchConditionTexts.searchText);

    const lines = await gql<T>(q, { lineCodes: [11302], stationCodes: [1130205] });
    expect(lines.searchConditionTexts).toEqual({ placeText: 'JR山手線 / 渋谷駅', conditionText: 'こだわり条件なし', searchText: 'JR山手線 / 渋谷駅' });
    const special = await gql<T>(q, { prefecturePath: 'osaka', specialName: 'pet', searchCondition: { chinryou: { max: 70000 } } });
    expect(special.searchConditionTexts.searchText).toBe('大阪府 / ペット可 / 賃料7万円以下');
  });
});
