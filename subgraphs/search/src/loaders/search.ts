import type { Kysely } from 'kysely';
import type { DB } from '../repositories/db.js';

export type SearchLoaders = Record<never, never>;

export function createSearchLoaders(_db: Kysely<DB>): SearchLoaders {
  return {};
}
