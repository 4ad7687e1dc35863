import { buildSubgraphApp, type SubgraphObservability, type VerifierOptions } from '@sumika/server-kit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { createContext, type Deps } from './context.js';
import { stationGraph } from './repositories/graph.js';
import { listingIndex } from './repositories/listing-index.js';
import { searchMaster } from './repositories/listing-master.js';
import { name, resolvers, typeDefs } from './index.js';

export interface BuildOptions extends Deps, SubgraphObservability {
  auth: VerifierOptions;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the search subgraph service (no listen). */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  // The master snapshot and the commute graph load at start, not on the first visitor's search (which
  // took seconds and ran past the gateway's subgraph timeout); /readyz waits for them.
  const warm = () => Promise.all([searchMaster(opts.db), stationGraph(opts.db)]);
  warm().catch(() => undefined);
  // The facets' in-memory index (seconds at 1M listings): /readyz waits for its first load to end; SQL counts until it has loaded.
  void listingIndex(opts.db).load();
  const app = await buildSubgraphApp({
    name,
    registry: opts.registry,
    pools: opts.pools,
    typeDefs,
    resolvers,
    auth: opts.auth,
    logger: opts.logger ?? false,
    context: (req) => createContext(opts, req),
    ready: async () => {
      await sql`SELECT 1`.execute(opts.db);
      await warm();
      await listingIndex(opts.db).firstLoad();
      return true;
    },
    cacheState: () => opts.cache.state(),
  });
  // The index's counting threads end with the service.
  app.addHook('onClose', () => listingIndex(opts.db).close());
  return app;
}
