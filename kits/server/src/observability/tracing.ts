import type { IncomingMessage } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  RandomIdGenerator,
  SimpleSpanProcessor,
  type IdGenerator,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseEnv } from '../config.js';
import { TRACING_ENV } from '../env.js';
import { incomingTraceparent, setServerSpan, traceparentOf } from './trace-context.js';

// OpenTelemetry traces, only when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT): else no
// provider, no hook, no span. Each service has a tracer provider of its own, never the API's global
// one: the embedded default runs the five subgraphs in one process (decision 020), and each span
// must name its own service (the resource's service.name). Spans are passed around explicitly (per
// request, below), not through an async context manager.

/**
 * The trace id of a root span is the request id (req.id, already the W3C trace id of the logs): set
 * just before the span starts (startSpan is synchronous, so nothing else can take it), random otherwise.
 */
class RequestIdGenerator implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  nextTraceId: string | undefined;

  generateTraceId(): string {
    const id = this.nextTraceId ?? this.random.generateTraceId();
    this.nextTraceId = undefined;
    return id;
  }

  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

/** A service's traces: off (no tracer) unless an exporter is configured or given. */
export interface ServiceTracing {
  readonly service: string;
  /** undefined when tracing is off. */
  readonly tracer: Tracer | undefined;
  /** A root span whose trace id is `traceId`, or undefined when tracing is off. */
  startRoot(name: string, traceId: string, kind: SpanKind, attributes?: Attributes): Span | undefined;
  /** Exports what is pending (tests; shutdown does it too). */
  forceFlush(): Promise<void>;
  /** Flushes and stops: the service's close path calls it. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Tests: spans go to this exporter one by one (SimpleSpanProcessor), whatever the environment says. */
  exporter?: SpanExporter;
}

/** Where spans go: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as is, else `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, else nowhere. */
export function tracesEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const vars = parseEnv(TRACING_ENV, env);
  if (vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return vars.OTEL_EXPORTER_OTLP_ENDPOINT ? `${vars.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined;
}

const OFF: Omit<ServiceTracing, 'service'> = {
  tracer: undefined,
  startRoot: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * A service's tracer provider (resource service.name = `service`): batched OTLP/HTTP export when the
 * environment names an endpoint, the given exporter in tests, else nothing at all (zero cost). The
 * exporter's module is loaded only when it is used.
 */
export async function serviceTracing(service: string, opts: TracingOptions = {}): Promise<ServiceTracing> {
  let processor: SpanProcessor;
  if (opts.exporter) processor = new SimpleSpanProcessor(opts.exporter);
  else {
    const url = tracesEndpoint(opts.env);
    if (!url) return { service, ...OFF };
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }
  const ids = new RequestIdGenerator();
  const provider = new BasicTracerProvider({ resource: new Resource({ 'service.name': service }), idGenerator: ids, spanProcessors: [processor] });
  const tracer = provider.getTracer('@sumika/server-kit');
  return {
    service,
    tracer,
    startRoot(name, traceId, kind, attributes) {
      ids.nextTraceId = traceId;
      try {
        return tracer.startSpan(name, { kind, ...(attributes ? { attributes } : {}) }, ROOT_CONTEXT);
      } finally {
        ids.nextTraceId = undefined;
      }
    },
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** A traced request's server span and the service's tracing, for the client spans of its calls. */
export interface RequestTrace {
  span: Span;
  tracing: ServiceTracing;
}

const requests = new WeakMap<IncomingMessage, RequestTrace>();

/** The request's trace, when tracing is on. */
export const requestTrace = (req: FastifyRequest): RequestTrace | undefined => requests.get(req.raw);

const routeOf = (req: FastifyRequest): string => req.routeOptions.url ?? 'unmatched';

/**
 * A SERVER span per request, named "METHOD route" (the route's pattern, never the raw URL), with
 * http.method, http.route and http.status_code, in error on a 5xx. Its parent is the caller's
 * `traceparent` when well formed; else it is a root span whose trace id is the request id, so a
 * trace and the request's log lines (`traceId`) share one id either way. `outgoingTraceparent(req)`
 * then names this span as the parent of every call made for the request. Nothing when tracing is off.
 * Registered first, before any hook that may answer early (a subgraph's 401).
 */
export function traceRequests(app: FastifyInstance, tracing: ServiceTracing): void {
  const tracer = tracing.tracer;
  if (!tracer) return;
  app.addHook('onRequest', async (req) => {
    const name = `${req.method} ${routeOf(req)}`;
    const attributes = { 'http.method': req.method, 'http.route': routeOf(req) };
    const parent = incomingTraceparent(req.raw);
    const span = parent
      ? tracer.startSpan(
          name,
          { kind: SpanKind.SERVER, attributes },
          trace.setSpanContext(ROOT_CONTEXT, { traceId: parent.traceId, spanId: parent.spanId, traceFlags: parseInt(parent.flags, 16), isRemote: true }),
        )
      : tracing.startRoot(name, req.id, SpanKind.SERVER, attributes);
    if (!span) return;
    requests.set(req.raw, { span, tracing });
    setServerSpan(req.raw, span.spanContext());
  });
  const end = (req: FastifyRequest, status: number) => {
    const traced = requests.get(req.raw);
    if (!traced) return;
    requests.delete(req.raw);
    traced.span.setAttribute('http.status_code', status);
    if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
    traced.span.end();
  };
  app.addHook('onResponse', async (req, reply) => end(req, reply.statusCode));
  // The client went away before the answer: the span ends there (no status code was sent).
  app.addHook('onRequestAbort', async (req) => {
    const traced = requests.get(req.raw);
    if (!traced) return;
    requests.delete(req.raw);
    traced.span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
    traced.span.end();
  });
  app.addHook('onClose', () => tracing.shutdown());
}

/** A call made for a traced request: the `traceparent` it carries, and its end. */
export interface ClientSpan {
  /** The span's context as the callee's parent. */
  traceparent: string;
  end(failed?: boolean): void;
}

/** A CLIENT span, child of the request's server span, or undefined when the request is not traced. */
export function clientSpan(parent: RequestTrace | undefined, name: string, attributes?: Attributes): ClientSpan | undefined {
  const tracer = parent?.tracing.tracer;
  if (!parent || !tracer) return undefined;
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, ...(attributes ? { attributes } : {}) }, trace.setSpan(ROOT_CONTEXT, parent.span));
  return {
    traceparent: traceparentOf(span.spanContext()),
    end(failed = false) {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
