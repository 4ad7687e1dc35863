/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyInstance } from 'fastify';
import clientAssets from './client-assets.js';
import compression, { endCompressed, preferredEncoding } from './compression.js';
import { upstream } from './proxy-testing.js';

/** A page-like body: big enough to compress, different on every line. */
const PAGE = Array.from({ length: 400 }, (_, i) => `<li>物件 ${i}: 家賃 ${(i * 7919) % 100000}円</li>`).join('\n');
const JSON_BODY = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `物件${i}` })) };

function decode(encoding: unknown, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === undefined) return raw.toString('utf8');
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compression of dynamic responses', () => {
  let app: FastifyInstance;
  let origin: Awaited<ReturnType<typeof upstream>>;

  beforeAll(async () => {
    origin = await upstream((up) => {
      up.get('/big', async (_req, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(JSON_BODY)));
    });
    app = Fastify();
    await app.register(compression);
    // As the SSR sends a page: hijacked, then the whole document at once.
    app.get('/page', async (req, reply) => {
      reply.hijack();
      reply.raw.statusCode = 200;
      reply.raw.setHeader('content-type', 'text/html; charset=utf-8');
      endCompressed(reply.raw, req.headers['accept-encoding'], Buffer.from(`<!DOCTYPE html><head></head>${PAGE}</html>`));
    });
    app.get('/json', async () => JSON_BODY);
    app.get('/small', async () => ({ ok: true }));
    await app.register(async (scope) => {
      await scope.register(replyFrom);
      scope.get('/proxied', (_req, reply) => reply.from(`${origin.origin}/big`));
    });
  });

  afterAll(async () => {
    await app.close();
    await origin.app.close();
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('a page with accept-encoding %s comes back as %s, decoding to the same HTML', async (accept, encoding) => {
    const res = await app.inject({ url: '/page', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe(`<!DOCTYPE html><head></head>${PAGE}</html>`);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(PAGE.length / 3);
  });

  it('compresses JSON replies with brotli when accepted, gzip otherwise, and leaves small ones alone', async () => {
    const br = await app.inject({ url: '/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(JSON.parse(decode('br', br.rawPayload))).toEqual(JSON_BODY);
    const gzip = await app.inject({ url: '/json', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(decode(gzip.headers['content-encoding'], gzip.rawPayload))).toEqual(JSON_BODY);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const none = await app.inject({ url: '/json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect([small.headers['content-encoding'], small.json()]).toEqual([undefined, { ok: true }]);
  });

  it('compresses a proxied (reply-from) response, dropping the upstream content-length', async () => {
    const res = await app.inject({ url: '/proxied', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).not.toBe(String(JSON.stringify(JSON_BODY).length));
    expect(JSON.parse(decode('br', res.rawPayload))).toEqual(JSON_BODY);
  });
});

describe('client assets: precompressed siblings and cache headers', () => {
  let dir: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify(PAGE)});`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shell-assets-'));
    for (const name of ['react.0123abcd.js', 'main.js']) {
      writeFileSync(path.join(dir, name), script);
      // Marked so the test can tell the sibling from a compression made on the fly.
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(`${script}//br`));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(`${script}//gz`));
    }
    writeFileSync(path.join(dir, 'main.0123abcd.css'), `body{color:red}${'.a{margin:0}'.repeat(200)}`);
    app = Fastify();
    await app.register(compression);
    await app.register(clientAssets, { clientDir: dir });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the build’s .br or .gz sibling as the browser accepts, with vary, and the file itself otherwise', async () => {
    const br = await app.inject({ url: '/assets/react.0123abcd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(decode('br', br.rawPayload)).toBe(`${script}//br`);
    const gz = await app.inject({ url: '/assets/react.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(decode(gz.headers['content-encoding'], gz.rawPayload)).toBe(`${script}//gz`);
    const plain = await app.inject({ url: '/assets/react.0123abcd.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, script]);
  });

  it('compresses on the fly a file that has no sibling', async () => {
    const res = await app.inject({ url: '/assets/main.0123abcd.css', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode('br', res.rawPayload)).toMatch(/^body\{color:red\}/);
  });

  it('caches hashed files for a year (immutable), compressed or not, and revalidates the unhashed entry', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    for (const accept of ['br', 'gzip', 'identity']) {
      expect((await app.inject({ url: '/assets/react.0123abcd.js', headers: { 'accept-encoding': accept } })).headers['cache-control']).toBe(immutable);
      expect((await app.inject({ url: '/assets/main.0123abcd.css', headers: { 'accept-encoding': accept } })).headers['cache-control']).toBe(immutable);
      expect((await app.inject({ url: '/assets/main.js', headers: { 'accept-encoding': accept } })).headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('endCompressed when the visitor leaves', () => {
  it('sends nothing once the response has closed, and does not throw', async () => {
    const app = Fastify();
    let [arrived, ended] = [() => {}, () => {}];
    const [inside, done] = [new Promise<void>((r) => (arrived = r)), new Promise<void>((r) => (ended = r))];
    let sent = false;
    app.get('/page', async (req, reply) => {
      reply.hijack();
      reply.raw.once('close', () => {
        const end = reply.raw.end.bind(reply.raw);
        reply.raw.end = ((...args: Parameters<typeof end>) => ((sent = true), end(...args))) as typeof reply.raw.end;
        endCompressed(reply.raw, req.headers['accept-encoding'], Buffer.from(PAGE));
        setTimeout(ended, 50);
      });
      arrived();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/page`;
    const pending = fetch(url, { headers: { 'accept-encoding': 'br' }, signal: ctrl.signal }).catch(() => undefined);
    await inside;
    ctrl.abort();
    await pending;
    await done;
    expect(sent).toBe(false);
    await app.close();
  });
});
