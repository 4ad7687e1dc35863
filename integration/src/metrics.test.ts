/**
 * Prometheus metrics on every service (issue 18): after one query through the gateway, the gateway's
 * /metrics (its own loopback server) has the HTTP request series, the operation histogram and each
 * called subgraph's fetch latency; each subgraph's /metrics has its own requests under its own
 * `service` label (one registry per service: the five share a process here as in the embedded default).
 */
import { testBackends } from '@sumika/storage-kit/testing';
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
    const graphql = { route: '/graphql', method: 'POST', status: '2xx' };
    expect(sample(gateway, 'http_requests_total', { ...graphql, service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'http_request_duration_seconds_count', { ...graphql, service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'gateway_subgraph_fetch_duration_seconds_count', { subgraph: 'search', outcome: 'ok', service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'graphql_operation_duration_seconds_count', { status: 'ok', service: 'gateway' })).toBeGreaterThan(0);
    expect(sample(gateway, 'process_cpu_seconds_total', { service: 'gateway' })).toBeGreaterThan(0);

    const search = (await stack.subgraphs.search.inject({ url: '/metrics' })).body;
    expect(sample(search, 'http_requests_total', { ...graphql, service: 'search' })).toBeGreaterThan(0);
    expect(sample(search, 'nodejs_heap_size_used_bytes', { service: 'search' })).toBeGreaterThan(0);
    // Not called: bukken's registry has no GraphQL requests, and none of search's series.
    const bukken = (await stack.subgraphs.bukken.inject({ url: '/metrics' })).body;
    expect(bukken).not.toMatch(/route="\/graphql"/);
    expect(bukken).not.toContain('service="search"');
  });
});
