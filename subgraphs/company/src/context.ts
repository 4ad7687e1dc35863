import type { Cache } from '@sumika/server-kit';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { createLoaders, type Loaders } from './loaders.js';
import type { DB } from './repositories/db.js';

/** Per-request context: loaders are created per request so DataLoader batches and caches per request only. */
export interface Context {
  db: Kysely<DB>;
  cache: Cache;
  loaders: Loaders;
  uid: string | undefined;
}

export interface Deps {
  db: Kysely<DB>;
  cache: Cache;
}

export function createContext(deps: Deps, req: FastifyRequest): Context {
  return { db: deps.db, cache: deps.cache, loaders: createLoaders(deps.db), uid: req.identity.uid };
}
