/**
 * Prometheus metrics on every service (issue 18): after one query through the gateway, the gateway's
 * /metrics (its own loopback server) has the HTTP request series, the operation histogram and each
 * called subgraph's fetch latency; each subgraph's /metrics has its own requests under its own
 * `service` label (one registry per service: the five share a process here as in the embedded default).
 * A search subgraph built as its main builds it (its registry shared with its cache, its pools given)
 * shows PostgreSQL pool usage read at scrape time and the cache's hits and misses after real queries
 * (PostgreSQL when DATABASE_URL is set, Redis when REDIS_URL is set).
 */
import type { FastifyInstance } from 'fastify';
import { openCache, serviceRegistry, tokenSigner, type Cache } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildSearch } from '@sumika/subgraph-search/app';
import { startStack, type Stack } from './stack.js';

/** The value of the first sample of `name` carrying every given label (label order varies by metric type), or undefined. */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => match[2]!.split(',').includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return undefined;
}

describe('metrics on every service', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(testBackends()[0]!, { listings: 30 });
  }, 600_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('counts a query at the gateway and in the subgraphs it called', async () => {
    const graphql = { route: '/graphql', method: 'POST', status: '2xx' };
    // The stack's warm-up has asked every subgraph already: what this query adds is compared.
    const requests = async (app: FastifyInstance, service: string) =>
      sample((await app.inject({ url: '/metrics' })).body, 'http_requests_total', { ...graphql, service }) ?? 0;
    const [searchBefore, bukkenBefore] = [await requests(stack.subgraphs.search, 'search'), await requests(stack.subgraphs.bukken, 'bukken')];
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-sumika-client': 'test' },
      payload: { query: '{ searchBukkensCount { count } }' },
    });
    expect(res.statusCode).toBe(200);

    const scraped = await stack.gateway.metrics.server.inject({ url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    const gateway = scraped.body;
    expect(sample(gateway, 'http_requests_total', { ...graphql, service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'http_request_duration_seconds_count', { ...graphql, service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'gateway_subgraph_fetch_duration_seconds_count', { subgraph: 'search', outcome: 'ok', service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'graphql_operation_duration_seconds_count', { status: 'ok', service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'process_cpu_seconds_total', { service: 'gateway' })).toBeGreaterThan(0);

    const search = (await stack.subgraphs.search.inject({ url: '/metrics' })).body;
    expect(await requests(stack.subgraphs.search, 'search')).toBe(searchBefore + 1);
    expect(sample(search, 'nodejs_heap_size_used_bytes', { service: 'search' })).toBeGreaterThan(0);
    // Not called: bukken's registry counts no more GraphQL requests than before, and has none of search's series.
    expect(await requests(stack.subgraphs.bukken, 'bukken')).toBe(bukkenBefore);
    const bukken = (await stack.subgraphs.bukken.inject({ url: '/metrics' })).body;
    expect(bukken).not.toContain('service="search"');
  });

  describe('a subgraph built with its pools and an instrumented cache', () => {
    let search: FastifyInstance;
    let cache: Cache;
    let post: (query: string) => Promise<number>;

    beforeAll(async () => {
      const registry = serviceRegistry('search');
      // Redis when REDIS_URL is set (openCache reads it), the in-process cache otherwise; a prefix of this run's own.
      cache = await openCache({ prefix: `metrics-test:${process.pid}:${Date.now()}:`, name: 'search', registry });
      const database = stack.stores.search;
      search = await buildSearch({ db: database.db as never, cache, auth: { jwks: { keys: [stack.key.publicJwk] } }, registry, pools: database });
      const sign = await tokenSigner(stack.key);
      post = async (query) => {
        const res = await search.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await sign({})}` },
          payload: { query },
        });
        expect(res.json().errors).toBeUndefined();
        return res.statusCode;
      };
    });

    afterAll(async () => {
      await search?.close();
      await cache?.close();
    });

    const scrape = async () => (await search.inject({ url: '/metrics' })).body;

    it('counts cache misses then hits of the same search', async () => {
      const before = await scrape();
      expect(sample(before, 'cache_hits_total', { cache: 'search', service: 'search' })).toBe(0);
      const query = '{ searchBukkensCount { count } }';
      expect(await post(query)).toBe(200);
      const first = await scrape();
      const misses = sample(first, 'cache_misses_total', { cache: 'search', service: 'search' })!;
      expect(misses).toBeGreaterThan(0);
      expect(sample(first, 'cache_hits_total', { cache: 'search', service: 'search' })).toBe(0);
      expect(await post(query)).toBe(200);
      const second = await scrape();
      expect(sample(second, 'cache_hits_total', { cache: 'search', service: 'search' })).toBeGreaterThan(0);
      expect(sample(second, 'cache_misses_total', { cache: 'search', service: 'search' })).toBe(misses);
    });

    it("reads the pool's usage at scrape time: a checked-out client shows as busy, released as idle", async () => {
      expect(await post('{ searchBukkensCount { count } }')).toBe(200);
      const pool = stack.stores.search.pool;
      const gauges = async () => {
        const body = await scrape();
        const read = (name: string) => sample(body, name, { pool: 'primary', service: 'search' });
        return { total: read('pg_pool_clients'), idle: read('pg_pool_idle_clients'), waiting: read('pg_pool_waiting_requests') };
      };
      const after = await gauges();
      expect(after.total).toBeGreaterThanOrEqual(1);
      expect(after).toEqual({ total: pool.totalCount, idle: pool.idleCount, waiting: 0 });
      const client = await pool.connect();
      try {
        const held = await gauges();
        expect(held).toEqual({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
        expect(held.total! - held.idle!).toBeGreaterThanOrEqual(1);
      } finally {
        client.release();
      }
      expect((await gauges()).idle).toBe(pool.idleCount);
      // No read replica here: no replica series.
      expect(await scrape()).not.toContain('pool="replica"');
    });
  });
});
