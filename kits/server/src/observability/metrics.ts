import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics every service shares. Each service has a registry of its own, never prom-client's
// global one: the embedded default runs the five subgraphs in one process (decision 020), and their
// series must not collide.

/** Latency buckets (seconds) for HTTP requests and calls between services. */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/** A service's registry with the process defaults (CPU, memory, event loop, GC), labelled by service. */
export function serviceRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The status class of a response: 2xx, 4xx, 5xx… */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Request rate, latency and errors of a fastify app by route (its pattern, never the raw URL:
 * bounded label values), method and status class; 5xx answers also count as errors.
 */
export function httpMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route, method and status class',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx, by route and method',
    labelNames: ['route', 'method'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency, by route, method and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { route, method: req.method, status: statusClass(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route, method: req.method });
  });
}

/**
 * A small server with /metrics alone, apart from a public app (the gateway's and the shell's): the
 * service's main listens on METRICS_HOST:METRICS_PORT (config.ts metricsEnv) with `listenMetrics`.
 */
export function metricsServer(registry: Registry): FastifyInstance {
  const server = Fastify({ logger: false, forceCloseConnections: true });
  server.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return server;
}

/** Listens unless `port` is 0; a port already taken costs the metrics (logged), never the service. */
export async function listenMetrics(server: FastifyInstance, address: { port: number; host: string }, log: FastifyBaseLogger): Promise<void> {
  if (address.port <= 0) return;
  await server.listen(address).then(
    (url) => log.info(`metrics on ${url}/metrics`),
    (err: unknown) => log.error({ err }, 'metrics listener failed; /metrics is unavailable'),
  );
}

/** What a PostgreSQL pool tells about its clients (pg.Pool's counters; the kit does not depend on pg). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** A service's pools: the primary's and, with a read replica, the replica's (the storage kit's Database has both fields). */
export interface ServicePools {
  pool: PoolCounts;
  readPool?: PoolCounts | undefined;
}

/**
 * PostgreSQL pool usage, read at scrape time: clients open (total), idle, and queries waiting for
 * one, by pool (primary, replica).
 */
export function poolMetrics(registry: Registry, pools: ServicePools): void {
  const gauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        this.set({ pool: 'primary' }, read(pools.pool));
        if (pools.readPool) this.set({ pool: 'replica' }, read(pools.readPool));
      },
    });
  gauge('pg_pool_clients', 'PostgreSQL clients open in the pool (busy and idle), by pool', (p) => p.totalCount);
  gauge('pg_pool_idle_clients', 'PostgreSQL clients idle in the pool, by pool', (p) => p.idleCount);
  gauge('pg_pool_waiting_requests', 'Queries waiting for a PostgreSQL client (pool exhausted), by pool', (p) => p.waitingCount);
}

/** Where a cache counts its lookups (cache/cache.ts): a hit or a miss of each `get`. */
export interface CacheLookups {
  hit(): void;
  miss(): void;
}

const cacheCounters = new WeakMap<Registry, { hits: Counter<'cache'>; misses: Counter<'cache'> }>();

/**
 * The hit and miss counters of the cache `cache` on a service's registry (its `service` label):
 * the hit ratio is hits / (hits + misses). Several caches of one service share the two counters.
 */
export function cacheLookups(registry: Registry, cache: string): CacheLookups {
  let counters = cacheCounters.get(registry);
  if (!counters) {
    counters = {
      hits: new Counter({
        name: 'cache_hits_total',
        help: 'Cache reads that found their key, by cache',
        labelNames: ['cache'] as const,
        registers: [registry],
      }),
      misses: new Counter({
        name: 'cache_misses_total',
        help: 'Cache reads that found nothing (a degraded Redis misses too), by cache',
        labelNames: ['cache'] as const,
        registers: [registry],
      }),
    };
    cacheCounters.set(registry, counters);
  }
  const { hits, misses } = counters;
  hits.inc({ cache }, 0);
  misses.inc({ cache }, 0);
  return { hit: () => hits.inc({ cache }), miss: () => misses.inc({ cache }) };
}
