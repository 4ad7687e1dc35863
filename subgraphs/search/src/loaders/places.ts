import { createHash } from 'node:crypto';
import { groupedLoader, keyedLoader, type Cache } from '@sumika/server-kit';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import { campusesByIds, campusStations, type CampusRow, type CampusStationRow } from '../repositories/campus.js';
import {
  cityCounts,
  lineCounts,
  lineCountsInPrefecture,
  prefectureCounts,
  stationGroupCounts,
  stationGroupCountsInPrefecture,
  townCounts,
  type CountMap,
} from '../repositories/counts.js';
import type { DB } from '../repositories/db.js';
import { conditionsByCodes, type ConditionRow } from '../repositories/master.js';
import {
  citiesByCodes,
  citiesByPrefectures,
  prefecturesByCodes,
  townsByCities,
  wardsOf,
  type CityRow,
  type PrefectureRow,
  type TownRow,
} from '../repositories/places.js';
import {
  linesByCodes,
  railwaysByCodes,
  stationGroupsByCodes,
  stationsByCodes,
  stationsByLines,
  type LineRow,
  type RailwayRow,
  type StationGroupRow,
  type StationRow,
} from '../repositories/railways.js';

/** Per-request loaders over the master tables (places, railways, conditions, campuses). */
export interface PlaceLoaders {
  prefectureByCode: DataLoader<number, PrefectureRow | undefined>;
  cityByCode: DataLoader<number, CityRow | undefined>;
  /** Every city of a prefecture (designated cities and wards included), code order. */
  citiesByPrefecture: DataLoader<number, CityRow[]>;
  wardsByCity: DataLoader<number, CityRow[]>;
  /** Towns of a city, name order. */
  townsByCity: DataLoader<number, TownRow[]>;
  railwayByCode: DataLoader<string, RailwayRow | undefined>;
  lineByCode: DataLoader<number, LineRow | undefined>;
  /** Stations of a line, seq order. */
  stationsByLine: DataLoader<number, StationRow[]>;
  stationByCode: DataLoader<number, StationRow | undefined>;
  stationGroupByCode: DataLoader<number, StationGroupRow | undefined>;
  conditionByCode: DataLoader<number, ConditionRow | undefined>;
  campusById: DataLoader<number, CampusRow | undefined>;
  /** Near stations of a campus, rank order. */
  stationsByCampus: DataLoader<number, CampusStationRow[]>;
}

export function createPlaceLoaders(db: Kysely<DB>): PlaceLoaders {
  return {
    prefectureByCode: keyedLoader(
      (codes) => prefecturesByCodes(db, codes),
      (p) => p.code,
    ),
    cityByCode: keyedLoader(
      (codes) => citiesByCodes(db, codes),
      (c) => c.code,
    ),
    citiesByPrefecture: groupedLoader(
      (codes) => citiesByPrefectures(db, codes),
      (c) => c.prefecture_code,
    ),
    wardsByCity: groupedLoader(
      (codes) => wardsOf(db, codes),
      (c) => c.gd_city_code as number,
    ),
    townsByCity: groupedLoader(
      (codes) => townsByCities(db, codes),
      (t) => t.city_code,
    ),
    railwayByCode: keyedLoader(
      (codes) => railwaysByCodes(db, codes),
      (r) => r.code,
    ),
    lineByCode: keyedLoader(
      (codes) => linesByCodes(db, codes),
      (l) => l.code,
    ),
    stationsByLine: groupedLoader(
      (codes) => stationsByLines(db, codes),
      (s) => s.line_code,
    ),
    stationByCode: keyedLoader(
      (codes) => stationsByCodes(db, codes),
      (s) => s.code,
    ),
    stationGroupByCode: keyedLoader(
      (codes) => stationGroupsByCodes(db, codes),
      (g) => g.code,
    ),
    conditionByCode: keyedLoader(
      (codes) => conditionsByCodes(db, codes),
      (c) => c.code,
    ),
    campusById: keyedLoader(
      (ids) => campusesByIds(db, ids),
      (c) => c.id,
    ),
    stationsByCampus: groupedLoader(
      (ids) => campusStations(db, ids),
      (s) => s.campus_id,
    ),
  };
}

// ---- listing counts -------------------------------------------------------------------

/** Grouped counts change only when the indexer runs; five minutes of staleness is fine for lists. */
export const COUNT_TTL_SECONDS = 300;

/**
 * Reads a JSON value through the cache, computing and storing it on a miss. A failing
 * cache (Redis down) only costs the computation, never the request.
 */
export async function cachedJson<T>(cache: Cache, key: string, ttlSeconds: number, fill: () => Promise<T>): Promise<T> {
  let hit: string | null = null;
  try {
    hit = await cache.get(key);
  } catch {
    // fall through to the database
  }
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await fill();
  try {
    await cache.set(key, JSON.stringify(value), ttlSeconds);
  } catch {
    // the value is still good for this request
  }
  return value;
}

/** A grouped count map through the cache (stored as [code, count] pairs). */
export async function cachedCounts(cache: Cache, key: string, fill: () => Promise<CountMap>): Promise<CountMap> {
  const pairs = await cachedJson(cache, key, COUNT_TTL_SECONDS, async () => [...(await fill())]);
  return new Map(pairs);
}

