import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { instanceUrls } from '../federation/instances.js';
import { request } from 'undici';
import type { Cache } from '@sumika/server-kit';

export interface HealthOptions {
  cache: Cache;
}

/** Each probe's budget: /readyz answers within about this long whatever hangs behind it. */
const PROBE_MS = 1000;

/** Redis is an accelerator: its state is reported, and the gateway stays ready without it. */
async function cacheState(cache: Cache): Promise<'ok' | 'degraded' | 'memory'> {
  if (cache.kind === 'memory') return 'memory';
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), PROBE_MS).unref());
  const ok = await Promise.race([cache.ping().catch(() => false), timeout]);
  return ok ? 'ok' : 'degraded';
}

/**
 * /healthz: the process is up. /readyz: the supergraph is loaded. Subgraphs and Redis are reported,
 * not required: with one of them down the gateway still serves degraded pages, and a load balancer
 * taking every gateway out of rotation for it would turn a degraded site into a down one.
 */
/** The instance's /healthz answers 200 within PROBE_MS. */
async function alive(url: string): Promise<boolean> {
  try {
    // The signal bounds the connection too (a black-holed host), the timeouts a stopped process.
    const res = await request(url.replace(/\/graphql$/, '/healthz'), {
      headersTimeout: PROBE_MS,
      bodyTimeout: PROBE_MS,
      signal: AbortSignal.timeout(PROBE_MS),
    });
    await res.body.dump();
    return res.statusCode === 200;
  } catch {
    return false;
  }
}

export default fp(
  async function health(app: FastifyInstance, opts: HealthOptions) {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_req, reply) => {
      const loaded = app.supergraph.loaded();
      const subgraphs: Record<string, boolean> = {};
      const [cache] = await Promise.all([
        cacheState(opts.cache),
        ...Object.entries(app.supergraph.subgraphUrls()).map(async ([name, urls]) => {
          // Several instances (`<NAME>_URL` a list): the subgraph is up while one of them is.
          const up = await Promise.all(instanceUrls(urls).map((url) => alive(url)));
          subgraphs[name] = up.some(Boolean);
        }),
      ]);
      const degraded = cache === 'degraded' || !Object.values(subgraphs).every(Boolean);
      return reply.code(loaded ? 200 : 503).send({ status: loaded ? (degraded ? 'degraded' : 'ready') : 'unavailable', supergraph: loaded, subgraphs, cache });
    });
  },
  { name: 'health', dependencies: ['apollo-gateway'] },
);
