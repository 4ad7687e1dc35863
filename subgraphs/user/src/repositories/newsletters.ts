import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, NewsletterTable } from './db.js';

export type NewsletterRecord = Selectable<NewsletterTable>;

export type NewsletterKind = 'favorite_history' | 'list';

export async function newsletterOf(db: Kysely<DB>, uid: string): Promise<NewsletterRecord | undefined> {
  return db.selectFrom('newsletter').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/**
 * Registers one newsletter (favorite/history or list) for the visitor's address: a new
 * registration restarts the review period and lifts a previous stop.
 */
export async function registerNewsletter(
  trx: Kysely<DB>,
  uid: string,
  kind: NewsletterKind,
  email: string,
  reviewPeriodDays: number,
): Promise<NewsletterRecord> {
  const until = sql<Date>`now() + make_interval(days => ${reviewPeriodDays})`;
  return trx
    .insertInto('newsletter')
    .values({
      uid,
      email,
      favorite_history: kind === 'favorite_history',
      list: kind === 'list',
      review_period: reviewPeriodDays,
      review_until: until,
      stop_token: randomBytes(24).toString('base64url'),
    })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        email,
        ...(kind === 'favorite_history' ? { favorite_history: true } : { list: true }),
        review_period: reviewPeriodDays,
        review_until: until,
        stopped_at: null,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stops every mail to the visitor; returns whether anything was registered. */
export async function stopNewsletters(trx: Kysely<DB>, where: { uid: string } | { token: string }): Promise<boolean> {
  let q = trx.updateTable('newsletter').set({ favorite_history: false, list: false, stopped_at: sql`now()`, updated_at: sql`now()` });
  q = 'uid' in where ? q.where('uid', '=', where.uid) : q.where('stop_token', '=', where.token);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
