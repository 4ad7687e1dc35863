import type { Identity } from '@sumika/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseCookies } from './domain/cookies.js';
import type { SearchDescriber } from './domain/search-texts.js';
import { createLoaders, type Loaders } from './loaders.js';
import type { DB } from './repositories/db.js';

/** Per-request context: the verified identity, the visitor's cookies, a reply for set-cookie, per-request loaders. */
export interface Context {
  db: Kysely<DB>;
  /** From the gateway's verified token only (never from arguments or headers). */
  identity: Pick<Identity, 'uid' | 'fresh'>;
  /** The visitor's cookies as the gateway forwards them (without _uid). */
  cookies: Map<string, string>;
  reply: FastifyReply;
  loaders: Loaders;
  describer: SearchDescriber;
  /** [0, 1) like Math.random; tests inject a seeded one. */
  random: () => number;
  log: FastifyRequest['log'];
}

export interface Deps {
  db: Kysely<DB>;
  /** Texts and names of searches, from the search subgraph (through the gateway in production). */
  describer: SearchDescriber;
  random?: () => number;
}

export function createContext(deps: Deps, req: FastifyRequest, reply: FastifyReply): Context {
  const identity = { uid: req.identity.uid, ...(req.identity.fresh ? { fresh: true } : {}) };
  return {
    db: deps.db,
    identity,
    cookies: parseCookies(req.headers.cookie),
    reply,
    loaders: createLoaders(deps.db, identity),
    describer: deps.describer,
    random: deps.random ?? Math.random,
    log: req.log,
  };
}
