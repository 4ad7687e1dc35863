import { buildSubgraphApp, type SubgraphObservability, type VerifierOptions } from '@sumika/server-kit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { createContext, type Deps } from './context.js';
import { name, resolvers, typeDefs } from './index.js';
import images from './plugins/images.js';

export interface BuildOptions extends Deps, SubgraphObservability {
  auth: VerifierOptions;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the company subgraph service (no listen): GraphQL plus the generated storefront images. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
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
      return true;
    },
    cacheState: () => opts.cache.state(),
  });
  await app.register(images, { db: opts.db });
  return app;
}
