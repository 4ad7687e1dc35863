/**
 * @jest-environment node
 *
 * Pages through the real gateway (integration/src/stack.ts): compressed as the browser accepts
 * (brotli first), the same document either way, and their cache headers per kind (issue 15).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { freePort } from './remote-stack.js';

const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The document as the browser reads it. */
function documentOf(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  return encoding === 'br'
    ? brotliDecompressSync(res.rawPayload).toString('utf8')
    : encoding === 'gzip'
      ? gunzipSync(res.rawPayload).toString('utf8')
      : res.body;
}

/** The markup up to the state script, with the per-response nonce blanked (the state has the server's time and A/B draws). */
const markupOf = (doc: string) => doc.slice(0, doc.indexOf('window.__SUMIKA_CLIENT_CONTEXT__')).replace(/nonce="[^"]*"/g, 'nonce=""');

describe('pages: compression and cache headers', () => {
  let stack: Stack;
  let app: FastifyInstance;
  let dataDir: string;
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);
  let cookie: string;

  beforeAll(async () => {
    const port = await freePort();
    const gatewayUrl = `http://127.0.0.1:${port}/graphql`;
    stack = await startStack(testBackends()[0]!, { listings: 30, shellKeys, config: { shellAudiences: [gatewayUrl] } });
    await stack.gateway.listen({ port, host: '127.0.0.1' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-compression-'));
    const closed = 'http://127.0.0.1:9';
    app = await build({
      config: configFromEnv({
        GATEWAY_URL: gatewayUrl,
        DATA_DIR: dataDir,
        MF_SEARCH_URL: closed,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        REMOTE_LOAD_TIMEOUT_MS: '1000',
      }),
    });
    shellJwks = (await app.inject({ url: '/.well-known/jwks.json' })).json();
    // One visitor for every request, so the documents compare.
    const first = await app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA } });
    const setCookie = first.headers['set-cookie'];
    cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).find((c) => c.startsWith('_uid='))!.split(';')[0]!;
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await stack?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a page with brotli when accepted, gzip when only that is, and the same document as uncompressed', async () => {
    const page = (accept: string) => app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA, cookie, 'accept-encoding': accept } });
    const [br, gzip, plain] = [await page('gzip, deflate, br, zstd'), await page('gzip'), await page('identity')];
    expect([br.statusCode, br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
      200,
      'br',
      'gzip',
      undefined,
    ]);
    for (const res of [br, gzip, plain])
      expect(documentOf(res)).toMatch(
        /^<!DOCTYPE html>[\s\S]*<h1 class="sk-page-heading__title">利用規約<\/h1>[\s\S]*window\.__SUMIKA__=\{[\s\S]*<\/script><\/body><\/html>$/,
      );
    expect(markupOf(documentOf(br))).toBe(markupOf(documentOf(plain)));
    expect(markupOf(documentOf(gzip))).toBe(markupOf(documentOf(plain)));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    for (const res of [br, gzip, plain]) expect(String(res.headers.vary).split(/,\s*/)).toEqual(['user-agent', 'cookie', 'accept-encoding']);
  });

  it('lets a page be kept for back/forward and revalidated (private, no-cache), and keeps error pages out of every cache', async () => {
    const ok = await app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA, cookie, 'accept-encoding': 'br' } });
    expect([ok.statusCode, ok.headers['cache-control']]).toEqual([200, 'private, no-cache']);
    const missing = await app.inject({ url: '/no/such/page', headers: { 'user-agent': PC_UA, cookie, 'accept-encoding': 'br' } });
    expect([missing.statusCode, missing.headers['cache-control'], missing.headers['content-encoding']]).toEqual([404, 'private, no-store', 'br']);
    // Its remote cannot be loaded here: the rest of the page, with a 503 no cache may keep.
    const down = await app.inject({ url: '/', headers: { 'user-agent': PC_UA, cookie } });
    expect([down.statusCode, down.headers['cache-control']]).toEqual([503, 'private, no-store']);
  });

  it('compresses the /graphql proxy’s JSON answers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie, 'accept-encoding': 'br', 'apollo-require-preflight': 'true' },
      payload: JSON.stringify({ query: '{ searchBukkens(prefecturePath: "tokyo", perPage: 30) { result { bukkenList { globalKey name chinryou plan } } } }' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as { data: { searchBukkens: { result: { bukkenList: unknown[] } } } };
    expect(body.data.searchBukkens.result.bukkenList.length).toBeGreaterThan(0);
  });
});
