import { Random } from '@sumika/domain';
import { AREA_BOUNDS, RENT_PRICES, WALK_MINUTES } from '@sumika/spec';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { sql, type Kysely } from 'kysely';
import { EMPTY_CONDITION } from '../domain/condition.js';
import { baseFilter, withoutDimension, type FacetDimension, type ListingFilter } from '../domain/filter.js';
import type { Within } from '../domain/sorted.js';
import type { DB } from './db.js';
import { INDEXED_HEX_LEVELS, ListingIndex } from './listing-index.js';
import { hexCountsInSql } from './listing-map.js';
import { facetCountsInSql, type FacetPart } from './listing-search.js';

/** What a facet dimension counts by (facets.ts), and the place keys of the special pages (special-places.ts). */
const FACETS: [FacetDimension, FacetPart['key']][] = [
  ['rentMin', { column: 'chinryou' }],
  ['rentMax', { column: 'total_rent' }],
  ['areaMin', { column: 'area_floor' }],
  ['areaMax', { column: 'area_ceil' }],
  ['plans', { column: 'plan_code' }],
  ['walkMin', { column: 'walk_min' }],
  ['builtYear', { column: 'built_year' }],
  ['conditions', { elements: 'condition_codes' }],
  ['buildingTypes', { column: 'building_type' }],
  ['lines', { elements: 'line_codes' }],
  ['stations', { elements: 'station_groups' }],
  ['cities', { column: 'city_code' }],
];
const PLACE_KEYS: FacetPart['key'][] = [{ column: 'prefecture_code' }, { column: 'town_code' }];
/** The bound facets counted per bound (facets.ts's withinOf), with bounds out of order, between and on the rows' values. */
const WITHIN: [FacetDimension, FacetPart['key'], Within][] = [
  ['rentMin', { column: 'chinryou' }, { op: '>=', bounds: [...RENT_PRICES].reverse() }],
  ['rentMax', { column: 'total_rent' }, { op: '<=', bounds: [...RENT_PRICES, 81_234, 0] }],
  ['areaMin', { column: 'area_floor' }, { op: '>=', bounds: [...AREA_BOUNDS, 20.5] }],
  ['areaMax', { column: 'area_ceil' }, { op: '<=', bounds: [40.25, ...AREA_BOUNDS] }],
  ['walkMin', { column: 'walk_min' }, { op: '<=', bounds: WALK_MINUTES }],
  ['builtYear', { column: 'built_year' }, { op: '>=', bounds: [2026, 2021, 1999, 1900] }],
];

type Row = {
  id: number;
  prefecture_code: number;
  city_code: number;
  gd_city_code: number | null;
  town_code: number | null;
  store_id: number;
  chinryou: number;
  area: number;
  lat: number;
  lng: number;
  condition_codes: number[];
  line_codes: number[];
  station_groups: number[];
};

const base = (over: Partial<ListingFilter> = {}): ListingFilter => ({ ...baseFilter(), currentYear: 2026, ...over });

