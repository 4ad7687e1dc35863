import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

/** A store with its corporation's columns: the shape of SPEC §3's Company. */
export interface StoreRecord {
  id: number;
  key: string;
  companyId: number;
  companyName: string;
  companyKana: string;
  licenseNumber: string;
  association: string;
  daihyo: string;
  prText: string;
  establishedYear: number;
  employeesCount: number;
  isLaterPaymentAvailable: boolean;
  awardYears: number[];
  clientName: string;
  tel: string;
  address: string;
  access: string;
  holiday: string;
  openTime: string;
  prefectureCode: number;
  cityCode: number;
  wgs: { lat: number; lng: number };
}

/** SPEC §3 later-payment list item, with the store's prefecture for grouping. */
export interface LaterPaymentItem {
  key: string;
  companyName: string;
  clientName: string;
  prefectureCode: number;
}

function storeQuery(db: Kysely<DB>) {
  return db
    .selectFrom('store as s')
    .innerJoin('company as c', 'c.id', 's.company_id')
    .select([
      's.id',
      's.key',
      's.company_id as companyId',
      'c.company_name as companyName',
      'c.company_kana as companyKana',
      'c.license_number as licenseNumber',
      'c.association',
      'c.daihyo',
      'c.pr_text as prText',
      'c.established_year as establishedYear',
      'c.employees_count as employeesCount',
      'c.is_later_payment_available as isLaterPaymentAvailable',
      'c.award_years as awardYears',
      's.client_name as clientName',
      's.tel',
      's.address',
      's.access',
      's.holiday',
      's.open_time as openTime',
      's.prefecture_code as prefectureCode',
      's.city_code as cityCode',
      's.lat',
      's.lng',
    ]);
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof storeQuery>['execute']>>[number];

function toRecord({ lat, lng, awardYears, ...rest }: StoreRow): StoreRecord {
  // smallint[] arrives as numbers from node-postgres; Number() keeps it so if a driver hands strings.
  return { ...rest, awardYears: awardYears.map(Number), wgs: { lat, lng } };
}

/** Stores by primary key (one query for the whole batch). */
export async function findStoresByIds(db: Kysely<DB>, ids: readonly number[]): Promise<StoreRecord[]> {
  if (ids.length === 0) return [];
  const rows = await storeQuery(db).where('s.id', 'in', ids).execute();
  return rows.map(toRecord);
}

/** Stores by public key (st000123), through the unique index on store.key. */
export async function findStoresByKeys(db: Kysely<DB>, keys: readonly string[]): Promise<StoreRecord[]> {
  if (keys.length === 0) return [];
  const rows = await storeQuery(db).where('s.key', 'in', keys).execute();
  return rows.map(toRecord);
}

/** Every store of the given corporations, by store id. */
export async function findStoresByCompanyIds(db: Kysely<DB>, companyIds: readonly number[]): Promise<StoreRecord[]> {
  if (companyIds.length === 0) return [];
  const rows = await storeQuery(db).where('s.company_id', 'in', companyIds).orderBy('s.id').execute();
  return rows.map(toRecord);
}

/** Stores of corporations with at least one award year, by store id. */
export async function findAwardedStores(db: Kysely<DB>): Promise<StoreRecord[]> {
  const rows = await storeQuery(db)
    .where(sql<number>`cardinality(c.award_years)`, '>', 0)
    .orderBy('s.id')
    .execute();
  return rows.map(toRecord);
}

/**
 * Stores whose corporation accepts later payment (後払い), by store prefecture then key;
 * all prefectures when `prefectureCodes` is undefined.
 */
export async function findLaterPaymentStores(db: Kysely<DB>, prefectureCodes?: readonly number[]): Promise<LaterPaymentItem[]> {
  if (prefectureCodes && prefectureCodes.length === 0) return [];
  let q = db
    .selectFrom('store as s')
    .innerJoin('company as c', 'c.id', 's.company_id')
    .select(['s.key', 'c.company_name as companyName', 's.client_name as clientName', 's.prefecture_code as prefectureCode'])
    .where('c.is_later_payment_available', '=', true);
  if (prefectureCodes) q = q.where('s.prefecture_code', 'in', prefectureCodes);
  return q.orderBy('s.prefecture_code').orderBy('s.key').execute();
}
