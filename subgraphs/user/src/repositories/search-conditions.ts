import { sql, type Kysely } from 'kysely';
import type { SearchArgs } from '../domain/search-args.js';
import type { SearchTexts } from '../domain/search-texts.js';
import type { AlertMail, DB } from './db.js';

export interface SearchConditionRecord {
  id: number;
  uid: string;
  args: SearchArgs;
  argsKey: string;
  searchPath: string;
  texts: SearchTexts | null;
  createdAt: Date;
  lastCheckedAt: Date | null;
  alertMail: AlertMail;
}

/** A saved search's columns as the record names them: what a read selects and an insert returns. */
const RECORD_COLUMNS = [
  'id',
  'uid',
  'args',
  'args_key as argsKey',
  'search_path as searchPath',
  'texts',
  'created_at as createdAt',
  'last_checked_at as lastCheckedAt',
  'alert_mail as alertMail',
] as const;

function columns(db: Kysely<DB>) {
  return db.selectFrom('search_condition').select(RECORD_COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];
const toRecord = (r: Row): SearchConditionRecord => ({ ...r, id: Number(r.id), args: r.args as SearchArgs, texts: (r.texts as SearchTexts | null) ?? null });

/** The visitor's saved searches, newest first: the order `deleteIndex` counts in. */
export async function searchConditionsNewestFirst(db: Kysely<DB>, uid: string): Promise<SearchConditionRecord[]> {
  const rows = await columns(db).where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toRecord);
}

export async function countSearchConditions(trx: Kysely<DB>, uid: string): Promise<number> {
  const row = await trx
    .selectFrom('search_condition')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findByArgsKey(trx: Kysely<DB>, uid: string, argsKey: string): Promise<SearchConditionRecord | undefined> {
  const row = await columns(trx).where('uid', '=', uid).where('args_key', '=', argsKey).executeTakeFirst();
  return row && toRecord(row);
}

export interface NewSearchCondition {
  args: SearchArgs;
  argsKey: string;
  searchPath: string;
  texts: SearchTexts | null;
}

export async function insertSearchCondition(trx: Kysely<DB>, uid: string, c: NewSearchCondition): Promise<SearchConditionRecord> {
  const row = await trx
    .insertInto('search_condition')
    .values({ uid, args: JSON.stringify(c.args), args_key: c.argsKey, search_path: c.searchPath, texts: c.texts ? JSON.stringify(c.texts) : null })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Deletes one saved search of this visitor; false when the visitor has none with that id. */
export async function deleteSearchCondition(trx: Kysely<DB>, uid: string, id: number): Promise<boolean> {
  const r = await trx.deleteFrom('search_condition').where('uid', '=', uid).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Fills in texts written later (the search subgraph could not be asked when the search was saved). */
export async function saveTexts(db: Kysely<DB>, uid: string, id: number, texts: SearchTexts): Promise<void> {
  await db
    .updateTable('search_condition')
    .set({ texts: JSON.stringify(texts) })
    .where('uid', '=', uid)
    .where('id', '=', id)
    .execute();
}

/**
 * Sets the alert mail setting of one saved search of this visitor; false when the visitor has none with
 * that id. New-listing alerts found before the change are never mailed because of it.
 */
export async function setAlertMail(trx: Kysely<DB>, uid: string, id: number, alertMail: AlertMail): Promise<boolean> {
  const r = await trx
    .updateTable('search_condition')
    .set({ alert_mail: alertMail, alert_mail_from_id: sql<number>`COALESCE((SELECT max(id) FROM alert), 0)` })
    .where('uid', '=', uid)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
