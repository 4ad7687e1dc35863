import Fastify from 'fastify';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { answerTraceId, outgoingTraceparent, traceIdOptions } from './trace-context.js';
import { clientSpan, requestTrace, serviceTracing, traceRequests, tracesEndpoint } from './tracing.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

async function tracedApp(exporter: InMemorySpanExporter) {
  const app = Fastify({ ...traceIdOptions });
  traceRequests(app, await serviceTracing('svc', { exporter }));
  answerTraceId(app);
  app.get('/items/:id', async (req) => {
    const call = clientSpan(requestTrace(req), 'POST other');
    call?.end();
    return { id: req.id, out: outgoingTraceparent(req), call: call?.traceparent };
  });
  app.get('/boom', async (_req, reply) => reply.code(503).send({}));
  return app;
}

describe('tracing', () => {
  it('is off without an endpoint: no tracer, and outgoing traceparents as before', async () => {
    expect(tracesEndpoint({})).toBeUndefined();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b/traces' })).toBe('http://b/traces');
    const off = await serviceTracing('svc', { env: {} });
    expect(off.tracer).toBeUndefined();
    const app = Fastify({ ...traceIdOptions });
    traceRequests(app, off);
    app.get('/', async (req) => ({ id: req.id, out: outgoingTraceparent(req), traced: requestTrace(req) !== undefined }));
    const res = (await app.inject({ url: '/' })).json();
    expect(res.traced).toBe(false);
    expect(res.out).toMatch(new RegExp(`^00-${res.id}-[0-9a-f]{16}-01$`));
    await app.close();
  });

  it('makes a root server span whose trace id is the request id, the parent of outgoing calls', async () => {
    const exporter = new InMemorySpanExporter();
    const app = await tracedApp(exporter);
    const res = await app.inject({ url: '/items/7' });
    const { id, out, call } = res.json();
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER)!;
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    expect(server.name).toBe('GET /items/:id');
    expect(server.spanContext().traceId).toBe(id);
    expect(server.parentSpanId).toBeUndefined();
    expect(server.attributes).toEqual({ 'http.method': 'GET', 'http.route': '/items/:id', 'http.status_code': 200 });
    expect(server.resource.attributes['service.name']).toBe('svc');
    expect(out).toBe(`00-${id}-${server.spanContext().spanId}-01`);
    expect(client.parentSpanId).toBe(server.spanContext().spanId);
    expect(call).toBe(`00-${id}-${client.spanContext().spanId}-01`);
    await app.close();
  });

  it("continues the caller's trace, keeps its unsampled flag, and marks a 5xx as an error", async () => {
    const exporter = new InMemorySpanExporter();
    const app = await tracedApp(exporter);
    const sampled = await app.inject({ url: '/items/1', headers: { traceparent: `00-${TRACE}-00f067aa0ba902b7-01` } });
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
    expect(server.spanContext().traceId).toBe(TRACE);
    expect(server.parentSpanId).toBe('00f067aa0ba902b7');
    expect(sampled.json().out).toBe(`00-${TRACE}-${server.spanContext().spanId}-01`);
    exporter.reset();
    const unsampled = await app.inject({ url: '/items/1', headers: { traceparent: `00-${TRACE}-00f067aa0ba902b7-00` } });
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(unsampled.json().out).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-00$`));
    expect(unsampled.json().out).not.toContain('00f067aa0ba902b7');
    await app.inject({ url: '/boom' });
    const failed = exporter.getFinishedSpans().find((s) => s.name === 'GET /boom')!;
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['http.status_code']).toBe(503);
    await app.close();
  });
});
