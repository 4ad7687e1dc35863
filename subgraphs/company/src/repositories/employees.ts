import type { Kysely } from 'kysely';
import type { DB } from './db.js';

/** The store manager's title; managers list first. */
export const MANAGER_POSITION = '店長';

export interface EmployeeRecord {
  id: number;
  storeId: number;
  name: string;
  position: string;
  yearsOfExperience: number;
  qualification: string | null;
  comment: string;
}

/** Staff of the given stores: per store, 店長 first, then by id. */
export async function findEmployeesByStoreIds(db: Kysely<DB>, storeIds: readonly number[]): Promise<EmployeeRecord[]> {
  if (storeIds.length === 0) return [];
  return db
    .selectFrom('employee')
    .select(['id', 'store_id as storeId', 'name', 'position', 'years_of_experience as yearsOfExperience', 'qualification', 'comment'])
    .where('store_id', 'in', storeIds)
    .orderBy('store_id')
    .orderBy((eb) => eb('position', '=', MANAGER_POSITION), 'desc')
    .orderBy('id')
    .execute();
}
