import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

/** The station groups of each given listing (one query for a page of listings). */
export async function stationGroupsOfListings(db: Kysely<DB>, globalKeys: readonly string[]): Promise<Map<string, number[]>> {
  if (globalKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('listing')
    .select(['global_key', 'station_groups'])
    .where('global_key', '=', sql<string>`any(${[...globalKeys]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.global_key, r.station_groups.map(Number)]));
}
