import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';
import type { BuildingRecord } from './records.js';

/** Building columns under `b_` names, so they can sit beside a listing's own columns. */
export const BUILDING_COLUMNS = [
  'b.id as b_id',
  'b.key as b_key',
  'b.name as b_name',
  'b.name_kana as b_name_kana',
  'b.building_type as b_building_type',
  'b.struct as b_struct',
  'b.floors as b_floors',
  'b.basement_floors as b_basement_floors',
  'b.prefecture_code as b_prefecture_code',
  'b.city_code as b_city_code',
  'b.town_code as b_town_code',
  'b.address as b_address',
  'b.lat as b_lat',
  'b.lng as b_lng',
  'b.total_units as b_total_units',
] as const;

/** The built date as text: a date parsed into a JS Date would shift with the server's time zone. */
export const builtDateColumn = sql<string>`to_char(b.built_date, 'YYYY-MM-DD')`.as('b_built_date');

export interface BuildingColumns {
  b_id: number;
  b_key: string;
  b_name: string;
  b_name_kana: string;
  b_building_type: number;
  b_struct: string;
  b_floors: number;
  b_basement_floors: number;
  b_built_date: string;
  b_prefecture_code: number;
  b_city_code: number;
  b_town_code: number | null;
  b_address: string;
  b_lat: number;
  b_lng: number;
  b_total_units: number;
}

export function toBuilding(r: BuildingColumns): BuildingRecord {
  return {
    id: r.b_id,
    key: r.b_key,
    name: r.b_name,
    nameKana: r.b_name_kana,
    buildingType: r.b_building_type,
    struct: r.b_struct,
    floors: r.b_floors,
    basementFloors: r.b_basement_floors,
    builtDate: r.b_built_date,
    prefectureCode: r.b_prefecture_code,
    cityCode: r.b_city_code,
    townCode: r.b_town_code,
    address: r.b_address,
    lat: r.b_lat,
    lng: r.b_lng,
    totalUnits: r.b_total_units,
  };
}

export async function findBuildingsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<BuildingRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('building as b')
    .select([...BUILDING_COLUMNS, builtDateColumn])
    .where('b.id', 'in', ids)
    .execute();
  return rows.map(toBuilding);
}

export async function findBuildingsByKeys(db: Kysely<DB>, keys: readonly string[]): Promise<BuildingRecord[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('building as b')
    .select([...BUILDING_COLUMNS, builtDateColumn])
    .where('b.key', 'in', keys)
    .execute();
  return rows.map(toBuilding);
}

/** Walking distance radius for "other buildings" (SPEC §3), metres. */
export const NEARBY_RADIUS_M = 1000;
const M_PER_DEG_LAT = 111_320;

export interface NearbyBuildingsRequest {
  buildingId: number;
  limit: number;
}

export interface NearbyBuilding {
  /** Index of the request in the batch (0-based). */
  requestIndex: number;
  id: number;
  distanceM: number;
}

/**
 * For each request: the nearest other buildings within NEARBY_RADIUS_M that have active rooms,
 * nearest first (then id). One query for the whole batch: a lat/lng box on the indexed columns
 * narrows candidates, then the exact (haversine) distance decides.
 */
export async function findNearbyBuildings(db: Kysely<DB>, requests: readonly NearbyBuildingsRequest[]): Promise<NearbyBuilding[]> {
  if (requests.length === 0) return [];
  const dLat = NEARBY_RADIUS_M / M_PER_DEG_LAT;
  const distance = sql<number>`6371008.8 * 2 * asin(sqrt(
      power(sin(radians(b.lat - sb.lat) / 2), 2)
      + cos(radians(sb.lat)) * cos(radians(b.lat)) * power(sin(radians(b.lng - sb.lng) / 2), 2)))`;
  const { rows } = await sql<NearbyBuilding>`
    SELECT s.idx AS "requestIndex", o.id, o.distance AS "distanceM"
    FROM unnest(${requests.map((r) => r.buildingId)}::int[], ${requests.map((r) => r.limit)}::int[]) WITH ORDINALITY AS s(src_id, lim, idx)
    JOIN building sb ON sb.id = s.src_id
    CROSS JOIN LATERAL (
      SELECT c.id, c.distance FROM (
        SELECT b.id, ${distance} AS distance
        FROM building b
        WHERE b.lat BETWEEN sb.lat - ${dLat} AND sb.lat + ${dLat}
          AND b.lng BETWEEN sb.lng - ${dLat} / cos(radians(sb.lat)) AND sb.lng + ${dLat} / cos(radians(sb.lat))
          AND b.id <> sb.id
          AND EXISTS (SELECT 1 FROM bukken k WHERE k.building_id = b.id AND k.archived_at IS NULL)
      ) c
      WHERE c.distance <= ${NEARBY_RADIUS_M}
      ORDER BY c.distance, c.id
      LIMIT s.lim
    ) o
    ORDER BY s.idx, o.distance, o.id`.execute(db);
  return rows.map((r) => ({ requestIndex: Number(r.requestIndex) - 1, id: Number(r.id), distanceM: Number(r.distanceM) }));
}
