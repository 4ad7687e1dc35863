/**
 * @jest-environment node
 *
 * The shell server against a fake gateway: statuses and error pages (SPEC §8), head tags, device
 * views, the visitor cookie round trip, and a remote that cannot be loaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';

const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface GatewayCall {
  operationName: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/** Answers the operations the chrome and the shell's own pages send; records what it was sent. */
function fakeGateway(calls: GatewayCall[], behaviour: { laterPayment: 'ok' | 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR' }) {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { operationName } = JSON.parse(body || '{}') as { operationName: string };
      const cookie = req.headers.cookie;
      calls.push({ operationName, cookie, authorization: req.headers.authorization });
      const send = (json: unknown, status = 200, setCookie?: string) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(setCookie ? { 'set-cookie': setCookie } : {}) });
        res.end(JSON.stringify(json));
      };
      if (cookie?.includes('_uid=forged')) return send({ errors: [{ message: 'ユーザーを確認できません', extensions: { code: 'USER_ID_ERROR' } }] }, 400, '_uid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
      const mint = cookie?.includes('_uid=') ? undefined : '_uid=fresh.sig; Path=/; HttpOnly; SameSite=Lax';
      switch (operationName) {
        case 'ShellVisitor':
          return send(
            {
              data: {
                requiredUserData: { __typename: 'User', lastUpdatedAt: '2026-01-01T00:00:00Z', existApplyData: false, admin: false, stockCount: { __typename: 'StockCount', favorite: 3, detail: 5, search: 1 }, lastSearchCondition: null, bukken: { __typename: 'UserBukken', favorites: [] } },
                abTests: [],
              },
            },
            200,
            mint,
          );
        case 'BukkenTotalCount':
          return send({ data: { searchBukkensCount: { __typename: 'BukkenTotal', count: 12345 } } });
        case 'Regions':
          return send({ data: { regions: { __typename: 'RegionList', regions: [{ __typename: 'Region', code: 'kanto', name: '関東', prefectures: [{ __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' }] }] } } });
        case 'ShellLaterPaymentCompanies':
          if (behaviour.laterPayment === 'ok') return send({ data: { laterPaymentCompanies: [{ __typename: 'LaterPaymentCompany', key: 'st1', companyName: '株式会社テスト', clientName: 'テスト不動産 渋谷店' }] } });
          return send({ data: null, errors: [{ message: 'x', extensions: { code: behaviour.laterPayment } }] });
        default:
          return send({ data: {} }, 200, mint);
      }
    });
  });
}

describe('shell SSR', () => {
  const calls: GatewayCall[] = [];
  const behaviour: { laterPayment: 'ok' | 'NOT_FOUND' | 'INTERNAL_SERVER_ERROR' } = { laterPayment: 'ok' };
  const gateway = fakeGateway(calls, behaviour);
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-ssr-'));
    const closed = 'http://127.0.0.1:9';
    app = await build({
      config: configFromEnv({
        GATEWAY_URL: `http://127.0.0.1:${port}/graphql`,
        DATA_DIR: dataDir,
        MF_SEARCH_URL: closed,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        REMOTE_LOAD_TIMEOUT_MS: '1000',
      }),
    });
  });

  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => gateway.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    calls.length = 0;
    behaviour.laterPayment = 'ok';
  });

  it('renders a shell page with its head tags, the PC viewport and the kit chrome', async () => {
    const res = await app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA, host: 'sumika.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<meta name="viewport" content="width=1100">');
    expect(res.body).toMatch(/<title>利用規約 \| 賃貸住宅情報サイト すみか<\/title>/);
    expect(res.body).toContain('<link rel="canonical" href="http://sumika.test/specific/terms">');
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    expect(res.body).toContain('sk-root--pc');
    expect(res.body).toContain('第1条（適用）');
    // Every gateway call carries the shell's bearer token.
    expect(calls.every((c) => c.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('gives mobile user agents the device-width viewport and the mobile layout', async () => {
    const res = await app.inject({ url: '/checklist', headers: { 'user-agent': SP_UA } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('width=device-width');
    expect(res.body).toContain('sk-root--sp');
  });

  it('answers an unknown path with the 404 page: noindex, no breadcrumbs, the region picker', async () => {
    const res = await app.inject({ url: '/no/such/page', headers: { 'user-agent': PC_UA } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Error 404</title>');
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('ページを表示できません。(404エラー)');
    expect(res.body).toContain('sk-region-map');
    expect(res.body).toContain('関東');
    expect(res.body).not.toContain('BreadcrumbList');
  });

  it('answers a malformed parameter with the 400 page', async () => {
    const res = await app.inject({ url: '/bukken/detail/not.a.key' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<title>Error 400</title>');
    expect(res.body).toContain('不正なリクエストのため、表示できません。');
  });

  it('takes the status from the first GraphQL error code (NOT_FOUND 404, anything else 500)', async () => {
    behaviour.laterPayment = 'NOT_FOUND';
    expect((await app.inject({ url: '/specific/later_payment' })).statusCode).toBe(404);
    behaviour.laterPayment = 'INTERNAL_SERVER_ERROR';
    const res = await app.inject({ url: '/specific/later_payment' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('サーバの内部エラーにより、表示できません。');
    behaviour.laterPayment = 'ok';
    const ok = await app.inject({ url: '/specific/later_payment' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('テスト不動産 渋谷店');
  });

  it('copies the minted _uid to a first-time visitor and uses it for the rest of the page', async () => {
    const res = await app.inject({ url: '/statics/help' });
    expect(res.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^_uid=fresh\.sig/)]));
    expect(calls[0]?.cookie).toBeUndefined();
    expect(calls.slice(1).every((c) => c.cookie?.includes('_uid=fresh.sig'))).toBe(true);
  });

  it('gives a visitor whose _uid is refused (USER_ID_ERROR) a fresh identity', async () => {
    const res = await app.inject({ url: '/statics/help', headers: { cookie: '_uid=forged.sig' } });
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie']].flat()).toEqual([expect.stringMatching(/^_uid=fresh\.sig/)]);
  });

  it('keeps the page up when its remote cannot be loaded: error box inside the layout, header and footer intact', async () => {
    const res = await app.inject({ url: '/', headers: { 'user-agent': PC_UA } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('data-testid="remote-error"');
    expect(res.body).toContain('sk-header');
    expect(res.body).toContain('sk-footer');
    expect(res.body).toContain('12,345');
  });

  it('proxies /graphql to the gateway with the visitor cookie and copies set-cookie back', async () => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ operationName: 'Anything', query: '{ __typename }' }) });
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie']].flat()[0]).toMatch(/^_uid=fresh\.sig/);
    expect(calls.at(-1)?.authorization).toMatch(/^Bearer /);
  });
});
