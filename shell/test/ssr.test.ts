/**
 * @jest-environment node
 *
 * The shell server against the real gateway and subgraphs (integration/src/stack.ts: seeded
 * stores, the five subgraphs and the gateway, nothing mocked): statuses and error pages (SPEC §8),
 * head tags, device views, the visitor cookie round trip, the gateway trusting the shell's token,
 * and a remote that cannot be loaded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { testBackends } from '@sumika/storage-kit/testing';
import { RECAPTCHA_TEST_TOKEN, type Stack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { shellOnStack, type ShellOnStack } from './shell-on-stack.js';

const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const setCookies = (h: string | string[] | undefined): string[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

describe.each(testBackends())('shell SSR through the real gateway on $name', (backend) => {
  let running: ShellOnStack;
  let stack: Stack;
  let app: FastifyInstance;
  let total: number;

  beforeAll(async () => {
    running = await shellOnStack(backend, { listings: 300, env: { PUBLIC_ORIGIN: 'https://sumika.example' } });
    ({ stack, shell: app } = running);
    const counted = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-sumika-client': 'test' },
      payload: { query: '{ searchBukkensCount { count } }' },
    });
    total = counted.json().data.searchBukkensCount.count;
    expect(total).toBeGreaterThan(0);
    // Seeding the stores takes minutes on a loaded 2-core machine.
  }, 600_000);

  afterAll(async () => {
    await running?.close();
  });

  it('renders a shell page with its head tags, the PC viewport and the kit chrome', async () => {
    const res = await app.inject({ url: '/specific/terms', headers: { 'user-agent': PC_UA, host: 'evil.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<meta name="viewport" content="width=1100">');
    expect(res.body).toContain('<title>利用規約｜すみか</title>');
    // Absolute URLs come from PUBLIC_ORIGIN, never from the request's Host.
    expect(res.body).toContain('<link rel="canonical" href="https://sumika.example/specific/terms">');
    expect(res.body).toContain('"item":"https://sumika.example/"');
    expect(res.body).not.toContain('evil.test');
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    expect(res.body).toContain('sk-root--pc');
    expect(res.body).toContain('第1条（適用）');
    // Rendered after the data pass, the page is inline: no hidden segment revealed later by script
    // (React outlines boundaries past 12.8 KB and, since 19.2, reveals them up to 300 ms late).
    expect(res.body).not.toMatch(/hidden id="S:|\$RC\(/);
    // The header's total comes from the real search subgraph.
    expect(res.body).toContain(total.toLocaleString('en-US'));
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

  it('gives a first-time visitor one _uid, signed by the gateway, used for every call of the page', async () => {
    const res = await app.inject({ url: '/statics/help' });
    expect(res.statusCode).toBe(200);
    const uids = setCookies(res.headers['set-cookie']).filter((c) => c.startsWith('_uid='));
    expect(uids).toHaveLength(1);
    expect(uids[0]).toMatch(/^_uid=[0-9a-f]{32}\.[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    // The next page with that cookie mints nothing.
    const cookie = uids[0]!.split(';')[0]!;
    const again = await app.inject({ url: '/statics/help', headers: { cookie } });
    expect(setCookies(again.headers['set-cookie']).filter((c) => c.startsWith('_uid='))).toEqual([]);
  });

  it('gives a visitor whose _uid is refused (USER_ID_ERROR) a fresh identity', async () => {
    const res = await app.inject({ url: '/statics/help', headers: { cookie: '_uid=forged.sig' } });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res.headers['set-cookie']).filter((c) => /^_uid=[0-9a-f]{32}\./.test(c))).toHaveLength(1);
  });

  it('keeps the page up when its remote cannot be loaded: error box inside the layout, header and footer intact', async () => {
    const res = await app.inject({ url: '/', headers: { 'user-agent': PC_UA } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('data-testid="remote-error"');
    expect(res.body).toContain('sk-header');
    expect(res.body).toContain('sk-footer');
    expect(res.body).toContain(total.toLocaleString('en-US'));
  });

  it("proxies /graphql with the shell's token: the gateway sees the visitor's address and cookie, set-cookie comes back", async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ prefectures { code } }' }),
    });
    expect(first.statusCode).toBe(200);
    const uid = setCookies(first.headers['set-cookie'])
      .find((c) => c.startsWith('_uid='))!
      .split(';')[0]!;
    const send = await app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json', cookie: uid, 'x-forwarded-for': '6.6.6.6' },
      payload: JSON.stringify({
        query:
          'mutation Send($t: String!) { sendInquiry(name: "山田 太郎", email: "taro@example.jp", inquiryType: "usage", inquiryContent: "保存した条件の使い方を教えてください。", recaptchaToken: $t) { id } }',
        variables: { t: RECAPTCHA_TEST_TOKEN },
      }),
    });
    expect(send.statusCode).toBe(200);
    expect(send.json().errors).toBeUndefined();
    const { rows } = await stack.writeStores.forms.pool.query<{ uid: string; ip: string }>('SELECT uid, ip FROM submission ORDER BY id DESC LIMIT 1');
    expect(rows[0]).toEqual({ uid: decodeURIComponent(uid.slice('_uid='.length)).split('.')[0], ip: '203.0.113.9' });
  });

  const badRequests: [label: string, statuses: number[], url?: string][] = [
    ['//', [404]],
    ['///', [404]],
    ['//evil.com/x', [404]],
    ['/%', [400]],
    ['/%zz', [400]],
    ['/search/%E0%A4%A', [400]],
    ['/a%00b', [400]],
    ['/statics/help?q=%00', [400]],
    ['/statics/help?ref_code=%01x', [400]],
    ['a 12,000-character path', [404], `/${'a'.repeat(12_000)}`],
    ['12,000 slashes', [404], `/${'/'.repeat(12_000)}a`],
    ['10,000 query parameters', [200], `/statics/help?${Array.from({ length: 10_000 }, (_, i) => `p${i}=${i}`).join('&')}`],
    ['5,000 repeated ref_code parameters', [200], `/statics/help?${Array.from({ length: 5_000 }, () => 'ref_code=x').join('&')}`],
  ];
  // Three columns in every row: jest takes a test function with more parameters than columns to want `done`.
  it.each(badRequests.map(([label, statuses, url]): [string, number[], string] => [label, statuses, url ?? label]))(
    'answers the bad request %s with a noindex page, never 500',
    async (_label, statuses, url) => {
      const started = Date.now();
      const res = await app.inject({ url, headers: { 'user-agent': PC_UA } });
      expect(statuses).toContain(res.statusCode);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      if (res.statusCode >= 400) {
        expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
        expect(res.body).toContain(`<title>Error ${res.statusCode}</title>`);
      }
      expect(res.body).not.toContain('evil.com');
      expect(res.body).not.toMatch(/ERR_|FST_|Invalid URL/);
    },
  );

  // (A missing Host is tested on the wire below: inject always sends one.)
  it.each(['bad host', '[::1', 'a/b', '<script>x</script>', 'sumika.example:99999'])('answers a malformed Host header (%j) with the 400 page', async (host) => {
    const res = await app.inject({ url: '/statics/help', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<title>Error 400</title>');
    expect(res.body).toContain('noindex');
    expect(res.body).not.toContain('<script>x');
  });

  it('sets the security headers: a CSP with a fresh nonce on every script it writes, frame-ancestors none, nosniff, referrer and permissions policies', async () => {
    const pages = await Promise.all(['/statics/help', '/no/such/page'].map((url) => app.inject({ url, headers: { 'user-agent': PC_UA } })));
    const nonces = pages.map((res) => {
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k!, v]),
      );
      const scriptSrc = directives.get('script-src') ?? [];
      expect(scriptSrc).toContain("'strict-dynamic'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      // PUBLIC_ORIGIN is https here: upgrade and HSTS (the http case: security-headers.test.ts).
      expect(directives.has('upgrade-insecure-requests')).toBe(true);
      const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      // Every script element the server writes (except JSON-LD data blocks) carries the nonce.
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      for (const tag of res.body.match(/<link rel="preload" as="script"[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // Not only pages: the proxy and plain routes carry them too.
    const health = await app.inject({ url: '/healthz' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a page whose main content lost its subgraph with the 503 page (Retry-After, noindex), naming no service', async () => {
    expect((await app.inject({ url: '/specific/later_payment' })).statusCode).toBe(200);
    await stack.subgraphs.company.close();
    // The gateway's response cache would still answer from the first request.
    expect(
      (await stack.gateway.inject({ method: 'POST', url: '/admin/cache/invalidate', headers: { 'x-admin-token': String(stack.config.adminToken) } }))
        .statusCode,
    ).toBeLessThan(300);
    const res = await app.inject({ url: '/specific/later_payment' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('<title>Error 503</title>');
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('一時的に表示できません。しばらくしてから再度お試しください。');
    expect(res.body).not.toMatch(/subgraph|"company"|ECONNREFUSED|fetch failed|127\.0\.0\.1:\d+\/graphql/i);
    // A page that does not need the company subgraph still renders.
    expect((await app.inject({ url: '/statics/help' })).statusCode).toBe(200);
  });
});

/** A TCP server that accepts connections and never answers: a stopped (SIGSTOP) upstream. */
async function blackhole(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    port: (srv.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
}

/** One raw HTTP/1.1 exchange, so the request line and headers reach the server as written. */
function rawRequest(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    // Not end(): a half-closed socket makes Node drop a response not written yet (httpAllowHalfOpen is off);
    // browsers and curl keep their side open, and Connection: close has the server close it after the answer.
    socket.write(`${head}\r\nConnection: close\r\n\r\n`, 'latin1');
  });
}

