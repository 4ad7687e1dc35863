import { sql, type Kysely } from 'kysely';
import { MARKET_QUANTILES, type MarketScope } from '../domain/market.js';
import type { DB } from './db.js';

export interface MarketKey {
  scope: MarketScope;
  /** Station group code (STATION) or city code (CITY). */
  code: number;
  plan: string;
}

export interface MarketRow extends MarketKey {
  median: number;
  count: number;
  /** The 10th, 25th, 75th and 90th percentiles (MARKET_QUANTILES), interpolated as the median is. */
  quantiles: number[];
}

/**
 * Median monthly total (chinryou + kanri_kyoeki), its spread (MARKET_QUANTILES) and count of ACTIVE
 * listings per (scope, code, plan).
 * STATION comparables share the nearest station group (traffic seq 1), CITY ones the building's
 * city. One statement for the whole batch (the `= ANY` filters let the planner start from the indexes);
 * keys without listings get no row.
 */
export async function findMarketStats(db: Kysely<DB>, keys: readonly MarketKey[]): Promise<MarketRow[]> {
  const station = keys.filter((k) => k.scope === 'STATION');
  const city = keys.filter((k) => k.scope === 'CITY');
  const parts = [];
  const quantiles = sql`${[...MARKET_QUANTILES]}::float8[]`;
  if (station.length) {
    parts.push(sql`
      SELECT 'STATION' AS scope, t.station_group_code AS code, k.plan,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY k.chinryou + k.kanri_kyoeki) AS median, count(*)::int AS count,
        percentile_cont(${quantiles}) WITHIN GROUP (ORDER BY k.chinryou + k.kanri_kyoeki) AS quantiles
      FROM bukken_traffic t JOIN bukken k ON k.id = t.bukken_id
      WHERE t.seq = 1 AND k.archived_at IS NULL
        AND t.station_group_code = ANY(${station.map((k) => k.code)}::int[])
        AND (t.station_group_code, k.plan) IN (SELECT * FROM unnest(${station.map((k) => k.code)}::int[], ${station.map((k) => k.plan)}::text[]))
      GROUP BY t.station_group_code, k.plan`);
  }
  if (city.length) {
    parts.push(sql`
      SELECT 'CITY' AS scope, b.city_code AS code, k.plan,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY k.chinryou + k.kanri_kyoeki) AS median, count(*)::int AS count,
        percentile_cont(${quantiles}) WITHIN GROUP (ORDER BY k.chinryou + k.kanri_kyoeki) AS quantiles
      FROM building b JOIN bukken k ON k.building_id = b.id
      WHERE k.archived_at IS NULL
        AND b.city_code = ANY(${city.map((k) => k.code)}::int[])
        AND (b.city_code, k.plan) IN (SELECT * FROM unnest(${city.map((k) => k.code)}::int[], ${city.map((k) => k.plan)}::text[]))
      GROUP BY b.city_code, k.plan`);
  }
  if (parts.length === 0) return [];
  const { rows } = await sql<MarketRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return rows.map((r) => ({
    scope: r.scope,
    code: Number(r.code),
    plan: r.plan,
    median: Number(r.median),
    count: Number(r.count),
    quantiles: r.quantiles.map(Number),
  }));
}
