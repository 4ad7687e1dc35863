/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import gatewayProxy, { upstreamFailureStatus } from './gateway-proxy.js';
import { blackhole, refusingOrigin, upstream } from './proxy-testing.js';

const MESSAGE = '一時的に表示できません。しばらくしてから再度お試しください。';
const signer = { token: async () => 'shell-token', publicJwk: {} };

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
}

describe('gateway proxy (@fastify/reply-from)', () => {
  let gateway: Awaited<ReturnType<typeof upstream>>;
  let shell: FastifyInstance;
  const seen: Seen[] = [];

  beforeAll(async () => {
    gateway = await upstream((app) => {
      app.addHook('onRequest', async (req) => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: undefined });
      });
      app.addHook('preHandler', async (req) => {
        seen.at(-1)!.body = req.body as Buffer | undefined;
      });
      app.post('/graphql', async (_req, reply) => {
        reply.header('set-cookie', ['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax', 'ab_for_ga_session=b; Max-Age=1800; Path=/']);
        reply.header('vary', 'cookie').header('x-powered-by', 'apollo').header('x-subgraph', 'user:4003');
        return reply.type('application/json; charset=utf-8').send('{"data":{"ok":true}}');
      });
      app.get('/graphql', async (req, reply) => {
        reply.header('etag', '"apq-1"').header('cache-control', 'public, max-age=60').header('last-modified', 'Wed, 01 Jan 2025 00:00:00 GMT');
        if (req.headers['if-none-match'] === '"apq-1"') return reply.code(304).send();
        return reply.type('application/json').send('{"data":{"prefectures":[]}}');
      });
      app.get('/api/v4_1/favorites', async (req, reply) => reply.type('application/json').send({ query: req.query }));
      app.put('/api/v4_1/saved', async (_req, reply) =>
        reply.code(503).header('retry-after', '7').type('application/json').send({ errorCode: 'SERVICE_UNAVAILABLE', message: 'from the gateway' }),
      );
      app.get('/api/v4_1/busy', async (_req, reply) =>
        reply.code(503).header('retry-after', '1').type('application/json').send({ errorCode: 'SERVICE_UNAVAILABLE', message: 'busy' }),
      );
    });
    shell = Fastify();
    await shell.register(gatewayProxy, { gatewayUrl: `${gateway.origin}/graphql`, signer, timeoutMs: 1000 });
  });

  afterAll(async () => {
    await shell?.close();
    await gateway?.app.close();
  });

  it("sends the body as it came with the visitor's listed headers and the shell's token; set-cookie and the listed headers come back", async () => {
    const payload = '{"query":"mutation { x }",  "variables":{"name":"山田"}}';
    const res = await shell.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '203.0.113.9',
      headers: {
        'content-type': 'application/json',
        cookie: '_uid=old.sig; q="a b"',
        'x-forwarded-for': '198.51.100.1',
        authorization: 'Bearer visitor-forged',
        'x-internal': 'no',
        referer: 'https://sumika.example/tokyo',
        'user-agent': 'UA',
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"data":{"ok":true}}');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe('20');
    expect(res.headers.vary).toBe('cookie');
    expect(res.headers['set-cookie']).toEqual(['_uid=abc.sig; Path=/; HttpOnly; SameSite=Lax', 'ab_for_ga_session=b; Max-Age=1800; Path=/']);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-subgraph']).toBeUndefined();
    const up = seen.at(-1)!;
    expect(up.body?.toString('utf8')).toBe(payload);
    expect(up.headers).toMatchObject({
      authorization: 'Bearer shell-token',
      cookie: '_uid=old.sig; q="a b"',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      'x-forwarded-for': '198.51.100.1, 203.0.113.9',
      referer: 'https://sumika.example/tokyo',
      'user-agent': 'UA',
      host: new URL(gateway.origin).host,
    });
    expect(up.headers['x-internal']).toBeUndefined();
  });

  it('passes a conditional GET through: If-None-Match up, 304 with its validators back', async () => {
    const url = '/graphql?extensions=%7B%22persistedQuery%22%3A1%7D';
    const full = await shell.inject({ url });
    expect([full.statusCode, full.headers.etag, full.headers['cache-control'], full.headers['last-modified']]).toEqual([
      200,
      '"apq-1"',
      'public, max-age=60',
      'Wed, 01 Jan 2025 00:00:00 GMT',
    ]);
    expect(seen.at(-1)!.url).toBe(url);
    const again = await shell.inject({ url, headers: { 'if-none-match': '"apq-1"' } });
    expect(seen.at(-1)!.headers['if-none-match']).toBe('"apq-1"');
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe('"apq-1"');
    expect(again.body).toBe('');
  });

  it("keeps REST paths and query strings, and passes the gateway's own 503 and Retry-After through without retrying", async () => {
    const list = await shell.inject({ url: '/api/v4_1/favorites?page=2&sort=new' });
    expect(list.json()).toEqual({ query: { page: '2', sort: 'new' } });
    // A query string goes as it came, even one that does not decode (the gateway judges it).
    await shell.inject({ url: '/api/v4_1/favorites?q=%zz&x=%E6%B8%8B' });
    expect(seen.at(-1)!.url).toBe('/api/v4_1/favorites?q=%zz&x=%E6%B8%8B');
    const before = seen.length;
    const put = await shell.inject({ method: 'PUT', url: '/api/v4_1/saved', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect([put.statusCode, put.headers['retry-after'], put.json().message]).toEqual([503, '7', 'from the gateway']);
    // An empty JSON body stays empty (reply-from would send an empty Buffer JSON-encoded).
    const emptyDelete = await shell.inject({ method: 'DELETE', url: '/api/v4_1/saved', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyDelete.statusCode).toBe(404);
    expect(seen.at(-1)!.body?.length ?? 0).toBe(0);
    const busy = await shell.inject({ url: '/api/v4_1/busy' });
    expect([busy.statusCode, busy.headers['retry-after']]).toEqual([503, '1']);
    expect(seen.length - before).toBe(3);
  });

  it('answers 502 when the gateway refuses and 503 within the timeout when it never answers, in GraphQL or REST shape', async () => {
    const hole = await blackhole();
    const down = Fastify();
    const slow = Fastify();
    try {
      await down.register(gatewayProxy, { gatewayUrl: `${await refusingOrigin()}/graphql`, signer });
      await slow.register(gatewayProxy, { gatewayUrl: `${hole.origin}/graphql`, signer, timeoutMs: 300 });
      for (const [app, status] of [
        [down, 502],
        [slow, 503],
      ] as const) {
        const started = Date.now();
        const gql = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query":"{ a }"}' });
        expect(Date.now() - started).toBeLessThan(2000);
        expect([gql.statusCode, gql.headers['retry-after'], gql.headers['cache-control']]).toEqual([status, '30', 'no-store']);
        expect(gql.json()).toEqual({ errors: [{ message: MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
        const rest = await app.inject({ url: '/api/v4_1/favorites' });
        expect([rest.statusCode, rest.headers['retry-after']]).toEqual([status, '30']);
        expect(rest.json()).toEqual({ errorCode: 'SERVICE_UNAVAILABLE', message: MESSAGE });
      }
    } finally {
      await down.close();
      await slow.close();
      await hole.close();
    }
  });
});

describe('upstreamFailureStatus', () => {
  it('is 503 for a timeout (fetch or reply-from) and 502 for anything else', () => {
    expect(upstreamFailureStatus(new DOMException('late', 'TimeoutError'))).toBe(503);
    expect(upstreamFailureStatus(Object.assign(new Error('Gateway Timeout'), { code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT' }))).toBe(503);
    expect(upstreamFailureStatus(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe(503);
    expect(upstreamFailureStatus(Object.assign(new Error('refused'), { code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR' }))).toBe(502);
    expect(upstreamFailureStatus(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(502);
    expect(upstreamFailureStatus(undefined)).toBe(502);
  });
});
