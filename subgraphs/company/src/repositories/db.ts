import type { ColumnType } from 'kysely';

/** Kysely table types of the company schema; column names exactly as in migrations/0001_company.sql. */

/** The corporation (法人). */
export interface CompanyTable {
  id: number;
  key: string;
  company_name: string;
  company_kana: string;
  license_number: string;
  association: string;
  daihyo: string;
  pr_text: string;
  established_year: number;
  employees_count: number;
  is_later_payment_available: boolean;
  award_years: number[];
  prefecture_code: number;
  city_code: number;
  address: string;
  tel: string;
}

/** A branch of a corporation: SPEC §3's Company, the 取扱店舗 a listing belongs to. */
export interface StoreTable {
  id: number;
  key: string;
  company_id: number;
  client_name: string;
  tel: string;
  address: string;
  access: string;
  holiday: string;
  open_time: string;
  prefecture_code: number;
  city_code: number;
  lat: number;
  lng: number;
}

export interface StoreReviewTable {
  id: number;
  store_id: number;
  rating: number;
  title: string;
  body: string;
  reviewer: string;
  // node-postgres turns `date` into a local-midnight Date; repositories select it as text.
  visited_on: ColumnType<Date, string, string>;
}

export interface EmployeeTable {
  id: number;
  store_id: number;
  name: string;
  position: string;
  years_of_experience: number;
  qualification: string | null;
  comment: string;
}

export interface DB {
  company: CompanyTable;
  store: StoreTable;
  store_review: StoreReviewTable;
  employee: EmployeeTable;
}