describe('the shell when the gateway is down or stalls', () => {
  let dataDir: string;
  let down: FastifyInstance;
  let stalled: FastifyInstance;
  let hole: Awaited<ReturnType<typeof blackhole>>;
  const logs: string[] = [];
  const remotesClosed = {
    MF_SEARCH_URL: 'http://127.0.0.1:9',
    MF_DETAIL_URL: 'http://127.0.0.1:9',
    MF_USER_URL: 'http://127.0.0.1:9',
    MF_FORMS_URL: 'http://127.0.0.1:9',
    REMOTE_LOAD_TIMEOUT_MS: '500',
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-down-'));
    hole = await blackhole();
    down = await build({
      config: configFromEnv({ GATEWAY_URL: 'http://127.0.0.1:9/graphql', BUKKEN_PORT: '9', COMPANY_PORT: '9', DATA_DIR: dataDir, ...remotesClosed }),
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
    });
    stalled = await build({
      config: {
        ...configFromEnv({
          GATEWAY_URL: `http://127.0.0.1:${hole.port}/graphql`,
          BUKKEN_IMAGES_URL: `http://127.0.0.1:${hole.port}`,
          DATA_DIR: dataDir,
          ...remotesClosed,
        }),
        proxyTimeoutMs: 1000,
        imagesTimeoutMs: 1000,
      },
    });
    await down.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await down?.close();
    await stalled?.close();
    await hole?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a page that needs the gateway with the 503 page and Retry-After', async () => {
    const res = await down.inject({ url: '/specific/later_payment', headers: { 'user-agent': PC_UA } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('<title>Error 503</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('一時的に表示できません。しばらくしてから再度お試しください。');
    // (The remotes' entry URLs in the page state are public: the browser loads them.)
    expect(res.body).not.toMatch(/127\.0\.0\.1:9\/graphql|ECONNREFUSED|fetch failed|TimeoutError/i);
  });

  it('answers within ~3 s when the gateway accepts and never answers: the 503 page, never an empty 200', async () => {
    const started = Date.now();
    const res = await stalled.inject({ url: '/specific/later_payment', headers: { 'user-agent': PC_UA } });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('一時的に表示できません。しばらくしてから再度お試しください。');
    expect(took).toBeLessThan(3500);
  });

  it('answers the /graphql and /api proxies with 502/503 and a generic body naming nothing internal', async () => {
    const bodies: string[] = [];
    for (const [app, status] of [
      [down, 502],
      [stalled, 503],
    ] as const) {
      const gql = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: '{"query":"{ prefectures { code } }"}',
      });
      expect(gql.statusCode).toBe(status);
      expect(gql.json()).toEqual({
        errors: [{ message: '一時的に表示できません。しばらくしてから再度お試しください。', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
      expect(gql.headers['retry-after']).toBe('30');
      const rest = await app.inject({ url: '/api/v4_1/favorites' });
      expect(rest.statusCode).toBe(status);
      const image = await app.inject({ url: '/images/bukken/bk000000001/madori.svg' });
      expect(image.statusCode).toBe(status);
      bodies.push(gql.body, rest.body, image.body);
    }
    for (const body of bodies) expect(body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed|gateway|bukken|timeout/i);
    // The logs name what failed.
    expect(logs.join('\n')).toContain('"target":"http://127.0.0.1:9/graphql"');
    expect(logs.join('\n')).toContain('"target":"http://127.0.0.1:9/images/bukken/bk000000001/madori.svg"');
  });

  it('answers a missing or malformed Host header on the wire with the 400 page', async () => {
    const { port } = down.server.address() as AddressInfo;
    const missing = await rawRequest(port, 'GET /statics/help HTTP/1.1');
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('noindex');
    const malformed = await rawRequest(port, 'GET /statics/help HTTP/1.1\r\nHost: a b c');
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('noindex');
    const slashes = await rawRequest(port, 'GET // HTTP/1.1\r\nHost: localhost');
    expect(slashes.status).toBe(404);
    const absolute = await rawRequest(port, 'GET http://evil.com/x HTTP/1.1\r\nHost: localhost');
    expect([400, 404]).toContain(absolute.status);
    expect(absolute.text).not.toContain('evil.com');
  });

  it('has /healthz and /readyz (ready once its attempt to load the remotes, all down, settled)', async () => {
    expect((await down.inject({ url: '/healthz' })).statusCode).toBe(200);
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      ready = (await down.inject({ url: '/readyz' })).statusCode;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(ready).toBe(200);
  });
});
