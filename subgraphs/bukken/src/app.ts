import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import images from './plugins/images.js';
import type { BukkenDB } from './repositories/db.js';

export interface BuildOptions {
  db: Kysely<BukkenDB>;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the bukken service (no listen): generated images now, the GraphQL subgraph with the read-API issue. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(images, { db: opts.db });
  return app;
}
