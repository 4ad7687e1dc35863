import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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
