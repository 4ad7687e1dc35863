import type { Kysely } from 'kysely';
import type { DB } from '../repositories/db.js';

export type PlaceLoaders = Record<never, never>;

export function createPlaceLoaders(_db: Kysely<DB>): PlaceLoaders {
  return {};
}
