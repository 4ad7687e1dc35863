import { sql, type Kysely } from 'kysely';
import type { DB, HistoryKind } from './db.js';

/** What the visitor has done with one listing: favorite since, last viewed and how. */
export interface BukkenState {
  globalKey: string;
  addedAt: Date | null;
  viewedAt: Date | null;
  historyKind: HistoryKind | null;
}

/** Favorite and history facts of many listings for one visitor, in one statement. */
export async function bukkenStates(db: Kysely<DB>, uid: string, globalKeys: readonly string[]): Promise<BukkenState[]> {
  if (globalKeys.length === 0) return [];
  const rows = await db
    .selectFrom('favorite')
    .select(['global_key', sql<string>`'favorite'`.as('source'), 'added_at as at', sql<HistoryKind | null>`NULL::text`.as('kind')])
    .where('uid', '=', uid)
    .where('global_key', 'in', globalKeys)
    .unionAll(
      db
        .selectFrom('history')
        .select(['global_key', sql<string>`'history'`.as('source'), 'viewed_at as at', 'kind'])
        .where('uid', '=', uid)
        .where('global_key', 'in', globalKeys),
    )
    .execute();
  const byKey = new Map<string, BukkenState>();
  for (const r of rows) {
    let s = byKey.get(r.global_key);
    if (!s) byKey.set(r.global_key, (s = { globalKey: r.global_key, addedAt: null, viewedAt: null, historyKind: null }));
    if (r.source === 'favorite') s.addedAt = r.at;
    else {
      s.viewedAt = r.at;
      s.historyKind = r.kind;
    }
  }
  return [...byKey.values()];
}
