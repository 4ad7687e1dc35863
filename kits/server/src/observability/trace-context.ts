import { randomBytes } from 'node:crypto';
import { isSpanContextValid, type SpanContext } from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';

// The request id of every service is the W3C trace id (https://www.w3.org/TR/trace-context/): taken
// from the caller's `traceparent` when it is well formed, else a fresh one. The shell sends it to the
// gateway and the gateway to every subgraph fetch, so one page's log lines share one id everywhere.

/** A parsed `traceparent`: version 00, 32-hex trace id, 16-hex parent span id, 2-hex flags. */
export interface TraceParent {
  traceId: string;
  spanId: string;
  flags: string;
}

/**
 * The header's trace context, or undefined when it is absent or malformed (a malformed one is never
 * an error: the request simply starts a new trace). OpenTelemetry's W3C parser (version ff and extra
 * fields after a version 00 header refused) and its validity check (all-zero ids refused).
 */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const context = parseTraceParent(value);
  if (!context || !isSpanContextValid(context)) return undefined;
  return { traceId: context.traceId, spanId: context.spanId, flags: context.traceFlags.toString(16).padStart(2, '0') };
}

export const newTraceId = (): string => randomBytes(16).toString('hex');
export const newSpanId = (): string => randomBytes(8).toString('hex');

/** The incoming trace context of each raw request, kept for the outgoing header's flags. */
const incoming = new WeakMap<IncomingMessage, TraceParent>();

/** The caller's trace context of a request, when its `traceparent` was well formed (tracing.ts makes it the server span's parent). */
export const incomingTraceparent = (raw: IncomingMessage): TraceParent | undefined => incoming.get(raw);

/** The server span of each traced request (tracing.ts): calls made on its behalf name it as their parent. */
const serverSpans = new WeakMap<IncomingMessage, SpanContext>();

/** Records the request's server span (tracing.ts, when an exporter is configured). */
export function setServerSpan(raw: IncomingMessage, span: SpanContext): void {
  serverSpans.set(raw, span);
}

/** A span context as a W3C `traceparent` header. */
export const traceparentOf = (span: SpanContext): string => `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;

/** Fastify's request id from the incoming `traceparent` (or a new trace id). */
export function traceIdOf(raw: IncomingMessage): string {
  const parent = parseTraceparent(raw.headers.traceparent);
  if (parent) incoming.set(raw, parent);
  return parent?.traceId ?? newTraceId();
}

/**
 * Fastify options every service uses: the request id is the trace id (never a client's
 * `request-id` header as is), and pino's request logs carry it as `traceId` (through fastify's log
 * controller: its top-level `requestIdLogLabel` is deprecated, FSTDEP024).
 */
export const traceIdOptions = {
  requestIdHeader: false,
  logController: new LogController({ requestIdLogLabel: 'traceId' }),
  genReqId: traceIdOf,
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'logController' | 'genReqId'>;

/**
 * The `traceparent` for a call made on behalf of the request: with tracing on, the request's server
 * span (its trace id, span id and sampled flag); else its trace id, a new span id, the caller's
 * flags (sampled by default).
 */
export function outgoingTraceparent(req: FastifyRequest): string {
  const span = serverSpans.get(req.raw);
  if (span) return traceparentOf(span);
  const flags = incoming.get(req.raw)?.flags ?? '01';
  return `00-${req.id}-${newSpanId()}-${flags}`;
}

/**
 * Every response names its trace id (`x-request-id`), for support to find the request's log lines;
 * set on the raw response so a hijacked reply (the shell's streamed pages) carries it too.
 */
export function answerTraceId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.setHeader('x-request-id', req.id);
  });
}
