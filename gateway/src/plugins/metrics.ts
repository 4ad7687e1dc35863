import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, type Registry } from 'prom-client';
import { httpMetrics, LATENCY_BUCKETS, metricsServer, serviceRegistry } from '@sumika/server-kit';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      operationDuration: Histogram<'operation' | 'status'>;
      /** Each subgraph call's latency at the gateway (signed data source), by subgraph and outcome. */
      subgraphFetchDuration: Histogram<'subgraph' | 'outcome'>;
      /** Serves /metrics apart from the public app: server.ts listens on METRICS_HOST:METRICS_PORT (127.0.0.1:9400). */
      server: FastifyInstance;
    };
  }
}

/**
 * Prometheus metrics: the kit's HTTP request metrics and process defaults, a latency histogram per
 * GraphQL operation and one per subgraph fetch. /metrics is not a route of
 * the public app: it lives on its own small server, bound to the loopback by default, for the
 * scraper only (process and operation details are nobody else's business).
 */
export default fp(
  async function metrics(app: FastifyInstance, opts: { registry?: Registry | undefined }) {
    // The main's registry when it made one first (its cache counts hits there), else a new one.
    const registry = opts.registry ?? serviceRegistry('gateway');
    httpMetrics(app, registry);
    const operationDuration = new Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operation latency through the gateway, by operation name and outcome',
      labelNames: ['operation', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const subgraphFetchDuration = new Histogram({
      name: 'gateway_subgraph_fetch_duration_seconds',
      help: 'Subgraph call latency from the gateway (retry included), by subgraph and outcome',
      labelNames: ['subgraph', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const server = metricsServer(registry);
    app.decorate('metrics', { registry, operationDuration, subgraphFetchDuration, server });
    app.addHook('onClose', async () => {
      await server.close();
    });
  },
  { name: 'metrics' },
);
