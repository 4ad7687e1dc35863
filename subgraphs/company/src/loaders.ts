import { groupedLoader, keyedLoader } from '@sumika/server-kit';
import type DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { DB } from './repositories/db.js';
import { findEmployeesByStoreIds, type EmployeeRecord } from './repositories/employees.js';
import { findLatestReviews, findReviewStats, type ReviewRecord, type ReviewStats } from './repositories/reviews.js';
import {
  findLaterPaymentStores,
  findStoresByCompanyIds,
  findStoresByIds,
  findStoresByKeys,
  type LaterPaymentItem,
  type StoreRecord,
} from './repositories/stores.js';

/** Upper bound of `Company.reviews(first)`; the review loader fetches this many per store. */
export const MAX_REVIEWS_FIRST = 50;

/** Per-request DataLoaders: one SQL statement per relation per request tick. */
export interface Loaders {
  storeById: DataLoader<number, StoreRecord | undefined>;
  storeByKey: DataLoader<string, StoreRecord | undefined>;
  storesByCompany: DataLoader<number, StoreRecord[]>;
  reviewStats: DataLoader<number, ReviewStats | undefined>;
  /** Newest MAX_REVIEWS_FIRST reviews per store; resolvers cut to `first`. */
  latestReviews: DataLoader<number, ReviewRecord[]>;
  employees: DataLoader<number, EmployeeRecord[]>;
  laterPaymentByPrefecture: DataLoader<number, LaterPaymentItem[]>;
  /** Makes stores loaded elsewhere (lists, awards) available by id and key without another query. */
  remember(stores: readonly StoreRecord[]): void;
}

export function createLoaders(db: Kysely<DB>): Loaders {
  const remember = (stores: readonly StoreRecord[]): void => {
    for (const s of stores) {
      storeById.prime(s.id, s);
      storeByKey.prime(s.key, s);
    }
  };
  const storeById = keyedLoader(
    async (ids: readonly number[]) => {
      const rows = await findStoresByIds(db, ids);
      for (const s of rows) storeByKey.prime(s.key, s);
      return rows;
    },
    (s) => s.id,
  );
  const storeByKey = keyedLoader(
    async (keys: readonly string[]) => {
      const rows = await findStoresByKeys(db, keys);
      for (const s of rows) storeById.prime(s.id, s);
      return rows;
    },
    (s) => s.key,
  );
  return {
    storeById,
    storeByKey,
    storesByCompany: groupedLoader(
      async (companyIds: readonly number[]) => {
        const rows = await findStoresByCompanyIds(db, companyIds);
        remember(rows);
        return rows;
      },
      (s) => s.companyId,
    ),
    reviewStats: keyedLoader(
      (ids: readonly number[]) => findReviewStats(db, ids),
      (r) => r.storeId,
    ),
    latestReviews: groupedLoader(
      (ids: readonly number[]) => findLatestReviews(db, ids, MAX_REVIEWS_FIRST),
      (r) => r.storeId,
    ),
    employees: groupedLoader(
      (ids: readonly number[]) => findEmployeesByStoreIds(db, ids),
      (e) => e.storeId,
    ),
    laterPaymentByPrefecture: groupedLoader(
      (codes: readonly number[]) => findLaterPaymentStores(db, codes),
      (x) => x.prefectureCode,
    ),
    remember,
  };
}
