/**
 * @jest-environment node
 *
 * One render per page (issue 15): a page module that declares its reads (`pageQueries`) is rendered
 * once, in one synchronous pass, from a cache filled beforehand, with the same status, HTML and
 * hydration state as the data pass gives it (renders until every query has data); a page without
 * the declaration still renders, through the data pass. The real gateway and subgraphs (integration/src/stack.ts) and the real
 * mf-search, mf-detail and mf-user remotes, built for this test.
 */
import { mkdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageQueries, PageQueriesInput } from '@sumika/shell-kit';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { renderCounts } from '../src/server/render/complete-render.js';
import { pageTreeRenders, preloadedReads } from '../src/server/render/render-page.js';
import { alterLoadedModules, buildRemotes, freePort, serveBuiltRemote, shellDir } from './remote-stack.js';

const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const REMOTES = ['mf-search', 'mf-detail', 'mf-user'] as const;
// Inside the repo (dist/ is ignored) so webpack finds react & co. in node_modules.
const work = path.join(shellDir, 'dist', 'test', `one-render-${process.pid}`);

/** The page without what changes per response (the CSP nonce, the render's instant) and with the Apollo state apart. */
function normalise(html: string): { html: string; apolloState: unknown } {
  const state = /window\.__SUMIKA_APOLLO_STATE__=(.*?);window\./s.exec(html)?.[1];
  return {
    html: html
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/"serverDate":"[^"]*"/g, '"serverDate":""')
      .replace(/window\.__SUMIKA_APOLLO_STATE__=.*?;window\./s, 'window.'),
    apolloState: state === undefined ? undefined : JSON.parse(state),
  };
}

