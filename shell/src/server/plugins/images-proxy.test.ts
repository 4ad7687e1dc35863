/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import imagesProxy from './images-proxy.js';
import { blackhole, refusingOrigin, upstream } from './proxy-testing.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const ETAG = '"madori-v1"';
const MESSAGE = '一時的に表示できません。しばらくしてから再度お試しください。';

describe('images proxy (@fastify/reply-from)', () => {
  let bukken: Awaited<ReturnType<typeof upstream>>;
  let company: Awaited<ReturnType<typeof upstream>>;
  let shell: FastifyInstance;
  const seen: Record<string, string | string[] | undefined>[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    bukken = await upstream((app) => {
      app.get('/images/bukken/:key/madori.svg', async (req, reply) => {
        seen.push(req.headers);
        urls.push(req.url);
        reply
          .header('cache-control', 'public, max-age=86400')
          .header('etag', ETAG)
          .header('last-modified', 'Wed, 01 Jan 2025 00:00:00 GMT')
          .header('vary', 'accept-encoding');
        reply.header('x-internal-node', 'bukken-7').header('set-cookie', 'leak=1');
        if (req.headers['if-none-match'] === ETAG) return reply.code(304).send();
        return reply.type('image/svg+xml').send(SVG);
      });
      app.get('/images/bukken/broken/madori.svg', async (_req, reply) =>
        reply.code(500).header('etag', '"stack"').header('x-internal-node', 'bukken-7').type('text/plain').send('TypeError at /srv/bukken/draw.ts:12'),
      );
    });
    company = await upstream((app) => {
      app.get('/images/company/:key/storefront.svg', async (_req, reply) =>
        reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(SVG),
      );
    });
    shell = Fastify();
    await shell.register(imagesProxy, { bukkenImagesUrl: `${bukken.origin}/`, companyImagesUrl: company.origin, timeoutMs: 1000 });
  });

  afterAll(async () => {
    await shell?.close();
    await bukken?.app.close();
    await company?.app.close();
  });

  it("passes the image and its own headers through, and only the browser's format and validator headers up", async () => {
    const res = await shell.inject({
      url: '/images/bukken/bk000000001/madori.svg?v=2&bad=%zz',
      headers: { accept: 'image/svg+xml', cookie: '_uid=secret', authorization: 'Bearer x', 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SVG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-length': String(Buffer.byteLength(SVG)),
      'cache-control': 'public, max-age=86400',
      etag: ETAG,
      'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
      vary: 'accept-encoding',
    });
    expect(res.headers['x-internal-node']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    const up = seen.at(-1)!;
    expect(up.accept).toBe('image/svg+xml');
    expect(up.host).toBe(new URL(bukken.origin).host);
    expect(urls.at(-1)).toBe('/images/bukken/bk000000001/madori.svg?v=2&bad=%zz');
    expect(up.cookie).toBeUndefined();
    expect(up.authorization).toBeUndefined();
    expect(up['accept-language']).toBeUndefined();
    const store = await shell.inject({ url: '/images/company/c1/storefront.svg' });
    expect(store.statusCode).toBe(200);
    expect(store.headers['cache-control']).toBe('public, max-age=3600');
    expect(store.body).toBe(SVG);
  });

  it('passes a revalidation through: If-None-Match up, 304 with the validator back, no body', async () => {
    const res = await shell.inject({ url: '/images/bukken/bk000000001/madori.svg', headers: { 'if-none-match': ETAG } });
    expect(seen.at(-1)!['if-none-match']).toBe(ETAG);
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe(ETAG);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toBe('');
  });

  it("passes a 404 through, and answers the subgraph's 5xx with 502 and the generic message, none of its headers or body", async () => {
    expect((await shell.inject({ url: '/images/bukken/bk000000001/nothing.svg' })).statusCode).toBe(404);
    const res = await shell.inject({ url: '/images/bukken/broken/madori.svg' });
    expect(res.statusCode).toBe(502);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['x-internal-node']).toBeUndefined();
    expect(res.body).toBe(MESSAGE);
  });

  it('answers 502 when the subgraph refuses and 503 within the timeout when it never answers', async () => {
    const hole = await blackhole();
    const down = Fastify();
    const slow = Fastify();
    try {
      await down.register(imagesProxy, { bukkenImagesUrl: await refusingOrigin(), companyImagesUrl: await refusingOrigin() });
      await slow.register(imagesProxy, { bukkenImagesUrl: hole.origin, companyImagesUrl: hole.origin, timeoutMs: 300 });
      for (const url of ['/images/bukken/bk000000001/madori.svg', '/images/company/c1/storefront.svg']) {
        const refused = await down.inject({ url });
        expect([refused.statusCode, refused.headers['retry-after'], refused.body]).toEqual([502, '30', MESSAGE]);
        const started = Date.now();
        const stalled = await slow.inject({ url });
        expect([stalled.statusCode, stalled.headers['retry-after'], stalled.body]).toEqual([503, '30', MESSAGE]);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      await down.close();
      await slow.close();
      await hole.close();
    }
  });
});
