import { sql, type Kysely } from 'kysely';
import type { SearchArgs } from '../domain/search-args.js';
import type { SearchTexts } from '../domain/search-texts.js';
import type { AlertKind, DB } from './db.js';

/** Takes the scan lease when it is free (or expired); false when another process holds it. */
export async function acquireScanLease(db: Kysely<DB>, leaseSeconds: number): Promise<boolean> {
  const r = await db
    .updateTable('alert_scan')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`, last_started_at: sql`now()` })
    .where('id', '=', 1)
    .where('locked_until', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function releaseScanLease(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('alert_scan')
    .set({ locked_until: sql`'-infinity'::timestamptz`, last_finished_at: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

export async function lastAlertId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('alert')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Distinct favorite listing keys after `after`, in key order (keyset paging over every visitor). */
export async function favoriteKeysAfter(db: Kysely<DB>, after: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('favorite').select('global_key').distinct().where('global_key', '>', after).orderBy('global_key').limit(limit).execute();
  return rows.map((r) => r.global_key);
}

/**
 * Applies the rents seen now: a favorite whose last seen rent is higher gets a price_drop alert;
 * every favorite of those listings then remembers the new rent (the first scan records the baseline).
 */
export async function applyRents(db: Kysely<DB>, rents: readonly { globalKey: string; rent: number }[]): Promise<{ drops: number }> {
  if (rents.length === 0) return { drops: 0 };
  const keys = rents.map((r) => r.globalKey);
  const values = rents.map((r) => r.rent);
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ id: number }>`
      INSERT INTO alert (uid, kind, global_key, from_rent, to_rent)
      SELECT f.uid, 'price_drop', f.global_key, f.last_rent, v.rent
      FROM favorite f JOIN unnest(${keys}::text[], ${values}::int[]) AS v(global_key, rent) ON v.global_key = f.global_key
      WHERE f.last_rent > v.rent
      ORDER BY f.uid, f.id
      RETURNING id`.execute(trx);
    await sql`
      UPDATE favorite f SET last_rent = v.rent
      FROM unnest(${keys}::text[], ${values}::int[]) AS v(global_key, rent)
      WHERE f.global_key = v.global_key AND f.last_rent IS DISTINCT FROM v.rent`.execute(trx);
    return { drops: inserted.rows.length };
  });
}

export interface ScannedSearch {
  id: number;
  uid: string;
  args: SearchArgs;
  argsKey: string;
  lastCheckedAt: Date | null;
}

export async function searchConditionsAfter(db: Kysely<DB>, afterId: number, limit: number): Promise<ScannedSearch[]> {
  const rows = await db
    .selectFrom('search_condition')
    .select(['id', 'uid', 'args', 'args_key as argsKey', 'last_checked_at as lastCheckedAt'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), args: r.args as SearchArgs }));
}

/** Records new-listing alerts for saved searches and moves their checked-up-to time, atomically. */
export async function recordNewListings(
  db: Kysely<DB>,
  checkedAt: Date,
  ids: readonly number[],
  alerts: readonly { uid: string; searchConditionId: number; count: number; globalKeys: string[] }[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    if (alerts.length) {
      await trx
        .insertInto('alert')
        .values(
          alerts.map((a) => ({
            uid: a.uid,
            kind: 'new_listings' as AlertKind,
            search_condition_id: a.searchConditionId,
            new_count: a.count,
            new_global_keys: a.globalKeys,
          })),
        )
        .execute();
    }
    await trx.updateTable('search_condition').set({ last_checked_at: checkedAt }).where('id', 'in', ids).execute();
  });
}

/** An alert to mail now, for a visitor whose registered, unstopped newsletter covers its kind. */
export interface MailableAlert {
  id: number;
  uid: string;
  email: string;
  stopToken: string;
  kind: AlertKind;
  globalKey: string | null;
  fromRent: number | null;
  toRent: number | null;
  newCount: number | null;
  searchConditionId: number | null;
  searchPath: string | null;
  texts: SearchTexts | null;
}

/**
 * What this scan mails: price drops it created (id above afterId); new-listing alerts by their saved
 * search's setting (search_condition.alert_mail): instant, those this scan created; daily, every one
 * not mailed yet, but only when the search's last mail is at least a day before `dailyBefore`'s day
 * (alert_mailed_at at or before it); off, none.
 */
export async function mailableAlertsAfter(db: Kysely<DB>, afterId: number, dailyBefore: Date): Promise<MailableAlert[]> {
  const rows = await db
    .selectFrom('alert as a')
    .innerJoin('newsletter as n', 'n.uid', 'a.uid')
    .leftJoin('search_condition as s', 's.id', 'a.search_condition_id')
    .select([
      'a.id',
      'a.uid',
      'n.email',
      'n.stop_token as stopToken',
      'a.kind',
      'a.global_key as globalKey',
      'a.from_rent as fromRent',
      'a.to_rent as toRent',
      'a.new_count as newCount',
      'a.search_condition_id as searchConditionId',
      's.search_path as searchPath',
      's.texts',
    ])
    .where('n.stopped_at', 'is', null)
    .where('n.review_until', '>', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.kind', '=', 'price_drop'), eb('n.favorite_history', '=', true), eb('a.id', '>', afterId)]),
        eb.and([
          eb('a.kind', '=', 'new_listings'),
          eb('n.list', '=', true),
          eb('a.id', '>', eb.ref('s.alert_mail_from_id')),
          eb.or([
            eb.and([eb('s.alert_mail', '=', 'instant'), eb('a.id', '>', afterId)]),
            eb.and([eb('s.alert_mail', '=', 'daily'), eb.or([eb('s.alert_mailed_at', 'is', null), eb('s.alert_mailed_at', '<=', dailyBefore)])]),
          ]),
        ]),
      ]),
    )
    .orderBy('a.uid')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    searchConditionId: r.searchConditionId === null ? null : Number(r.searchConditionId),
    texts: (r.texts as SearchTexts | null) ?? null,
  }));
}

/**
 * Queues the mails and, in the same transaction, moves each mailed saved search's last-mail time and
 * the alert id up to which it is mailed (the daily setting's once-a-day rule reads them).
 */
export async function enqueueMails(
  db: Kysely<DB>,
  mails: readonly { kind: string; recipient: string; subject: string; body: string }[],
  mailedSearches: readonly { id: number; throughAlertId: number }[] = [],
  at: Date = new Date(),
): Promise<void> {
  if (mails.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('outbox')
      .values([...mails])
      .execute();
    for (const s of mailedSearches) {
      await trx
        .updateTable('search_condition')
        .set((eb) => ({ alert_mailed_at: at, alert_mail_from_id: sql<number>`GREATEST(${eb.ref('alert_mail_from_id')}, ${s.throughAlertId})` }))
        .where('id', '=', s.id)
        .execute();
    }
  });
}
