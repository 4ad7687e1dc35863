import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import Fastify from 'fastify';
import { Agent } from 'undici';
import type { ServiceClaims } from '@sumika/server-kit';
import type { GatewayContext } from './context.js';
import { SignedDataSource, type DataSourceOptions } from './signed-data-source.js';

// A real HTTP subgraph stand-in (it answers what the test tells it to) and the real data source over undici.

interface Seen {
  authorization: string | undefined;
  cookie: string | undefined;
  body: { query: string; variables?: Record<string, unknown> };
}

describe('SignedDataSource', () => {
  let seen: Seen[];
  let answer: (req: Seen, res: ServerResponse) => void;
  let url: string;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = { authorization: req.headers.authorization, cookie: req.headers.cookie, body: JSON.parse(raw) as Seen['body'] };
      seen.push(entry);
      // Answers after a moment, so concurrent calls overlap.
      setTimeout(() => answer(entry, res), 30);
    });
  });
  const agent = new Agent({ connections: 16 });
  const sign = async (claims: ServiceClaims) => `token-for-${claims.uid ?? 'anonymous'}`;
  const source = (over: Pick<Partial<DataSourceOptions>, 'visitorFree' | 'timeoutMs' | 'retryAfterTimeoutMs'> = {}) =>
    new SignedDataSource({
      name: 'search',
      url,
      sign,
      agent,
      timeoutMs: 2000,
      retryAfterTimeoutMs: 500,
      breakAfter: 50,
      breakMs: 1000,
      visitorFree: false,
      log: Fastify({ logger: false }).log,
      ...over,
    });
  const call = (ds: SignedDataSource, query: string, context: Partial<GatewayContext> = {}, variables: Record<string, unknown> = {}) =>
    ds.process({
      kind: 'incoming operation',
      request: { query, variables },
      context: { forward: {}, setCookies: [], ...context },
      incomingRequestContext: {},
    } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>);
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  beforeEach(() => {
    seen = [];
    answer = (req, res) => json(res, 200, { data: { echo: req.body.variables ?? null } });
  });
  afterAll(async () => {
    await agent.close();
    server.close();
  });

  it('sends one request for identical reads in flight, and gives each caller its own copy', async () => {
    const ds = source();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(ds, '{ echo }', { uid: 'a' }, { page: 1 })));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer token-for-a');
    expect(results.every((r) => JSON.stringify(r) === JSON.stringify({ data: { echo: { page: 1 } } }))).toBe(true);
    (results[0]!.data as Record<string, unknown>).echo = 'changed';
    expect(results[1]!.data).toEqual({ echo: { page: 1 } });
    // Once settled, the next read goes to the subgraph again.
    await call(ds, '{ echo }', { uid: 'a' }, { page: 1 });
    expect(seen).toHaveLength(2);
  });

  it('never shares between visitors, forwarded cookies, variables or mutations', async () => {
    const ds = source();
    await Promise.all([
      call(ds, '{ echo }', { uid: 'a' }),
      call(ds, '{ echo }', { uid: 'b' }),
      call(ds, '{ echo }', { uid: 'a', forward: { cookie: 'ab=1' } }),
      call(ds, '{ echo }', { uid: 'a' }, { page: 2 }),
      call(ds, 'mutation { echo }', { uid: 'a' }),
      call(ds, 'mutation { echo }', { uid: 'a' }),
    ]);
    expect(seen).toHaveLength(6);
    expect(seen.map((s) => s.cookie)).toContain('ab=1');
  });

  it('sends reads of a visitor-free subgraph anonymous, shared across visitors; its mutations carry the visitor', async () => {
    const ds = source({ visitorFree: true });
    await Promise.all([
      call(ds, '{ echo }', { uid: 'a', forward: { cookie: 'ab=1', 'user-agent': 'x' } }),
      call(ds, '{ echo }', { uid: 'b' }),
      call(ds, '{ echo }'),
    ]);
    expect(seen).toEqual([{ authorization: 'Bearer token-for-anonymous', cookie: undefined, body: { query: '{ echo }', variables: {} } }]);
    seen = [];
    await call(ds, 'mutation { echo }', { uid: 'a', forward: { cookie: 'ab=1' } });
    expect(seen.map((s) => [s.authorization, s.cookie])).toEqual([['Bearer token-for-a', 'ab=1']]);
  });

  it("passes each caller the subgraph's set-cookie headers", async () => {
    answer = (_req, res) => json(res, 200, { data: { echo: 1 } }, { 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
    const ds = source();
    const contexts = [{ setCookies: [] as string[] }, { setCookies: [] as string[] }];
    await Promise.all(contexts.map((c) => call(ds, '{ echo }', c)));
    expect(seen).toHaveLength(1);
    for (const c of contexts) expect(c.setCookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('retries a read once after a 5xx, never a mutation, and answers SERVICE_UNAVAILABLE on the paths it would have filled', async () => {
    answer = (_req, res) => json(res, 503, { errors: [{ message: 'down' }] });
    const ds = source();
    const read = await call(ds, '{ echo other: echo }');
    expect(seen).toHaveLength(2);
    expect(read.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [['echo'], 'SERVICE_UNAVAILABLE'],
      [['other'], 'SERVICE_UNAVAILABLE'],
    ]);
    seen = [];
    await call(ds, 'mutation { echo }');
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 4xx, and bounds a stalled subgraph by its budget, retry included', async () => {
    answer = (_req, res) => json(res, 400, { errors: [{ message: 'bad' }] });
    const ds = source();
    expect((await call(ds, '{ echo }')).errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(seen).toHaveLength(1);
    seen = [];
    answer = () => undefined; // never answers
    const started = performance.now();
    const stalled = await call(source({ timeoutMs: 400, retryAfterTimeoutMs: 100 }), '{ echo }');
    const ms = performance.now() - started;
    expect(stalled.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(seen).toHaveLength(2);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(1500);
  });
});
