import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

export interface BandMedianRow {
  /** City code or line code. */
  k: number;
  /** Index of the band in the given list. */
  band: number;
  n: number;
  /** Median rent including the management fee (total_rent), in yen. */
  median: number;
}

/**
 * Median total_rent per place and plan band over a prefecture's active listings, in one grouped
 * query: per city (listing.city_code, the ward in a designated city) or per line (each line of a listing).
 */
export async function bandMedians(
  db: Kysely<DB>,
  prefectureCode: number,
  bands: readonly { min: number; max: number | null }[],
  by: 'city' | 'line',
): Promise<BandMedianRow[]> {
  if (bands.length === 0) return [];
  const cases = bands.map((b, i) =>
    b.max === null ? sql`WHEN plan_code >= ${b.min}::int THEN ${i}::int` : sql`WHEN plan_code BETWEEN ${b.min}::int AND ${b.max}::int THEN ${i}::int`,
  );
  const band = sql`CASE ${sql.join(cases, sql` `)} END`;
  const from = by === 'city' ? sql`listing` : sql`listing, unnest(line_codes) AS l`;
  const key = by === 'city' ? sql`city_code` : sql`l`;
  const { rows } = await sql<BandMedianRow>`
    SELECT k, band, count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY total_rent) AS median
    FROM (SELECT ${key} AS k, ${band} AS band, total_rent FROM ${from} WHERE NOT archived AND prefecture_code = ${prefectureCode}::int) t
    WHERE band IS NOT NULL
    GROUP BY k, band`.execute(db);
  return rows.map((r) => ({ k: Number(r.k), band: Number(r.band), n: Number(r.n), median: Number(r.median) }));
}