/** Random filters over the seeded rows' own values: each field present about a third of the time. */
function randomFilters(rows: Row[], n: number, seed: number): ListingFilter[] {
  const generator = new Random(seed);
  const rnd = () => generator.next();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const some = <T>(xs: readonly T[], k: number): T[] => Array.from({ length: 1 + Math.floor(rnd() * k) }, () => pick(xs));
  const maybe = () => rnd() < 0.35;
  const out: ListingFilter[] = [];
  for (let i = 0; i < n; i++) {
    const r = pick(rows);
    const other = pick(rows);
    const rent = [pick(rows).chinryou, pick(rows).chinryou].sort((a, b) => a - b);
    const f = base({
      prefectureCode: maybe() ? r.prefecture_code : null,
      city: maybe()
        ? {
            cityCodes: rnd() < 0.8 ? [r.city_code, other.city_code] : [],
            gdCityCodes: r.gd_city_code !== null && rnd() < 0.5 ? [r.gd_city_code] : [],
            prefectureCodes: [r.prefecture_code],
          }
        : null,
      townCodes: rnd() < 0.1 ? (r.town_code !== null ? [r.town_code] : []) : null,
      lineCodes: maybe() ? some(r.line_codes.length ? r.line_codes : [1], 2) : null,
      stationGroups: maybe() ? (rnd() < 0.1 ? [] : some([...r.station_groups, ...other.station_groups], 3)) : null,
      stationSets: rnd() < 0.15 ? [some([...r.station_groups, ...other.station_groups], 40)] : [],
      storeId: rnd() < 0.05 ? r.store_id : null,
      bbox: rnd() < 0.2 ? { south: r.lat - 0.05, north: r.lat + 0.05 * rnd(), west: r.lng - 0.1 * rnd(), east: r.lng + 0.05 } : null,
      special:
        rnd() < 0.2
          ? pick([
              { walkMinMax: 5 },
              { conditionCodes: r.condition_codes.slice(0, 2) },
              { plans: ['1LDK', '2K', 'nope'] },
              { plans: ['nope'] },
              { builtWithinYears: 10, noReikin: true },
              { rentMax: 80_000, floorMin: 2, noShikikin: true },
            ])
          : null,
      condition: {
        ...EMPTY_CONDITION,
        includeKanrihi: rnd() < 0.3,
        rentMin: maybe() ? rent[0]! : null,
        rentMax: maybe() ? rent[1]! : null,
        planMin: maybe() ? 1 + Math.floor(rnd() * 4) : null,
        planMax: maybe() ? 3 + Math.floor(rnd() * 10) : null,
        // Fractional bounds, and the rows' own areas: real against real at the edges.
        areaMin: maybe() ? (rnd() < 0.5 ? r.area : 20.5) : null,
        areaMax: maybe() ? (rnd() < 0.5 ? other.area : 40.25) : null,
        walkMin: maybe() ? pick([1, 5, 10, 15, 20]) : null,
        builtYear: maybe() ? pick([1, 5, 10, 20, 30]) : null,
        noReikin: rnd() < 0.15,
        noShikikin: rnd() < 0.15,
        buildingTypes: maybe() ? some([1, 2, 3, 4], 2) : [],
        conditionCodes: maybe() ? r.condition_codes.slice(0, 1 + Math.floor(rnd() * 2)) : [],
      },
    });
    out.push(f);
  }
  return out;
}

/** A results page's parts (each facet without its own choice) and the special pages' place keys. */
const partsOf = (f: ListingFilter): FacetPart[] => [
  ...FACETS.map(([dim, key]) => ({ filter: withoutDimension(f, dim), key })),
  ...PLACE_KEYS.map((key) => ({ filter: f, key })),
  ...WITHIN.map(([dim, key, within]) => ({ filter: withoutDimension(f, dim), key, within })),
];