describe.each(testBackends())('one render per page through the gateway and the remotes on $name', (backend) => {
  let stack: Stack;
  let app: FastifyInstance;
  const servers: Server[] = [];
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);
  /** How page modules reach the shell: as built, without their `pageQueries` (the data pass renders them), or declaring one query too few. */
  let declarations: 'as built' | 'hidden' | 'one missing' = 'as built';
  let cookie = '';

  beforeAll(async () => {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    const [, port] = await Promise.all([buildRemotes(REMOTES, work), freePort()]);
    const urls: string[] = [];
    for (const name of REMOTES) {
      const { server, url } = await serveBuiltRemote(name, work);
      servers.push(server);
      urls.push(url);
    }
    const gatewayUrl = `http://127.0.0.1:${port}/graphql`;
    stack = await startStack(backend, { listings: 300, shellKeys, config: { shellAudiences: [gatewayUrl] } });
    await stack.gateway.listen({ port, host: '127.0.0.1' });
    app = await build({
      config: configFromEnv({
        GATEWAY_URL: gatewayUrl,
        DATA_DIR: path.join(work, 'data'),
        MF_SEARCH_URL: urls[0]!,
        MF_DETAIL_URL: urls[1]!,
        MF_USER_URL: urls[2]!,
        MF_FORMS_URL: 'http://127.0.0.1:9',
        // A loaded CI machine takes seconds to load a remote's server build the first time.
        REMOTE_LOAD_TIMEOUT_MS: '60000',
        // This test counts renders; the first cold operations on a loaded CI machine take longer than a
        // production page may wait (the first '/' answered 503 there). Timeouts have their own tests (ssr.test).
        SHELL_GATEWAY_TIMEOUT_MS: '20000',
        PUBLIC_ORIGIN: 'https://sumika.example',
      }),
    });
    shellJwks = (await app.inject({ url: '/.well-known/jwks.json' })).json();
    alterLoadedModules(app.federation, (mod) => {
      const declared = mod.pageQueries as PageQueries | undefined;
      if (declarations === 'hidden' || !declared) return { default: mod.default };
      return declarations === 'one missing' ? { default: mod.default, pageQueries: (input: PageQueriesInput) => declared(input).slice(1) } : mod;
    });
    // A returning visitor: the first visit's `_uid`.
    const first = await app.inject({ url: '/', headers: { 'user-agent': PC_UA } });
    expect(first.statusCode).toBe(200);
    const setCookie = first.headers['set-cookie'];
    cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((c) => c.split(';')[0])
      .filter(Boolean)
      .join('; ');
    expect(cookie).toMatch(/_uid=/);
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await stack?.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await rm(work, { recursive: true, force: true });
  });

  /** One request: status, body, and how many times the shell rendered the page tree for it. */
  const page = async (url: string, ua = PC_UA) => {
    const before = pageTreeRenders();
    const readsBefore = preloadedReads();
    const streamedBefore = renderCounts().streamed;
    const res = await app.inject({ url, headers: { 'user-agent': ua, cookie } });
    return {
      status: res.statusCode,
      body: res.body,
      renders: pageTreeRenders() - before,
      preloadedReads: preloadedReads() - readsBefore,
      streamed: renderCounts().streamed - streamedBefore,
    };
  };

  const detailUrl = async () => {
    const results = await page('/search/tokyo/city/13101');
    const key = /href="(\/bukken\/detail\/[^"?]+)"/.exec(results.body)?.[1];
    expect(key).toBeDefined();
    return key!;
  };

  it.each([
    ['the top page', '/', 'data-testid="top-page"', PC_UA],
    ['the top page (mobile)', '/', 'data-testid="top-page"', SP_UA],
    ['a results page', '/search/tokyo/city/13101', 'data-testid="search-results"', PC_UA],
    ['a results page (mobile, page 2)', '/search/results?page=2', 'data-testid="search-results"', SP_UA],
    ['the results of every listing', '/search/results', 'data-testid="search-results"', PC_UA],
    ['a detail page', 'detail', 'data-testid="bukken-detail"', PC_UA],
    ['the favorites', '/favorite', 'お気に入り物件', PC_UA],
  ])('renders %s once, as the data pass does', async (_what, given, marker, ua) => {
    const url = given === 'detail' ? await detailUrl() : given;
    // A lazy chunk loads once per process (the detail page's map picture): until it has, its first
    // render waits through the stream (complete-render.ts). From then on, every render is one pass.
    await page(url, ua);
    const once = await page(url, ua);
    // …in one synchronous pass, not through the stream (complete-render.ts).
    expect([url, once.status, once.renders, once.streamed]).toEqual([url, 200, 1, 0]);
    expect(once.body).toContain(marker);
    // The render read the answers fetched for it as they came, not back out of the normalised cache.
    expect(once.preloadedReads).toBeGreaterThan(0);
    declarations = 'hidden';
    try {
      const passes = await page(url, ua);
      expect(passes.status).toBe(200);
      expect(passes.renders).toBeGreaterThan(1);
      expect(normalise(once.body)).toEqual(normalise(passes.body));
    } finally {
      declarations = 'as built';
    }
  });

  it.each([
    ['an unknown city: the page declares 404', '/search/tokyo/city/99999', 404],
    ['a malformed rent: the page declares 400', '/search/tokyo/city/13101?chinryou_min=-5', 400],
    ['an unknown listing', '/bukken/detail/zz999999999', 404],
  ])('answers %s with the same error page', async (_what, url, status) => {
    const once = await page(url);
    expect([url, once.status]).toEqual([url, status]);
    expect(once.body).toContain('noindex');
    declarations = 'hidden';
    try {
      const passes = await page(url);
      expect(passes.status).toBe(status);
      expect(normalise(once.body)).toEqual(normalise(passes.body));
    } finally {
      declarations = 'as built';
    }
  });

  it('renders a page without pageQueries through the data pass', async () => {
    const prefecture = await page('/tokyo');
    expect(prefecture.status).toBe(200);
    expect(prefecture.renders).toBeGreaterThan(1);
    expect(prefecture.body).toContain('東京都');
  });

  it('renders a page whose declaration misses a query it reads through the data pass, unchanged', async () => {
    const url = '/search/tokyo/city/13101';
    const once = await page(url);
    declarations = 'one missing';
    try {
      const fallback = await page(url);
      expect([fallback.status, fallback.renders > 1]).toEqual([200, true]);
      expect(normalise(fallback.body)).toEqual(normalise(once.body));
    } finally {
      declarations = 'as built';
    }
  });
});
