import type { Kysely } from 'kysely';
import type { DB } from './db.js';

/** Every condition's name by code: the whole master (about a hundred rows) in one query. */
export async function findConditionNames(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('condition_code').select(['code', 'name']).execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}
