import type { Kysely } from 'kysely';
import { createPlaceLoaders, type PlaceLoaders } from './loaders/places.js';
import { createSearchLoaders, type SearchLoaders } from './loaders/search.js';
import type { DB } from './repositories/db.js';

/** Per-request DataLoaders: master data (places, lines, stations) and listing search. */
export type Loaders = PlaceLoaders & SearchLoaders;

export function createLoaders(db: Kysely<DB>): Loaders {
  return { ...createPlaceLoaders(db), ...createSearchLoaders(db) };
}
