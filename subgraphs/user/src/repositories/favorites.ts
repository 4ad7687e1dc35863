import { sql, type Kysely } from 'kysely';
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

/** The same list, newest first, as one JSON column of another statement (the page visit's UPDATE … RETURNING). */
export function favoritesColumn(uid: string) {
  return sql<
    { globalKey: string; addedAt: string }[]
  >`coalesce((SELECT json_agg(json_build_object('globalKey', global_key, 'addedAt', added_at) ORDER BY added_at DESC, id DESC) FROM favorite WHERE uid = ${uid}), '[]'::json)`.as(
    'favoriteList',
  );
}

/** Records from {@link favoritesColumn}'s JSON (timestamps as text with their offset). */
export const favoritesOfColumn = (list: readonly { globalKey: string; addedAt: string }[]): FavoriteRecord[] =>
  list.map((f) => ({ globalKey: f.globalKey, addedAt: new Date(f.addedAt) }));

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
