import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './db.js';

/** A city (a designated city covers its wards) or the listings near one station group. */
export type LivabilityScope = { cityCode: number } | { stationGroupCode: number };

function scopeFilter(scope: LivabilityScope): RawBuilder<boolean> {
  if ('cityCode' in scope) return sql<boolean>`(city_code = ${scope.cityCode} OR gd_city_code = ${scope.cityCode})`;
  return sql<boolean>`station_groups @> array[${scope.stationGroupCode}]::int[]`;
}

export interface PlanRentRow {
  plan_code: number;
  n: number;
  median: number;
}

/** Median rent including the management fee (total_rent) per plan, in plan order. */
export async function planRents(db: Kysely<DB>, scope: LivabilityScope): Promise<PlanRentRow[]> {
  const { rows } = await sql<PlanRentRow>`
    SELECT plan_code, count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY total_rent) AS median
    FROM listing WHERE NOT archived AND ${scopeFilter(scope)}
    GROUP BY plan_code ORDER BY plan_code`.execute(db);
  return rows.map((r) => ({ plan_code: Number(r.plan_code), n: Number(r.n), median: Number(r.median) }));
}

export interface OverallRow {
  n: number;
  walk: number | null;
  built: number | null;
}

export async function overall(db: Kysely<DB>, scope: LivabilityScope): Promise<OverallRow> {
  const { rows } = await sql<OverallRow>`
    SELECT count(*)::int AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY walk_min) AS walk,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY built_year) AS built
    FROM listing WHERE NOT archived AND ${scopeFilter(scope)}`.execute(db);
  const r = rows[0];
  return { n: Number(r?.n ?? 0), walk: r?.walk == null ? null : Number(r.walk), built: r?.built == null ? null : Number(r.built) };
}

/** The most common condition codes (ties by code). */
export async function topConditions(db: Kysely<DB>, scope: LivabilityScope, limit: number): Promise<{ code: number; n: number }[]> {
  const { rows } = await sql<{ code: number; n: number }>`
    SELECT c AS code, count(*)::int AS n
    FROM listing, unnest(condition_codes) AS c
    WHERE NOT archived AND ${scopeFilter(scope)}
    GROUP BY c ORDER BY n DESC, c LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ code: Number(r.code), n: Number(r.n) }));
}

/** Station groups in the city, or in the wards of a designated city. */
export async function stationGroupsInCity(db: Kysely<DB>, cityCode: number): Promise<number> {
  const row = await db
    .selectFrom('station_group')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) => eb.or([eb('city_code', '=', cityCode), eb('city_code', 'in', eb.selectFrom('city').select('code').where('gd_city_code', '=', cityCode))]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
