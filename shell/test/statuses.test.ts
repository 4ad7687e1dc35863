/**
 * @jest-environment node
 *
 * Honest page statuses (issue 13) through the whole stack: the real gateway and subgraphs
 * (integration/src/stack.ts) and the real mf-search remote, built for this test. A place or page
 * that does not exist is the 404 page and a malformed parameter the 400 page, both noindex, never
 * an indexable 200 with an empty list.
 */
import { mkdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { buildRemotes, freePort, serveBuiltRemote, shellDir } from './remote-stack.js';

// Inside the repo (dist/ is ignored) so webpack finds react & co. in node_modules; never mf-search/dist.
const work = path.join(shellDir, 'dist', 'test', `statuses-${process.pid}`);

describe.each(testBackends())('page statuses through the gateway and mf-search on $name', (backend) => {
  let stack: Stack;
  let app: FastifyInstance;
  let remote: Server;
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);

  beforeAll(async () => {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    const [, port] = await Promise.all([buildRemotes(['mf-search'], work), freePort()]);
    ({ server: remote } = await serveBuiltRemote('mf-search', work));
    const gatewayUrl = `http://127.0.0.1:${port}/graphql`;
    stack = await startStack(backend, { listings: 300, shellKeys, config: { shellAudiences: [gatewayUrl] } });
    await stack.gateway.listen({ port, host: '127.0.0.1' });
    const closed = 'http://127.0.0.1:9';
    app = await build({
      config: configFromEnv({
        GATEWAY_URL: gatewayUrl,
        DATA_DIR: path.join(work, 'data'),
        MF_SEARCH_URL: `http://127.0.0.1:${(remote.address() as AddressInfo).port}`,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        // A loaded CI machine takes seconds to load the remote's server build the first time.
        REMOTE_LOAD_TIMEOUT_MS: '60000',
        // The first cold operations on a loaded CI machine take longer than a production page may wait
        // (a first page answered 503 there); a part that is down answers at once. Timeouts: ssr.test.
        SHELL_GATEWAY_TIMEOUT_MS: '20000',
        PUBLIC_ORIGIN: 'https://sumika.example',
      }),
    });
    shellJwks = (await app.inject({ url: '/.well-known/jwks.json' })).json();
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await stack?.close();
    await new Promise((resolve) => (remote ? remote.close(resolve) : resolve(undefined)));
    await rm(work, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await app.inject({ url });
    return { status: res.statusCode, body: res.body };
  };

  it('renders a city that exists, and its last page', async () => {
    const city = await page('/search/tokyo/city/13101');
    expect(city.status).toBe(200);
    expect(city.body).toContain('data-testid="search-results"');
    const count = /該当物件<strong>([\d,]+)<\/strong>件/.exec(city.body)?.[1];
    expect(Number(count?.replace(/,/g, ''))).toBeGreaterThan(0);
    const last = Math.max(1, Math.ceil(Number(count!.replace(/,/g, '')) / 30));
    expect((await page(`/search/tokyo/city/13101?page=${last}`)).status).toBe(200);
  });

  it.each([
    ['an unknown city', '/search/tokyo/city/99999'],
    ['a page past the last', '/search/tokyo/city/13101?page=9999'],
    ['an unknown prefecture', '/search/atlantis/city/13101'],
    ['a city of another prefecture', '/search/tokyo/city/27102'],
    ['an unknown town', '/search/tokyo/city/13101/town/1'],
    ['an unknown line of a station page', '/search/tokyo/line/99999/station/1130205'],
    ['an unknown station', '/search/tokyo/line/11302/station/999999999'],
    ['an unknown campus', '/search/campus/987654321'],
    ['an unknown special of a city', '/search/tokyo/city/13101/topic/no-such-special'],
    ['an unknown special', '/topic/no-such-special'],
    ['an unknown special of the city picker', '/search/cities/tokyo/topic/no-such-special'],
    ['an unknown building type of the picker', '/search/cities_lines/tokyo/castle'],
    ['an unknown line of the station picker', '/search/line_stations/tokyo/99999'],
    ['an unknown prefecture page', '/atlantis'],
    ['an unknown sitemap city', '/specific/sitemap/tokyo/99999'],
    ['an unknown archive city', '/archive/city/tokyo/99999'],
    ['an unknown free-word search page', '/search/words?q=%E6%B8%8B%E8%B0%B7&page=9999'],
  ])('answers %s with the 404 page, noindex (%s)', async (_what, url) => {
    const res = await page(url);
    expect([url, res.status]).toEqual([url, 404]);
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('ページを表示できません。(404エラー)');
  });

  it.each([
    ['a negative rent', '/search/tokyo/city/13101?chinryou_min=-5'],
    ['a rent that is not a number', '/search/tokyo/city/13101?chinryou_max=cheap'],
    ['a code that is not a number', '/search/results?city=abc'],
    ['an unknown sort key', '/search/tokyo/city/13101?sort=cheap_asc'],
    ['page zero', '/search/tokyo/city/13101?page=0'],
  ])('answers %s with the 400 page, noindex (%s)', async (_what, url) => {
    const res = await page(url);
    expect([url, res.status]).toEqual([url, 400]);
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('不正なリクエストのため、表示できません。');
  });

  // Last: it stops the search subgraph. A place the remote gets null for, with SERVICE_UNAVAILABLE on it,
  // is search being down, not an unknown place: the 503 page, never the 404 page.
  it('answers pages whose search part is down with the 503 page, not the 404 page', async () => {
    expect((await page('/tokyo')).status).toBe(200);
    await stack.subgraphs.search.close();
    expect(
      (await stack.gateway.inject({ method: 'POST', url: '/admin/cache/invalidate', headers: { 'x-admin-token': String(stack.config.adminToken) } }))
        .statusCode,
    ).toBeLessThan(300);
    for (const url of ['/tokyo', '/search/tokyo/city/13101', '/topic/pet']) {
      const res = await page(url);
      expect([url, res.status]).toEqual([url, 503]);
      expect(res.body).toContain('一時的に表示できません。しばらくしてから再度お試しください。');
    }
  });
});
