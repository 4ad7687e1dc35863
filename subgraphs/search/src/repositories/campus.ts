import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from './db.js';

export type CampusRow = Selectable<DB['campus']>;
export type CampusStationRow = Selectable<DB['campus_station']> & { name: string };

/** Campuses, optionally of one prefecture and one gojūon row (campus_prefecture_initial), institutes in kana order. */
export function campuses(db: Kysely<DB>, filter: { prefectureCode?: number; initial?: string }): Promise<CampusRow[]> {
  return db
    .selectFrom('campus')
    .selectAll()
    .$if(filter.prefectureCode !== undefined, (qb) => qb.where('prefecture_code', '=', filter.prefectureCode as number))
    .$if(filter.initial !== undefined, (qb) => qb.where('initial', '=', filter.initial as string))
    .orderBy(sql`institute_kana collate "C"`)
    .orderBy('institute_id')
    .orderBy('id')
    .execute();
}

export async function campusesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<CampusRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('campus').selectAll().where('id', 'in', ids).execute();
}

/** Near stations of the campuses by rank, named after their station group. */
export async function campusStations(db: Kysely<DB>, campusIds: readonly number[]): Promise<CampusStationRow[]> {
  if (campusIds.length === 0) return [];
  return db
    .selectFrom('campus_station')
    .innerJoin('station_group', 'station_group.code', 'campus_station.group_code')
    .selectAll('campus_station')
    .select('station_group.name')
    .where('campus_station.campus_id', 'in', campusIds)
    .orderBy('campus_station.campus_id')
    .orderBy('campus_station.rank')
    .execute();
}

/** Campuses inside a box of latitudes and longitudes (a place's surroundings), by id. */
export function campusesInBox(db: Kysely<DB>, box: { south: number; west: number; north: number; east: number }): Promise<CampusRow[]> {
  return db
    .selectFrom('campus')
    .selectAll()
    .where('lat', '>=', box.south)
    .where('lat', '<=', box.north)
    .where('lng', '>=', box.west)
    .where('lng', '<=', box.east)
    .orderBy('id')
    .execute();
}
