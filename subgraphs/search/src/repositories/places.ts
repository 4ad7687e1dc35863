import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from './db.js';

export type PrefectureRow = Selectable<DB['prefecture']>;
export type RegionRow = Selectable<DB['region']>;
export type CityRow = Selectable<DB['city']>;
export type TownRow = Selectable<DB['town']>;

export function regions(db: Kysely<DB>, grouping: RegionRow['grouping']): Promise<RegionRow[]> {
  return db.selectFrom('region').selectAll().where('grouping', '=', grouping).orderBy('sort').execute();
}

export function allPrefectures(db: Kysely<DB>): Promise<PrefectureRow[]> {
  return db.selectFrom('prefecture').selectAll().orderBy('code').execute();
}

export async function prefecturesByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<PrefectureRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('prefecture').selectAll().where('code', 'in', codes).execute();
}

export async function citiesByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<CityRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('city').selectAll().where('code', 'in', codes).execute();
}

/** Every city of the prefectures (designated cities, their wards and the rest), in code order. */
export async function citiesByPrefectures(db: Kysely<DB>, prefectureCodes: readonly number[]): Promise<CityRow[]> {
  if (prefectureCodes.length === 0) return [];
  return db.selectFrom('city').selectAll().where('prefecture_code', 'in', prefectureCodes).orderBy('code').execute();
}

/** Wards of designated cities, in code order. */
export async function wardsOf(db: Kysely<DB>, designatedCodes: readonly number[]): Promise<CityRow[]> {
  if (designatedCodes.length === 0) return [];
  return db.selectFrom('city').selectAll().where('gd_city_code', 'in', designatedCodes).orderBy('code').execute();
}

/** Towns of the cities in name order (code point order, the same as the generator's). */
export async function townsByCities(db: Kysely<DB>, cityCodes: readonly number[]): Promise<TownRow[]> {
  if (cityCodes.length === 0) return [];
  return db
    .selectFrom('town')
    .selectAll()
    .where('city_code', 'in', cityCodes)
    .orderBy(sql`name collate "C"`)
    .orderBy('code')
    .execute();
}
