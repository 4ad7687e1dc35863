import { buildSubgraphApp, type SubgraphObservability, type VerifierOptions } from '@sumika/server-kit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { createContext, type Deps } from './context.js';
import { name, resolvers, typeDefs } from './index.js';

export interface BuildOptions extends Deps, SubgraphObservability {
  auth: VerifierOptions;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the forms subgraph service (no listen). The outbox worker is started by server.ts. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  return buildSubgraphApp({
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
      return true;
    },
    cacheState: () => opts.limiter.state(),
  });
}
