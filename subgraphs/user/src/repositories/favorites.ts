import type { Kysely } from 'kysely';
import type { DB } from './db.js';

export interface FavoriteRecord {
  globalKey: string;
  addedAt: Date;
}

/** The visitor's favorites, oldest first (the order the limit drops them in). */
export async function favoritesOldestFirst(db: Kysely<DB>, uid: string): Promise<FavoriteRecord[]> {
  return db
    .selectFrom('favorite')
    .select(['global_key as globalKey', 'added_at as addedAt'])
    .where('uid', '=', uid)
    .orderBy('added_at')
    .orderBy('id')
    .execute();
}

/** The visitor's favorites, newest first (the list page's registration order). */
export async function favoritesNewestFirst(db: Kysely<DB>, uid: string): Promise<FavoriteRecord[]> {
  return db
    .selectFrom('favorite')
    .select(['global_key as globalKey', 'added_at as addedAt'])
    .where('uid', '=', uid)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Adds favorites in the order given (ids follow it, so ties on added_at keep that order). */
export async function insertFavorites(trx: Kysely<DB>, uid: string, globalKeys: readonly string[]): Promise<void> {
  if (globalKeys.length === 0) return;
  await trx
    .insertInto('favorite')
    .values(globalKeys.map((global_key) => ({ uid, global_key })))
    .execute();
}

/** Removes favorites; returns the keys that were favorites. */
export async function deleteFavorites(trx: Kysely<DB>, uid: string, globalKeys: readonly string[]): Promise<string[]> {
  if (globalKeys.length === 0) return [];
  const rows = await trx.deleteFrom('favorite').where('uid', '=', uid).where('global_key', 'in', globalKeys).returning('global_key').execute();
  return rows.map((r) => r.global_key);
}
