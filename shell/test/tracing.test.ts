/**
 * @jest-environment node
 *
 * OpenTelemetry traces across one request (issue 18, observability): with OTEL_EXPORTER_OTLP_ENDPOINT
 * set, every service exports its spans by OTLP/HTTP — here to a small receiver in the test, so the
 * real exporter path (batching, the JSON encoding, the POST) is what is proven. One request through
 * the shell yields one trace, its id the request id (`x-request-id`), with spans from the shell, the
 * gateway and two subgraphs, each linked to its caller: the gateway's server span under the shell's,
 * a client span per subgraph fetch under the gateway's, each subgraph's server span under one of
 * those; a rendered page's gateway calls are client spans under the page's span. The shell's own
 * /metrics listener answers with its series.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { testBackends } from '@sumika/storage-kit/testing';
import { shellOnStack, type ShellOnStack } from './shell-on-stack.js';

/** One exported span as OTLP/JSON carries it, with its service (the resource's service.name). */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

const SERVER = 2;
const CLIENT = 3;

interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: Omit<ExportedSpan, 'service'>[] }[];
  }[];
}

/** A tiny OTLP/HTTP receiver: every span posted to /v1/traces, flattened. */
function otlpReceiver(): Promise<{ server: Server; url: string; spans: ExportedSpan[]; paths: string[] }> {
  const spans: ExportedSpan[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const body = JSON.parse(raw.toString('utf8')) as OtlpBody;
      for (const resource of body.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths })),
  );
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting for spans');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const backend = testBackends()[0]!;

describe('one OpenTelemetry trace through the shell, the gateway and the subgraphs', () => {
  let running: ShellOnStack;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  const saved = { endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT, delay: process.env.OTEL_BSP_SCHEDULE_DELAY };

  beforeAll(async () => {
    receiver = await otlpReceiver();
    // Read by every service as it is built (kits/server tracing.ts); the batch goes out every 100 ms.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
    running = await shellOnStack(backend, { listings: 50 });
  }, 600_000);

  afterAll(async () => {
    await running?.close();
    receiver?.server.close();
    for (const [key, value] of [
      ['OTEL_EXPORTER_OTLP_ENDPOINT', saved.endpoint],
      ['OTEL_BSP_SCHEDULE_DELAY', saved.delay],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('links the shell, the gateway, its subgraph fetches and the search and user subgraphs in one trace', async () => {
    const res = await running.shell.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-sumika-client': 'test' },
      // search answers the list, the user subgraph each listing's `favorited`: two subgraphs, one request.
      payload: { query: '{ searchBukkens(perPage: 2) { result { bukkenList { globalKey favorited } } } }' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toBeUndefined();
    const traceId = String(res.headers['x-request-id']);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const ofTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const server = (service: string) => ofTrace().filter((s) => s.service === service && s.kind === SERVER);
    // The shell's span ends last (after the answer is sent): wait for it and for both subgraphs'.
    await waitFor(() => (server('shell').length && server('search').length && server('user').length ? true : undefined));
    expect(receiver.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);

    const [shell] = server('shell');
    expect(server('shell')).toHaveLength(1);
    expect(shell!.name).toBe('POST /graphql');
    expect(shell!.parentSpanId || undefined).toBeUndefined();

    const [gateway] = server('gateway');
    expect(server('gateway')).toHaveLength(1);
    expect(gateway!.name).toBe('POST /graphql');
    expect(gateway!.parentSpanId).toBe(shell!.spanId);

    const fetches = ofTrace().filter((s) => s.service === 'gateway' && s.kind === CLIENT);
    expect(fetches.map((s) => s.name)).toEqual(expect.arrayContaining(['POST search', 'POST user']));
    for (const fetch of fetches) expect(fetch.parentSpanId).toBe(gateway!.spanId);

    // Each subgraph's server span is the child of the gateway's client span for its fetch.
    for (const subgraph of ['search', 'user']) {
      const spans = server(subgraph);
      const parents = fetches.filter((f) => f.name === `POST ${subgraph}`).map((f) => f.spanId);
      expect(spans.some((s) => s.name === 'POST /graphql' && parents.includes(s.parentSpanId ?? ''))).toBe(true);
    }
    expect([...new Set(ofTrace().map((s) => s.service))].sort()).toEqual(expect.arrayContaining(['gateway', 'search', 'shell', 'user']));
  });

  it("puts a page's gateway calls under client spans of the shell's page span", async () => {
    const res = await running.shell.inject({ url: '/specific/terms' });
    expect(res.statusCode).toBe(200);
    const traceId = String(res.headers['x-request-id']);
    const ofTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const page = await waitFor(() => ofTrace().find((s) => s.service === 'shell' && s.kind === SERVER));
    expect(page.name).toBe('GET /*');
    const calls = await waitFor(() => {
      const found = ofTrace().filter((s) => s.service === 'shell' && s.kind === CLIENT);
      return found.length ? found : undefined;
    });
    for (const call of calls) expect(call.parentSpanId).toBe(page.spanId);
    // The page's visit call reaches the gateway and, through it, the user subgraph.
    const gateway = await waitFor(() => ofTrace().find((s) => s.service === 'gateway' && s.kind === SERVER));
    expect(calls.map((c) => c.spanId)).toContain(gateway.parentSpanId);
    await waitFor(() => ofTrace().find((s) => s.service === 'user' && s.kind === SERVER));
  });

  it("answers the shell's series on its own metrics listener, a streamed page's included", async () => {
    expect((await running.shell.inject({ url: '/specific/terms' })).statusCode).toBe(200);
    const graphql = { 'content-type': 'application/json', 'x-sumika-client': 'test' };
    expect((await running.shell.inject({ method: 'POST', url: '/graphql', headers: graphql, payload: { query: '{ prefectures { code } }' } })).statusCode).toBe(
      200,
    );
    const address = await running.shell.metricsServer.listen({ port: 0, host: '127.0.0.1' });
    const body = await (await fetch(`${address}/metrics`)).text();
    expect(body).toMatch(/^http_requests_total\{[^}]*route="\/graphql"[^}]*service="shell"[^}]*\} [1-9]/m);
    expect(body).toMatch(/^http_requests_total\{route="\/\*",method="GET",status="2xx",service="shell"\} [1-9]/m);
    expect(body).toMatch(/^process_cpu_seconds_total\{service="shell"\} /m);
    // Not on the public port.
    expect((await running.shell.inject({ url: '/metrics' })).body).not.toContain('http_requests_total');
  });
});
