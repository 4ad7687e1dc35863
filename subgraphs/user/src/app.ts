import { buildSubgraphApp, type SubgraphObservability, type VerifierOptions } from '@sumika/server-kit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { createContext, type Deps } from './context.js';
import { gatewaySearchDescriber } from './gateway/search-describer.js';
import { name, resolvers, typeDefs } from './index.js';

export interface BuildOptions extends Omit<Deps, 'describer'>, SubgraphObservability {
  auth: VerifierOptions;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to asking the search subgraph through the gateway (GATEWAY_URL). */
  describer?: Deps['describer'];
}

/** Builds the user subgraph service (no listen). */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const deps: Deps = { ...opts, describer: opts.describer ?? gatewaySearchDescriber() };
  return buildSubgraphApp({
    name,
    registry: opts.registry,
    pools: opts.pools,
    typeDefs,
    resolvers,
    auth: opts.auth,
    logger: opts.logger ?? false,
    context: (req, reply) => createContext(deps, req, reply),
    ready: async () => {
      await sql`SELECT 1`.execute(opts.db);
      return true;
    },
  });
}
