/**
 * @jest-environment node
 *
 * Pages through the real gateway (integration/src/stack.ts): compressed as the browser accepts
 * (brotli first), the same document either way, and their cache headers per kind (issue 15).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { testBackends } from '@sumika/storage-kit/testing';
import { shellOnStack, type ShellOnStack } from './shell-on-stack.js';

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
  let running: ShellOnStack;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    running = await shellOnStack(testBackends()[0]!, { listings: 30 });
    app = running.shell;
    // One visitor for every request, so the documents compare.
    const first = await app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA } });
    const setCookie = first.headers['set-cookie'];
    cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).find((c) => c.startsWith('_uid='))!.split(';')[0]!;
  }, 600_000);

  afterAll(async () => {
    await running?.close();
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
