import { sql, type Kysely } from 'kysely';
import type { DB, InquiryListKind } from './db.js';

export interface IncompleteInquiryRecord {
  globalKey: string;
  listKind: InquiryListKind;
  startedAt: Date;
}

/**
 * Records inquiries as started and not sent (incomplete), newest on top, then keeps only the newest
 * `limit` incomplete ones (older ones stop being pending; sent history is kept).
 */
export async function startInquiries(trx: Kysely<DB>, uid: string, globalKeys: readonly string[], listKind: InquiryListKind, limit: number): Promise<void> {
  if (globalKeys.length === 0) return;
  await trx
    .insertInto('inquiry')
    .values(globalKeys.map((global_key) => ({ uid, global_key, list_kind: listKind, pending: true })))
    .onConflict((oc) =>
      oc.columns(['uid', 'global_key']).doUpdateSet({
        list_kind: (eb) => eb.ref('excluded.list_kind'),
        pending: true,
        started_at: sql`now()`,
        seq: sql`nextval('inquiry_seq')`,
      }),
    )
    .execute();
  await trx
    .updateTable('inquiry')
    .set({ pending: false })
    .where('uid', '=', uid)
    .where('pending', '=', true)
    .where('global_key', 'not in', (eb) =>
      eb.selectFrom('inquiry').select('global_key').where('uid', '=', uid).where('pending', '=', true).orderBy('seq', 'desc').limit(limit),
    )
    .execute();
  await dropEmpty(trx, uid);
}

/** Marks inquiries as sent (the apply form reports success); keys never started are recorded too. */
export async function markSent(trx: Kysely<DB>, uid: string, globalKeys: readonly string[], listKind: InquiryListKind): Promise<void> {
  if (globalKeys.length === 0) return;
  await trx
    .insertInto('inquiry')
    .values(globalKeys.map((global_key) => ({ uid, global_key, list_kind: listKind, pending: false, sent_at: sql<Date>`now()` })))
    .onConflict((oc) => oc.columns(['uid', 'global_key']).doUpdateSet({ pending: false, sent_at: sql`now()` }))
    .execute();
}

/** Ends incomplete inquiries; returns the keys that were incomplete. */
export async function deleteIncomplete(trx: Kysely<DB>, uid: string, globalKeys: readonly string[]): Promise<string[]> {
  if (globalKeys.length === 0) return [];
  const rows = await trx
    .updateTable('inquiry')
    .set({ pending: false })
    .where('uid', '=', uid)
    .where('pending', '=', true)
    .where('global_key', 'in', globalKeys)
    .returning('global_key')
    .execute();
  await dropEmpty(trx, uid);
  return rows.map((r) => r.global_key);
}

/** Rows neither pending nor sent say nothing any more. */
async function dropEmpty(trx: Kysely<DB>, uid: string): Promise<void> {
  await trx.deleteFrom('inquiry').where('uid', '=', uid).where('pending', '=', false).where('sent_at', 'is', null).execute();
}

export async function incompleteNewestFirst(db: Kysely<DB>, uid: string): Promise<IncompleteInquiryRecord[]> {
  return db
    .selectFrom('inquiry')
    .select(['global_key as globalKey', 'list_kind as listKind', 'started_at as startedAt'])
    .where('uid', '=', uid)
    .where('pending', '=', true)
    .orderBy('seq', 'desc')
    .execute();
}
