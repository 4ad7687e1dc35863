import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { registry: Registry; operationDuration: Histogram<'operation' | 'status'> };
  }
}

/** Prometheus metrics at /metrics, with a latency histogram per GraphQL operation. */
export default fp(
  async function metrics(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const operationDuration = new Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operation latency through the gateway, by operation name and outcome',
      labelNames: ['operation', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.5, 1, 2],
      registers: [registry],
    });
    app.decorate('metrics', { registry, operationDuration });
    app.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  },
  { name: 'metrics' },
);
