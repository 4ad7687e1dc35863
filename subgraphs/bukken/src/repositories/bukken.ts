import { sql, type Kysely } from 'kysely';
import { MADORI_NAMES } from '../domain/madori.js';
import { BUILDING_COLUMNS, builtDateColumn, toBuilding, type BuildingColumns } from './building.js';
import type { DB } from './db.js';
import type { BukkenRecord, TrafficRecord } from './records.js';

/** Listings with their building: one row each, so a page of listings is one query. */
function listings(db: Kysely<DB>) {
  return db
    .selectFrom('bukken as k')
    .innerJoin('building as b', 'b.id', 'k.building_id')
    .select([
      'k.id',
      'k.global_key',
      'k.building_id',
      'k.company_id',
      'k.store_id',
      'k.room_num',
      'k.floor',
      'k.plan',
      'k.plan_detail',
      'k.area',
      'k.aspect',
      'k.chinryou',
      'k.kanri_kyoeki',
      'k.shikikin',
      'k.reikin',
      'k.shikikin_months',
      'k.reikin_months',
      'k.shikirei0',
      'k.agent_fee_months',
      'k.guarantee_company',
      'k.condition_codes',
      'k.highly_recommended',
      'k.exclamation',
      'k.pr_text',
      'k.arrived_at',
      'k.view_count',
      'k.archived_at',
      ...BUILDING_COLUMNS,
      builtDateColumn,
    ]);
}

type ListingRow = Awaited<ReturnType<ReturnType<typeof listings>['execute']>>[number];

function toBukken(r: ListingRow): BukkenRecord {
  return {
    id: r.id,
    globalKey: r.global_key,
    buildingId: r.building_id,
    companyId: r.company_id,
    storeId: r.store_id,
    roomNum: r.room_num,
    floor: r.floor,
    plan: r.plan,
    planDetail: r.plan_detail,
    area: Number(r.area),
    aspect: r.aspect,
    chinryou: r.chinryou,
    kanriKyoeki: r.kanri_kyoeki,
    shikikin: r.shikikin,
    reikin: r.reikin,
    shikikinMonths: Number(r.shikikin_months),
    reikinMonths: Number(r.reikin_months),
    shikirei0: r.shikirei0,
    agentFeeMonths: Number(r.agent_fee_months),
    guaranteeCompany: r.guarantee_company,
    conditionCodes: r.condition_codes,
    highlyRecommended: r.highly_recommended,
    exclamation: r.exclamation,
    prText: r.pr_text,
    arrivedAt: new Date(r.arrived_at),
    viewCount: r.view_count,
    archivedAt: r.archived_at === null ? null : new Date(r.archived_at),
    building: toBuilding(r as BuildingColumns),
  };
}

export async function findBukkensByKeys(db: Kysely<DB>, globalKeys: readonly string[]): Promise<BukkenRecord[]> {
  if (globalKeys.length === 0) return [];
  return (await listings(db).where('k.global_key', 'in', globalKeys).execute()).map(toBukken);
}

export async function findBukkensByIds(db: Kysely<DB>, ids: readonly number[]): Promise<BukkenRecord[]> {
  if (ids.length === 0) return [];
  return (await listings(db).where('k.id', 'in', ids).execute()).map(toBukken);
}

/** Every room (active and archived) of the buildings, by floor then room number. */
export async function findRoomsByBuildings(db: Kysely<DB>, buildingIds: readonly number[]): Promise<BukkenRecord[]> {
  if (buildingIds.length === 0) return [];
  const rows = await listings(db).where('k.building_id', 'in', buildingIds).orderBy('k.floor').orderBy('k.room_num').orderBy('k.id').execute();
  return rows.map(toBukken);
}

/** Active listings of the stores (SPEC Company ids), by id; a store's sort and page are the resolver's. */
export async function findActiveByStores(db: Kysely<DB>, storeIds: readonly number[]): Promise<BukkenRecord[]> {
  if (storeIds.length === 0) return [];
  const rows = await listings(db).where('k.store_id', 'in', storeIds).where('k.archived_at', 'is', null).orderBy('k.id').execute();
  return rows.map(toBukken);
}

