import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';

export interface AbAssignmentRecord {
  name: string;
  value: string;
  forced: boolean;
}

export async function assignmentsOf(db: Kysely<DB>, uid: string): Promise<AbAssignmentRecord[]> {
  return db.selectFrom('ab_assignment').select(['name', 'value', 'forced']).where('uid', '=', uid).execute();
}

/** The same rows as one JSON column of another statement (the page visit's UPDATE … RETURNING). */
export function assignmentsColumn(uid: string) {
  return sql<
    AbAssignmentRecord[]
  >`coalesce((SELECT json_agg(json_build_object('name', name, 'value', value, 'forced', forced)) FROM ab_assignment WHERE uid = ${uid}), '[]'::json)`.as(
    'abAssignments',
  );
}

/**
 * Saves assignments. `forced` rows replace whatever is stored; plain ones never replace a forced
 * row unless `releaseForced` (an admin setting a plain value lifts their own force).
 */
export async function saveAssignments(
  db: Kysely<DB>,
  uid: string,
  list: readonly { name: string; value: string }[],
  opts: { forced: boolean; releaseForced: boolean },
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insertInto('ab_assignment')
    .values(list.map((a) => ({ uid, name: a.name, value: a.value, forced: opts.forced })))
    .onConflict((oc) => {
      const update = oc.columns(['uid', 'name']).doUpdateSet({
        value: (eb) => eb.ref('excluded.value'),
        forced: (eb) => eb.ref('excluded.forced'),
        assigned_at: sql`now()`,
      });
      return opts.forced || opts.releaseForced ? update : update.where('ab_assignment.forced', '=', false);
    })
    .execute();
}