/** A short, stable cache-key part for a set of codes. */
export function codeSetKey(codes: Iterable<number>): string {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  return createHash('sha1').update(sorted.join(',')).digest('base64url');
}

/** A line or a station group, counted nationwide or only over one prefecture's listings. */
export interface ScopedCountKey {
  code: number;
  /** Count only listings in this prefecture. */
  prefectureCode: number | null;
}

/**
 * Active-listing counts, batched: every count asked in one tick becomes one grouped query
 * per list (per prefecture, per city or per set of stations), cached for five minutes.
 */
export interface CountLoaders {
  prefecture: DataLoader<number, number>;
  city: DataLoader<Pick<CityRow, 'code' | 'prefecture_code'>, number, number>;
  town: DataLoader<Pick<TownRow, 'code' | 'city_code'>, number, number>;
  stationGroup: DataLoader<ScopedCountKey, number, string>;
  line: DataLoader<ScopedCountKey, number, string>;
}

function groupBy<K, V>(items: readonly V[], keyOf: (v: V) => K): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const v of items) {
    const k = keyOf(v);
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

/** Counts for keys that share a scope: one cached map per scope. */
async function byScope<K, S>(
  keys: readonly K[],
  scopeOf: (k: K) => S,
  mapOf: (scope: S, keys: K[]) => Promise<CountMap>,
  codeOf: (k: K) => number,
): Promise<number[]> {
  const scopes = groupBy(keys, scopeOf);
  const maps = new Map(await Promise.all([...scopes].map(async ([s, ks]) => [s, await mapOf(s, ks)] as const)));
  return keys.map((k) => maps.get(scopeOf(k))?.get(codeOf(k)) ?? 0);
}

export function createCountLoaders(db: Kysely<DB>, cache: Cache): CountLoaders {
  const cityMap = (prefectureCode: number) =>
    cachedCounts(cache, `master:count:city:${prefectureCode}`, async () => {
      const cities = await citiesByPrefectures(db, [prefectureCode]);
      const counts = await cityCounts(
        db,
        cities.map((c) => c.code),
      );
      // A designated city counts its wards (listings carry the ward as city_code).
      for (const c of cities) {
        if (c.gd_city_code === null) continue;
        const n = counts.get(c.code) ?? 0;
        if (n > 0) counts.set(c.gd_city_code, (counts.get(c.gd_city_code) ?? 0) + n);
      }
      return counts;
    });
  const townMap = (cityCode: number) =>
    cachedCounts(cache, `master:count:town:${cityCode}`, async () => {
      const towns = await townsByCities(db, [cityCode]);
      return townCounts(
        db,
        towns.map((t) => t.code),
      );
    });
  /** Count loader for codes that may be scoped to a prefecture (stations, lines). */
  function scopedCountLoader(
    kind: string,
    nationwide: (codes: number[]) => Promise<Map<number, number>>,
    inPrefecture: (prefectureCode: number) => Promise<Map<number, number>>,
  ) {
    return new DataLoader(
      (keys: readonly ScopedCountKey[]) =>
        byScope(
          keys,
          (k) => k.prefectureCode,
          (p, ks) => {
            const codes = ks.map((k) => k.code);
            return p === null
              ? cachedCounts(cache, `master:count:${kind}:${codeSetKey(codes)}`, () => nationwide(codes))
              : cachedCounts(cache, `master:count:${kind}:pref:${p}`, () => inPrefecture(p));
          },
          (k) => k.code,
        ),
      { cacheKeyFn: (k) => `${k.code}:${k.prefectureCode ?? ''}` },
    );
  }

  return {
    prefecture: new DataLoader(async (codes) => {
      const map = await cachedCounts(cache, 'master:count:prefecture', () => prefectureCounts(db));
      return codes.map((c) => map.get(c) ?? 0);
    }),
    city: new DataLoader(
      (keys) =>
        byScope(
          keys,
          (k) => k.prefecture_code,
          cityMap,
          (k) => k.code,
        ),
      { cacheKeyFn: (k) => k.code },
    ),
    town: new DataLoader(
      (keys) =>
        byScope(
          keys,
          (k) => k.city_code,
          townMap,
          (k) => k.code,
        ),
      { cacheKeyFn: (k) => k.code },
    ),
    // Nationwide: cached per asked set; within a prefecture: one map for every list of the prefecture.
    stationGroup: scopedCountLoader(
      'station',
      (codes) => stationGroupCounts(db, codes),
      (p) => stationGroupCountsInPrefecture(db, p),
    ),
    line: scopedCountLoader(
      'line',
      (codes) => lineCounts(db, codes),
      (p) => lineCountsInPrefecture(db, p),
    ),
  };
}

const countLoadersByContext = new WeakMap<object, CountLoaders>();

/**
 * The request's count loaders. They need the cache, which createPlaceLoaders(db) is not
 * given, so they are made on first use and kept per request context.
 */
export function countLoaders(ctx: { db: Kysely<DB>; cache: Cache }): CountLoaders {
  let loaders = countLoadersByContext.get(ctx);
  if (!loaders) countLoadersByContext.set(ctx, (loaders = createCountLoaders(ctx.db, ctx.cache)));
  return loaders;
}