/** Traffics of the listings, in seq order. */
export async function findTraffics(db: Kysely<DB>, bukkenIds: readonly number[]): Promise<TrafficRecord[]> {
  if (bukkenIds.length === 0) return [];
  return db
    .selectFrom('bukken_traffic as t')
    .select([
      't.bukken_id as bukkenId',
      't.seq',
      't.line_code as lineCode',
      't.line_name as lineName',
      't.station_code as stationCode',
      't.station_group_code as stationGroupCode',
      't.station_name as stationName',
      't.distance_m as distanceM',
      't.walk_min as walkMin',
    ])
    .where('t.bukken_id', 'in', bukkenIds)
    .orderBy('t.bukken_id')
    .orderBy('t.seq')
    .execute();
}

/** Highly recommended active listings of a prefecture, most viewed first (SPEC §7.1). */
export async function findPrefectureRecommended(db: Kysely<DB>, prefectureCode: number, limit: number): Promise<BukkenRecord[]> {
  const rows = await listings(db)
    .where('k.highly_recommended', '=', true)
    .where('k.archived_at', 'is', null)
    .where('b.prefecture_code', '=', prefectureCode)
    .orderBy('k.view_count', 'desc')
    .orderBy('k.id')
    .limit(limit)
    .execute();
  return rows.map(toBukken);
}

export interface RecommendationRequest {
  bukkenId: number;
  /** Nearest station group (traffic seq 1); null when the listing has no traffic. */
  stationGroupCode: number | null;
  cityCode: number;
  planOrdinal: number;
  monthlyTotal: number;
  limit: number;
}

export interface RecommendationRow {
  /** Index of the request in the batch (0-based). */
  requestIndex: number;
  id: number;
  /** |monthly total − the listing's|, yen. */
  diff: number;
}

/** Where comparable listings are looked for: the same nearest station group, or the same city. */
export type RecommendationScope = 'STATION' | 'CITY';

/**
 * Similar ACTIVE listings for each request within one scope: the same madori, monthly total
 * (rent and fees) within ±15%, never the listing itself; closest rent first, then id, at most
 * `limit` each. One query per batch (LATERAL over the requests).
 */
export async function findRecommendations(
  db: Kysely<DB>,
  scope: RecommendationScope,
  requests: readonly RecommendationRequest[],
): Promise<RecommendationRow[]> {
  if (requests.length === 0) return [];
  const candidates =
    scope === 'STATION'
      ? sql`bukken_traffic t JOIN bukken k ON k.id = t.bukken_id WHERE t.seq = 1 AND t.station_group_code = s.station`
      : sql`building b JOIN bukken k ON k.building_id = b.id WHERE b.city_code = s.city`;
  const { rows } = await sql<RecommendationRow>`
    SELECT s.idx AS "requestIndex", r.id, r.diff
    FROM unnest(
      ${requests.map((r) => r.bukkenId)}::bigint[], ${requests.map((r) => r.stationGroupCode)}::int[],
      ${requests.map((r) => r.cityCode)}::int[], ${requests.map((r) => r.planOrdinal)}::int[],
      ${requests.map((r) => r.monthlyTotal)}::int[], ${requests.map((r) => r.limit)}::int[]
    ) WITH ORDINALITY AS s(src_id, station, city, plan_ord, total, lim, idx)
    CROSS JOIN LATERAL (
      SELECT k.id, abs(k.chinryou + k.kanri_kyoeki - s.total) AS diff
      FROM ${candidates}
        AND k.archived_at IS NULL AND k.id <> s.src_id
        AND array_position(${[...MADORI_NAMES]}::text[], k.plan) = s.plan_ord
        AND k.chinryou + k.kanri_kyoeki BETWEEN s.total * 0.85 AND s.total * 1.15
      ORDER BY diff, k.id
      LIMIT s.lim
    ) r
    ORDER BY s.idx, r.diff, r.id`.execute(db);
  return rows.map((r) => ({ requestIndex: Number(r.requestIndex) - 1, id: Number(r.id), diff: Number(r.diff) }));
}
