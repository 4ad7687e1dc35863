import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

/** Grouped listing counts: code → count of ACTIVE listings (codes without listings are absent). */
export type CountMap = Map<number, number>;

interface KeyCount {
  k: number;
  n: number;
}

const toMap = (rows: KeyCount[]): CountMap => new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
const intArray = (codes: readonly number[]) => sql<number[]>`${[...codes]}::int[]`;

/** Per prefecture, over the whole index (index-only scan of listing_pref_arrived). */
export async function prefectureCounts(db: Kysely<DB>): Promise<CountMap> {
  const rows = await db
    .selectFrom('listing')
    .select(['prefecture_code as k', sql<number>`count(*)::int`.as('n')])
    .where(sql<boolean>`not archived`)
    .groupBy('prefecture_code')
    .execute();
  return toMap(rows);
}

/** Per city_code, for the given (searchable) cities: listing_city_rent serves it. */
export async function cityCounts(db: Kysely<DB>, cityCodes: readonly number[]): Promise<CountMap> {
  if (cityCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('listing')
    .select(['city_code as k', sql<number>`count(*)::int`.as('n')])
    .where(sql<boolean>`not archived`)
    .where('city_code', '=', sql<number>`any(${intArray(cityCodes)})`)
    .groupBy('city_code')
    .execute();
  return toMap(rows);
}

/** Per town_code, for the given towns (listing_town). */
export async function townCounts(db: Kysely<DB>, townCodes: readonly number[]): Promise<CountMap> {
  if (townCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('listing')
    .select(['town_code as k', sql<number>`count(*)::int`.as('n')])
    .where(sql<boolean>`not archived`)
    .where('town_code', '=', sql<number>`any(${intArray(townCodes)})`)
    .groupBy('town_code')
    .execute();
  return toMap(rows as KeyCount[]);
}

/** Keeps the asked codes of a map counted over more keys than asked. */
function only(map: CountMap, codes: readonly number[]): CountMap {
  const out: CountMap = new Map();
  for (const c of codes) {
    const n = map.get(c);
    if (n !== undefined) out.set(c, n);
  }
  return out;
}

/**
 * Above this many codes an array overlap (`&&`, linear in the codes for every row it is
 * checked on) turns into seconds; a hashed `= any(...)` over the unnested codes does not.
 */
const OVERLAP_MAX_CODES = 100;

/** Per station group, nationwide, for the given groups (GIN overlap for a line's worth of stations). */
export async function stationGroupCounts(db: Kysely<DB>, groupCodes: readonly number[]): Promise<CountMap> {
  if (groupCodes.length === 0) return new Map();
  const match = groupCodes.length <= OVERLAP_MAX_CODES ? sql`station_groups && ${intArray(groupCodes)}` : sql`g = any(${intArray(groupCodes)})`;
  const { rows } = await sql<KeyCount>`
    SELECT g AS k, count(*)::int AS n
    FROM listing, unnest(station_groups) AS g
    WHERE NOT archived AND ${match}
    GROUP BY g`.execute(db);
  return only(toMap(rows), groupCodes);
}

/** Per station group, over the prefecture's listings: one map serves every station list of the prefecture. */
export async function stationGroupCountsInPrefecture(db: Kysely<DB>, prefectureCode: number): Promise<CountMap> {
  const { rows } = await sql<KeyCount>`
    SELECT g AS k, count(*)::int AS n
    FROM listing, unnest(station_groups) AS g
    WHERE NOT archived AND prefecture_code = ${prefectureCode}
    GROUP BY g`.execute(db);
  return toMap(rows);
}

/** Per line, over the prefecture's listings. */
export async function lineCountsInPrefecture(db: Kysely<DB>, prefectureCode: number): Promise<CountMap> {
  const { rows } = await sql<KeyCount>`
    SELECT l AS k, count(*)::int AS n
    FROM listing, unnest(line_codes) AS l
    WHERE NOT archived AND prefecture_code = ${prefectureCode}
    GROUP BY l`.execute(db);
  return toMap(rows);
}

/** Per line, nationwide, for the given lines (GIN overlap on line_codes). */
export async function lineCounts(db: Kysely<DB>, lineCodes: readonly number[]): Promise<CountMap> {
  if (lineCodes.length === 0) return new Map();
  const { rows } = await sql<KeyCount>`
    SELECT l AS k, count(*)::int AS n
    FROM listing, unnest(line_codes) AS l
    WHERE NOT archived AND ${lineCodes.length <= OVERLAP_MAX_CODES ? sql`line_codes && ${intArray(lineCodes)}` : sql`l = any(${intArray(lineCodes)})`}
    GROUP BY l`.execute(db);
  return only(toMap(rows), lineCodes);
}
