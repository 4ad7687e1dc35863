import { sql, type Kysely } from 'kysely';
import type { AlertKind, DB } from './db.js';

export interface AlertRecord {
  id: number;
  kind: AlertKind;
  globalKey: string | null;
  fromRent: number | null;
  toRent: number | null;
  searchConditionId: number | null;
  newCount: number | null;
  newGlobalKeys: string[];
  createdAt: Date;
  readAt: Date | null;
}

export async function alertsNewestFirst(db: Kysely<DB>, uid: string, limit: number): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alert')
    .select([
      'id',
      'kind',
      'global_key as globalKey',
      'from_rent as fromRent',
      'to_rent as toRent',
      'search_condition_id as searchConditionId',
      'new_count as newCount',
      'new_global_keys as newGlobalKeys',
      'created_at as createdAt',
      'read_at as readAt',
    ])
    .where('uid', '=', uid)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), searchConditionId: r.searchConditionId === null ? null : Number(r.searchConditionId) }));
}

/** Marks the visitor's alerts read: the given ids, or all when ids is null. Returns the unread count left. */
export async function markAlertsRead(trx: Kysely<DB>, uid: string, ids: readonly number[] | null): Promise<number> {
  if (ids === null || ids.length > 0) {
    let q = trx
      .updateTable('alert')
      .set({ read_at: sql`now()` })
      .where('uid', '=', uid)
      .where('read_at', 'is', null);
    if (ids !== null) q = q.where('id', 'in', ids);
    await q.execute();
  }
  const row = await trx
    .selectFrom('alert')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
