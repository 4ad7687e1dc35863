/**
 * Server-rendered pages under load: the shell's SSR (data pass through the gateway, the remote's
 * Node build, streaming HTML) for the pages visitors land on. Runs against a site that is already
 * up (`npm start`, or BENCH_BASE_URL), with autocannon at concurrency BENCH_CONNECTIONS (8) for
 * BENCH_SECONDS (10) per page, as returning visitors (one `_uid` cookie per connection set) and as
 * first-time ones (no cookie: the gateway mints an identity per request). Prints p50/p95/p99 ms,
 * req/s, errors and HTML bytes (raw and gzip) per page.
 *
 *   npm start            # in another terminal
 *   npm run bench:pages
 */
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const BASE = (process.env.BENCH_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Row {
  page: string;
  visitor: 'returning' | 'first';
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  html: number;
  gzip: number;
}

/** A listing key and a visitor cookie from the running site itself. */
async function discover(): Promise<{ detailPath: string; cookie: string }> {
  const res = await fetch(`${BASE}/search/tokyo/city/13101`);
  if (!res.ok) throw new Error(`${BASE} answered ${res.status}: is the site up (npm start)?`);
  const html = await res.text();
  const key = /\/bukken\/detail\/([A-Za-z0-9_-]+)/.exec(html)?.[1];
  if (!key) throw new Error('no listing link on /search/tokyo/city/13101: is the store seeded?');
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('_uid='))
    ?.split(';')[0];
  if (!cookie) throw new Error('the site set no _uid cookie');
  return { detailPath: `/bukken/detail/${key}`, cookie };
}

async function measure(page: string, cookie: string | undefined): Promise<Row> {
  const url = `${BASE}${page}`;
  const headers: Record<string, string> = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
  if (cookie) headers.cookie = cookie;
  // Warm up: JIT, pools, the remote's module, the gateway's response cache.
  let body = '';
  for (let i = 0; i < 3; i++) body = await (await fetch(url, { headers })).text();
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, () => {});
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
  return {
    page,
    visitor: cookie ? 'returning' : 'first',
    p50: at(50),
    p95: at(95),
    p99: at(99),
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    html: Buffer.byteLength(body),
    gzip: gzipSync(body).length,
  };
}

const { detailPath, cookie } = await discover();
const pages = ['/', '/search/tokyo/city/13101', '/search/words?q=%E6%B8%8B%E8%B0%B7', detailPath, '/favorite', '/statics/help'];
const rows: Row[] = [];
for (const page of pages) rows.push(await measure(page, cookie));
rows.push(await measure('/', undefined));

console.log(`\nSSR pages at ${BASE}, ${CONNECTIONS} connections, ${SECONDS} s each (ms; HTML bytes)`);
console.log(
  [
    'page'.padEnd(34),
    'visitor'.padEnd(10),
    'p50'.padStart(7),
    'p95'.padStart(7),
    'p99'.padStart(7),
    'req/s'.padStart(7),
    'errors'.padStart(7),
    'html'.padStart(8),
    'gzip'.padStart(7),
  ].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.page.slice(0, 34).padEnd(34),
      r.visitor.padEnd(10),
      String(r.p50).padStart(7),
      String(r.p95).padStart(7),
      String(r.p99).padStart(7),
      String(r.rps).padStart(7),
      String(r.errors).padStart(7),
      String(r.html).padStart(8),
      String(r.gzip).padStart(7),
    ].join(' '),
  );
}
