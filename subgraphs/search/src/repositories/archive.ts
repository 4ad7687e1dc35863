import { sql, type Kysely } from 'kysely';
import type { CountMap } from './counts.js';
import type { DB } from './db.js';

const intArray = (codes: readonly number[]) => sql<number[]>`${[...codes]}::int[]`;

/** Archived listings per city, for the given cities (listing_archived_city). */
export async function archivedCityCounts(db: Kysely<DB>, cityCodes: readonly number[]): Promise<CountMap> {
  if (cityCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('listing')
    .select(['city_code as k', sql<number>`count(*)::int`.as('n')])
    .where(sql<boolean>`archived`)
    .where('city_code', '=', sql<number>`any(${intArray(cityCodes)})`)
    .groupBy('city_code')
    .execute();
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
}

/**
 * Archived listings per station group, among the archived listings of the given cities
 * (there is no station index over archived rows; listing_archived_city narrows them first).
 */
export async function archivedStationCounts(db: Kysely<DB>, cityCodes: readonly number[], groupCodes: readonly number[]): Promise<CountMap> {
  if (cityCodes.length === 0 || groupCodes.length === 0) return new Map();
  const { rows } = await sql<{ k: number; n: number }>`
    SELECT g AS k, count(*)::int AS n
    FROM listing, unnest(station_groups) AS g
    WHERE archived AND city_code = any(${intArray(cityCodes)}) AND g = any(${intArray(groupCodes)})
    GROUP BY g`.execute(db);
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
}
