import type { Kysely } from 'kysely';
import { findConditionNames } from '../repositories/condition.js';
import type { DB } from '../repositories/db.js';

/** How soon a code missing from the names read may read the master again (a store seeded after the first read). */
export const CONDITION_REREAD_MS = 10_000;

interface Read {
  names: Promise<ReadonlyMap<number, string>>;
  at: number;
}

/**
 * Condition names are master data, written only by the seed: read once per database handle at
 * first use and kept for the life of the process, so naming a listing's conditions costs no query.
 */
const reads = new WeakMap<Kysely<DB>, Read>();

function read(db: Kysely<DB>): Read {
  const r: Read = { names: findConditionNames(db), at: Date.now() };
  reads.set(db, r);
  // A failed read is not kept: the next request asks again.
  r.names.catch(() => {
    if (reads.get(db) === r) reads.delete(db);
  });
  return r;
}

/** Names by code, covering `codes` whenever the master has them. */
export async function conditionNames(db: Kysely<DB>, codes: readonly number[]): Promise<ReadonlyMap<number, string>> {
  const first = reads.get(db) ?? read(db);
  const names = await first.names;
  if (codes.every((c) => names.has(c)) || Date.now() - first.at < CONDITION_REREAD_MS) return names;
  const current = reads.get(db);
  return (current && current !== first ? current : read(db)).names;
}