describe.each(testBackends())('the in-memory listing index on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let db: Kysely<DB>;
  let rows: Row[];

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    db = stores.search.db as unknown as Kysely<DB>;
    rows = (
      await sql<Row>`SELECT id, prefecture_code, city_code, gd_city_code, town_code, store_id, chinryou, area, lat, lng,
        condition_codes, line_codes, station_groups FROM listing WHERE NOT archived`.execute(db)
    ).rows.map((r) => ({ ...r, id: Number(r.id), lat: Number(r.lat), lng: Number(r.lng) }));
  });
  afterAll(async () => {
    if (stores) await closeSeeded(stores);
  });

  const agree = async (index: ListingIndex, filters: ListingFilter[]) => {
    for (const f of filters) {
      const parts = partsOf(f);
      const fromIndex = await index.facetCounts(parts);
      expect(fromIndex).not.toBeNull();
      expect({ f, counts: fromIndex }).toEqual({ f, counts: await facetCountsInSql(db, parts) });
    }
  };

  /** Map boxes about a few rows, from a street to a region wide, with each filter, at every level the index holds. */
  const agreeOnMaps = async (index: ListingIndex, filters: ListingFilter[]) => {
    const generator = new Random(5);
    for (const [i, f] of filters.entries()) {
      const r = rows[generator.int(0, rows.length - 1)]!;
      const d = [0.004, 0.03, 0.2, 1.2][i % 4]!;
      const bbox = { south: r.lat - d, north: r.lat + d * generator.next(), west: r.lng - d * generator.next(), east: r.lng + d };
      const level = INDEXED_HEX_LEVELS[i % INDEXED_HEX_LEVELS.length]!;
      const boxed = { ...f, bbox };
      const fromIndex = await index.hexCounts(boxed, level);
      expect(fromIndex).not.toBeNull();
      expect({ boxed, level, cells: fromIndex }).toEqual({ boxed, level, cells: await hexCountsInSql(db, boxed, level) });
    }
  };

  /** Map boxes without a search condition about each point, a street to a region wide, at every level the index holds. */
  const agreeOnPlainMapsAround = async (index: ListingIndex, points: { lat: number; lng: number }[]) => {
    for (const p of points) {
      for (const d of [0.004, 0.015, 0.2, 1.2]) {
        for (const level of INDEXED_HEX_LEVELS) {
          // The point on an edge band, and inside one.
          for (const south of [p.lat - 0.001, p.lat - d]) {
            const boxed = base({ bbox: { south, north: p.lat + d, west: p.lng - d, east: p.lng + d } });
            expect({ boxed, level, cells: await index.hexCounts(boxed, level) }).toEqual({ boxed, level, cells: await hexCountsInSql(db, boxed, level) });
          }
        }
      }
    }
  };

  // The same counts on the service's own thread and in worker threads (every loop posted to one).
  describe.each([
    { where: 'on its own thread', opts: {} },
    { where: 'in worker threads', opts: { workerRows: 0, threads: 2 } },
  ])('counting $where', ({ opts }) => {
    const indexes: ListingIndex[] = [];
    const opened = (index: ListingIndex) => (indexes.push(index), index);
    afterEach(async () => {
      await Promise.all(indexes.splice(0).map((i) => i.close()));
    });

    it('counts every facet as the SQL does, for filters of every kind', async () => {
      const index = opened(new ListingIndex(db, opts));
      expect(await index.facetCounts(partsOf(base()))).toBeNull(); // not loaded yet: the caller counts in SQL
      await index.load();
      expect(index.state().rows).toBe(rows.length);
      const r = rows[0]!;
      await agree(index, [
        base(),
        base({ prefectureCode: r.prefecture_code }),
        base({
          prefectureCode: r.prefecture_code,
          lineCodes: r.line_codes,
          condition: { ...EMPTY_CONDITION, rentMin: 50_000, rentMax: 120_000, planMin: 2, planMax: 6 },
        }),
        base({ city: { cityCodes: [], gdCityCodes: [], prefectureCodes: [] } }),
        base({ stationGroups: [] }),
        ...randomFilters(rows, 150, 20261128),
      ]);
    });

    it('counts map cells at the wide levels as the SQL does, with and without a search', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      const plain = Array.from({ length: 20 }, () => base());
      await agreeOnMaps(index, [...plain, ...randomFilters(rows, 60, 99)]);
      // Levels it does not hold, and no box: the SQL counts.
      expect(await index.hexCounts({ ...base(), bbox: { south: 35, north: 36, west: 139, east: 140 } }, 9)).toBeNull();
      expect(await index.hexCounts(base(), 5)).toBeNull();
    });

    it('answers free words and archived listings no more (the SQL does)', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      expect(await index.facetCounts([{ filter: base({ words: ['渋谷'] }), key: { column: 'plan_code' } }])).toBeNull();
      expect(await index.facetCounts([{ filter: base({ archived: true }), key: { column: 'plan_code' } }])).toBeNull();
    });

    it('sees every write committed before it is asked: updates, archiving, new rows, deletions', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      const [a, b, c] = rows;
      const filters = () => [
        base(),
        base({ prefectureCode: a!.prefecture_code }),
        base({ stationGroups: [...a!.station_groups, ...b!.station_groups] }),
        ...randomFilters(rows, 20, 7),
      ];
      const newId = 900_000_000;
      try {
        // Moved to another place, another rent, other stations; one archived; one added as a copy of another.
        await sql`UPDATE listing SET prefecture_code = ${b!.prefecture_code}, city_code = ${b!.city_code}, chinryou = chinryou + 7,
          station_groups = ${b!.station_groups}::int[], condition_codes = '{}' WHERE id = ${a!.id}`.execute(db);
        await sql`UPDATE listing SET archived = true WHERE id = ${c!.id}`.execute(db);
        // Moved on the map, far: beside a row half a degree or more away (another band and cell at every level).
        const far = rows.find((r) => Math.abs(r.lat - a!.lat) > 0.5)!;
        await sql`UPDATE listing SET lat = ${far.lat + 0.0004}, lng = ${far.lng - 0.0003} WHERE id = ${a!.id}`.execute(db);
        const copied = sql.raw(`building_key, company_id, prefecture_code, city_code, gd_city_code, town_code, building_type, chinryou,
          kanri_kyoeki, total_rent, no_shikikin, no_reikin, plan_code, area, floor, walk_min, station_groups, line_codes, condition_codes,
          built_year, built_date, arrived_at, view_count, initial_cost, lat, lng, words, archived, store_id`);
        await sql`INSERT INTO listing (id, global_key, ${copied}) SELECT ${newId}, 'bk-index-test', ${copied} FROM listing WHERE id = ${b!.id}`.execute(db);
        await agree(index, filters());
        await agreeOnMaps(index, filters());
        await agreeOnPlainMapsAround(index, [a!, far, c!]);
        expect(index.state().rows).toBe(rows.length + 1);

        // Un-archived again: counted again.
        await sql`UPDATE listing SET archived = false WHERE id = ${c!.id}`.execute(db);
        await agree(index, filters());

        // A deletion leaves no row to read: the index loads again, and the SQL answers until it has.
        await sql`DELETE FROM listing WHERE id = ${newId}`.execute(db);
        expect(await index.facetCounts(partsOf(base()))).toBeNull();
        // Readiness waits for the first load only, not for this one.
        await index.firstLoad();
        expect(index.state().rows).toBe(0);
        await index.load();
        expect(index.state().rows).toBe(rows.length);
        await agree(index, filters());
      } finally {
        await sql`DELETE FROM listing WHERE id = ${newId}`.execute(db);
        await sql`UPDATE listing SET prefecture_code = ${a!.prefecture_code}, city_code = ${a!.city_code}, chinryou = ${a!.chinryou},
          station_groups = ${a!.station_groups}::int[], condition_codes = ${a!.condition_codes}::smallint[], lat = ${a!.lat}, lng = ${a!.lng}
          WHERE id = ${a!.id}`.execute(db);
        await sql`UPDATE listing SET archived = false WHERE id = ${c!.id}`.execute(db);
      }
    });

    it('counts a condition code a row repeats as the SQL does (twice), and still tests containment', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      const [a] = rows;
      const code = a!.condition_codes[0] ?? 201;
      try {
        await sql`UPDATE listing SET condition_codes = ${[code, code, ...a!.condition_codes]}::smallint[] WHERE id = ${a!.id}`.execute(db);
        await agree(index, [
          base(),
          base({ prefectureCode: a!.prefecture_code }),
          base({ prefectureCode: a!.prefecture_code, condition: { ...EMPTY_CONDITION, conditionCodes: [code] } }),
        ]);
      } finally {
        await sql`UPDATE listing SET condition_codes = ${a!.condition_codes}::smallint[] WHERE id = ${a!.id}`.execute(db);
      }
    });

    it('serves a question from a read under way that started after it was asked, and a later question from the next', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      const [a] = rows;
      const parts = partsOf(base({ prefectureCode: a!.prefecture_code }));
      try {
        // Committed before the question: the answer counts it, from the one read both calls share.
        // (Dearer than every rent bound: the rent facets' counts move.)
        await sql`UPDATE listing SET chinryou = chinryou + 1000000 WHERE id = ${a!.id}`.execute(db);
        const asked = performance.now();
        await new Promise((r) => setTimeout(r, 2)); // the read starts well after the question
        const reads = index.state().reads;
        const [first, second] = await Promise.all([index.facetCounts(parts), index.facetCounts(parts, asked)]);
        expect(index.state().reads - reads).toBe(1);
        const sqlCounts = await facetCountsInSql(db, parts);
        expect(first).toEqual(sqlCounts);
        expect(second).toEqual(sqlCounts);
        // Asked after the read under way started: it may miss what was committed meanwhile, so the next read serves.
        const again = index.state().reads;
        const early = index.facetCounts(parts);
        await new Promise((r) => setTimeout(r, 2)); // the second question well after that read started
        await Promise.all([early, index.facetCounts(parts)]);
        expect(index.state().reads - again).toBe(2);
      } finally {
        await sql`UPDATE listing SET chinryou = ${a!.chinryou} WHERE id = ${a!.id}`.execute(db);
      }
    });

    it('rebuilds its posting lists after many writes and still agrees', async () => {
      const index = opened(new ListingIndex(db, opts));
      await index.load();
      // Every row rewritten (a re-index): past the dirty threshold at this size, so the lists are rebuilt.
      await sql`UPDATE listing SET view_count = view_count + 1`.execute(db);
      await agree(index, randomFilters(rows, 20, 11));
      expect(index.state().dirty).toBe(0);
    });
  });

  it('closes only once the reads under way have ended, and starts none after', async () => {
    // A load's transaction left open as the service closed held its locks while CI dropped the
    // test's schema: the DROP deadlocked.
    const index = new ListingIndex(db);
    let loaded = false;
    void index.load().then(() => (loaded = true));
    await index.close();
    expect(loaded).toBe(true);
    await index.load();
    expect(await index.facetCounts(partsOf(base()))).toBeNull();
  });
});
