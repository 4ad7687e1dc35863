import type { Kysely } from 'kysely';
import type { DB } from './repositories/db.js';

/** Per-request DataLoaders (filled in as resolvers arrive). */
export type Loaders = Record<string, never>;

export function createLoaders(_db: Kysely<DB>): Loaders {
  return {};
}
