import { sql, type Kysely } from 'kysely';
import type { DB, HistoryKind } from './db.js';

export interface HistoryRecord {
  globalKey: string;
  kind: HistoryKind;
  viewedAt: Date;
}

// applied outranks viewed_incompleted outranks viewed: viewing again never forgets an inquiry.
const rank = (column: string) => sql.raw(`CASE ${column} WHEN 'applied' THEN 3 WHEN 'viewed_incompleted' THEN 2 ELSE 1 END`);

/**
 * Puts listings at the top of the history (a new seq), keeping the strongest kind seen; then drops
 * the oldest entries beyond `limit`.
 */
export async function recordHistories(trx: Kysely<DB>, uid: string, globalKeys: readonly string[], kind: HistoryKind, limit: number): Promise<void> {
  if (globalKeys.length === 0) return;
  await trx
    .insertInto('history')
    .values(globalKeys.map((global_key) => ({ uid, global_key, kind })))
    .onConflict((oc) =>
      oc.columns(['uid', 'global_key']).doUpdateSet({
        viewed_at: sql`now()`,
        seq: sql`nextval('history_seq')`,
        kind: sql`CASE WHEN ${rank('excluded.kind')} > ${rank('history.kind')} THEN excluded.kind ELSE history.kind END`,
      }),
    )
    .execute();
  await trx
    .deleteFrom('history')
    .where('uid', '=', uid)
    .where('id', 'not in', (eb) => eb.selectFrom('history').select('id').where('uid', '=', uid).orderBy('seq', 'desc').limit(limit))
    .execute();
}

/** The visitor's history, most recently viewed first. */
export async function historiesNewestFirst(db: Kysely<DB>, uid: string): Promise<HistoryRecord[]> {
  return db.selectFrom('history').select(['global_key as globalKey', 'kind', 'viewed_at as viewedAt']).where('uid', '=', uid).orderBy('seq', 'desc').execute();
}

export async function historyOf(db: Kysely<DB>, uid: string, globalKey: string): Promise<HistoryRecord | undefined> {
  return db
    .selectFrom('history')
    .select(['global_key as globalKey', 'kind', 'viewed_at as viewedAt'])
    .where('uid', '=', uid)
    .where('global_key', '=', globalKey)
    .executeTakeFirst();
}

export async function deleteHistories(trx: Kysely<DB>, uid: string, globalKeys: readonly string[]): Promise<string[]> {
  if (globalKeys.length === 0) return [];
  const rows = await trx.deleteFrom('history').where('uid', '=', uid).where('global_key', 'in', globalKeys).returning('global_key').execute();
  return rows.map((r) => r.global_key);
}
