/**
 * @jest-environment node
 *
 * The shell against a gateway in `persisted` mode (decision 021): pages render from the build's
 * manifest alone. The shell's own calls go by hash (GatewaySession.operation), the data pass's
 * (Apollo Client, as the browser prints them) by their full text, which the gateway accepts only
 * because it is the manifest's. The real gateway and subgraphs (integration/src/stack.ts) and the
 * real mf-detail and mf-user remotes, built for this test (a detail page and the favorites: the shell's
 * visit, its chrome and the page's own operations).
 */
import { mkdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { PREFECTURE_PATHS } from '@sumika/spec';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { alterLoadedModules, buildRemotes, freePort, serveBuiltRemote, shellDir, type LoadedModule } from './remote-stack.js';

const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const REMOTES = ['mf-detail', 'mf-user'] as const;
const work = path.join(shellDir, 'dist', 'test', `persisted-${process.pid}`);

describe.each(testBackends())('pages against a persisted-documents gateway on $name', (backend) => {
  let stack: Stack;
  let app: FastifyInstance;
  const servers: Server[] = [];
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);
  /** Page modules as built, or without their `pageQueries` (Apollo Client's data pass sends the documents' text). */
  let declarations: 'as built' | 'hidden' = 'as built';
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
    stack = await startStack(backend, { listings: 300, shellKeys, config: { shellAudiences: [gatewayUrl], documents: 'persisted' } });
    await stack.gateway.listen({ port, host: '127.0.0.1' });
    app = await build({
      config: configFromEnv({
        GATEWAY_URL: gatewayUrl,
        DATA_DIR: path.join(work, 'data'),
        MF_SEARCH_URL: 'http://127.0.0.1:9',
        MF_DETAIL_URL: urls[0]!,
        MF_USER_URL: urls[1]!,
        MF_FORMS_URL: 'http://127.0.0.1:9',
        REMOTE_LOAD_TIMEOUT_MS: '60000',
        SHELL_GATEWAY_TIMEOUT_MS: '20000',
        PUBLIC_ORIGIN: 'https://sumika.example',
      }),
    });
    shellJwks = (await app.inject({ url: '/.well-known/jwks.json' })).json();
    alterLoadedModules(app.federation, (mod: LoadedModule) => (declarations === 'hidden' ? { default: mod.default } : mod));
    const first = await app.inject({ url: '/favorite', headers: { 'user-agent': PC_UA } });
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

  const page = async (url: string) => {
    const res = await app.inject({ url, headers: { 'user-agent': PC_UA, cookie } });
    return { status: res.statusCode, body: res.body };
  };

  it('refuses a document that is not the build’s (the gateway under test is in persisted mode)', async () => {
    const res = await stack.gateway.inject({ method: 'POST', url: '/graphql', payload: { query: '{ regions { regions { code } } }' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.reason).toBe('PERSISTED_QUERY_NOT_ALLOWED');
  });

  it('serves the XML sitemap: an index of prefectures with listings, each prefecture its pages with lastmod (issue 16)', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(index.body).toContain('<sitemap><loc>https://sumika.example/sitemaps/static.xml</loc>');
    const { rows } = await stack.stores.search.pool.query<{ code: number; newest: Date }>(
      'SELECT prefecture_code AS code, max(arrived_at) AS newest FROM listing WHERE NOT archived GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    );
    const busiest = PREFECTURE_PATHS[rows[0]!.code - 1]!;
    expect(index.body).toContain(
      `<sitemap><loc>https://sumika.example/sitemaps/${busiest}.xml</loc><lastmod>${new Date(rows[0]!.newest).toISOString()}</lastmod></sitemap>`,
    );

    const prefecture = await app.inject({ url: `/sitemaps/${busiest}.xml` });
    expect(prefecture.statusCode).toBe(200);
    expect(prefecture.body).toContain(`<url><loc>https://sumika.example/${busiest}</loc><lastmod>${new Date(rows[0]!.newest).toISOString()}</lastmod></url>`);
    const locs = [...prefecture.body.matchAll(/<loc>https:\/\/sumika\.example([^<]+)<\/loc><lastmod>[^<]+<\/lastmod>/g)].map((m) => m[1]!);
    expect(locs.some((l) => l.startsWith(`/search/${busiest}/city/`))).toBe(true);
    expect(locs.some((l) => /\/line\/\d+\/station\/\d+$/.test(l))).toBe(true);

    const statics = await app.inject({ url: '/sitemaps/static.xml' });
    expect(statics.body).toContain('<url><loc>https://sumika.example/</loc></url>');
    expect(statics.body).toContain('<url><loc>https://sumika.example/statics/help</loc></url>');
    expect(statics.body).toMatch(/<loc>https:\/\/sumika\.example\/topic\/[a-z_-]+<\/loc>/);
    expect(statics.body).not.toContain('/favorite');

    for (const url of ['/sitemaps/atlantis.xml', '/sitemaps/sitemap.xml', '/sitemaps/../x.xml', '/sitemaps/TOKYO.xml']) {
      expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 404]);
    }
  });

  it.each([
    ['a detail page', 'detail', 'data-testid="bukken-detail"'],
    ['the favorites', '/favorite', 'お気に入り物件'],
  ])('renders %s, by hash and through the data pass by text', async (_what, given, marker) => {
    let url = given;
    if (given === 'detail') {
      const { rows } = await stack.stores.search.pool.query<{ global_key: string }>(
        'SELECT global_key FROM listing WHERE NOT archived ORDER BY global_key LIMIT 1',
      );
      url = `/bukken/detail/${rows[0]!.global_key}`;
    }
    const byHash = await page(url);
    expect([url, byHash.status]).toEqual([url, 200]);
    expect(byHash.body).toContain(marker);
    declarations = 'hidden';
    try {
      const byText = await page(url);
      expect([url, byText.status]).toEqual([url, 200]);
      expect(byText.body).toContain(marker);
    } finally {
      declarations = 'as built';
    }
  });
});
