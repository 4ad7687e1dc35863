/**
 * `npm run bench:pages`: server-rendered pages under load and the CPU each costs, per service (issue 15).
 * Starts the site as `npm start` does on free ports with its own embedded store (`.data/bench-pages`,
 * seeded once; infra/src/bench/site.ts), so it runs beside a running site, and stops it at the end.
 * For the top, a results, a detail and the favorites page: warm up, then autocannon for `--duration`
 * seconds at `--connections` as a returning visitor (the cookies the site set: `_uid`, the A/B
 * variants), reading each service's CPU time (utime + stime of its process and children,
 * /proc/<pid>/stat) before and after: CPU ms per page per service = the difference / the responses.
 * `--first-visits` adds the same pages without a cookie (the gateway mints an identity per request). Then the results page's condition panel
 * counts (`SearchPanelCounts` POSTed to /graphql as the browser does): the URL's condition, and new choices.
 * Last line, from the results page's
 * row: `results-page cpu-ms=<n> pages-per-s=<n>`.
 *
 *   npm run bench:pages -- --quick          # 12 s per row, about 90 s once the site is up
 *   npm run bench:pages -- --duration 30 --connections 8 --first-visits
 *
 * BENCH_BASE_URL measures an already running site instead (CPU figures only when BENCH_DATA_DIR names
 * its DATA_DIR, whose run/services.json holds the pids).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '@sumika/server-kit';
import { processTable, TICK_MS, treeTicks } from './cpu.js';
import { discoverVisitor, readPids, startSite, type Site } from './site.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '8' },
    'first-visits': { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(values.duration ?? (values.quick ? 12 : 20));
const WARMUP_S = values.quick ? 3 : 5;
const CONNECTIONS = Number(values.connections);
const FIRST_VISITS = values['first-visits'];
const RESULTS = '/search/tokyo/city/13101';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** The columns of the CPU table: a service, or the four remotes' static servers together. */
/** `subgraphs`: the five in one process, on a BENCH_BASE_URL site started with process groups (decision 020). */
const COLUMNS = ['shell', 'gateway', 'search', 'bukken', 'user', 'company', 'forms', 'subgraphs', 'remotes'] as const;
const column = (service: string) => (service.startsWith('mf-') ? 'remotes' : service);

/**
 * CPU ms so far per column, or undefined when the pids are unknown; `runner` is the runner's own
 * process (its tree minus the services: mostly formatting their log lines), `bench` this process
 * (autocannon). Neither is a service: they are shown apart, outside the total.
 */
function cpuNow(pids: Record<string, number> | undefined, runnerPid: number | undefined): Record<string, number> | undefined {
  if (!pids) return undefined;
  const table = processTable();
  const ms: Record<string, number> = Object.fromEntries(COLUMNS.map((c) => [c, 0]));
  let services = 0;
  for (const [name, pid] of Object.entries(pids)) {
    const ticks = treeTicks(pid, table);
    services += ticks;
    ms[column(name)] = (ms[column(name)] ?? 0) + ticks * TICK_MS;
  }
  if (runnerPid) ms.runner = (treeTicks(runnerPid, table) - services) * TICK_MS;
  const own = process.cpuUsage();
  ms.bench = (own.user + own.system) / 1000;
  return ms;
}

interface Row {
  page: string;
  visitor: 'returning' | 'first';
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** CPU ms per response by column; undefined without pids. */
  cpu?: Record<string, number>;
  cpuTotal?: number;
}

/** A POST of a GraphQL operation as the browser sends it, instead of a page GET; `body` gives each request's JSON. */
interface Operation {
  label: string;
  body: () => string;
}

async function measure(
  base: string,
  page: string,
  cookie: string | undefined,
  pids: () => Record<string, number> | undefined,
  runnerPid?: number,
  operation?: Operation,
): Promise<Row> {
  const url = operation ? `${base}/graphql` : `${base}${page}`;
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  if (cookie) headers.cookie = cookie;
  if (operation) headers['content-type'] = 'application/json';
  const method: 'POST' | 'GET' = operation ? 'POST' : 'GET';
  const requests: autocannon.Request[] | undefined = operation && [{ method, setupRequest: (req) => ({ ...req, body: operation.body() }) }];
  const options: autocannon.Options = { url, method, headers, connections: CONNECTIONS, ...(requests ? { requests } : {}) };
  // Warm up: JIT, pools, the remote's module, caches.
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url, { method, headers, ...(operation ? { body: operation.body() } : {}) });
    const text = await res.text();
    if (operation && (!res.ok || text.includes('"errors"'))) throw new Error(`${operation.label} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  await autocannon({ ...options, duration: WARMUP_S });

  const latencies: number[] = [];
  const before = cpuNow(pids(), runnerPid);
  const instance = autocannon({ ...options, duration: DURATION_S }, () => {});
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  const after = cpuNow(pids(), runnerPid);

  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
  const responses = Math.max(1, latencies.length);
  const cpu = before && after ? Object.fromEntries(Object.keys(after).map((c) => [c, (after[c]! - (before[c] ?? 0)) / responses])) : undefined;
  return {
    page: operation?.label ?? page,
    visitor: cookie ? 'returning' : 'first',
    rps: Math.round((latencies.length / DURATION_S) * 10) / 10,
    p50: at(50),
    p95: at(95),
    errors: result.errors + result.non2xx + result.timeouts,
    cpu,
    cpuTotal: cpu && COLUMNS.reduce((sum, c) => sum + cpu[c]!, 0),
  };
}

const one = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1));

function print(rows: Row[], base: string): void {
  console.log(`\nSSR pages at ${base}, ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up): latency ms, CPU ms per page`);
  console.log("(total = the services; remotes = the four remotes' servers; runner = its log formatting and bench = autocannon, both outside the total)");
  const head = ['page'.padEnd(32), 'visitor'.padEnd(9), 'req/s', 'p50', 'p95', 'errors', ...COLUMNS, 'total', 'runner', 'bench'];
  console.log(head.map((c, i) => (i < 2 ? c : c.padStart(7))).join(' '));
  for (const r of rows) {
    const cells = [
      r.rps.toFixed(1),
      one(r.p50),
      one(r.p95),
      String(r.errors),
      ...COLUMNS.map((c) => one(r.cpu?.[c])),
      one(r.cpuTotal),
      one(r.cpu?.runner),
      one(r.cpu?.bench),
    ];
    console.log([r.page.slice(0, 32).padEnd(32), r.visitor.padEnd(9), ...cells.map((c) => c.padStart(7))].join(' '));
  }
}

/** The panel's counts document as the build persisted it (the browser sends this text). */
function panelDocument(): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot(), 'gateway', '__generated__', 'persisted-documents.json'), 'utf8')) as {
    operations: { name: string; body: string }[];
  };
  const op = manifest.operations.find((o) => o.name === 'SearchPanelCounts');
  if (!op) throw new Error('SearchPanelCounts is not in gateway/__generated__/persisted-documents.json');
  return op.body;
}

/**
 * The results page's panel counts for its city: the URL's condition (`panel: same`), and conditions a
 * visitor would choose, each different from the last minute's (`panel: new choice`: rent max × walk
 * minutes × built years from the panel's own options, as the first answer lists them: over 1,500
 * combinations, more than a run asks).
 */
async function panelOperations(base: string, cookie: string): Promise<Operation[]> {
  const query = panelDocument();
  const area = { prefecturePath: 'tokyo', cityCodes: [13101], withCities: true, withStations: false };
  const same = JSON.stringify({ query, variables: area });
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: same });
  type Option = { value: string };
  const { data } = (await res.json()) as { data?: { searchBukkens: { facets: Record<'rentMax' | 'walkMin' | 'builtYear', Option[]> } } };
  const values = (name: 'rentMax' | 'walkMin' | 'builtYear') => (data?.searchBukkens.facets[name] ?? []).map((o) => Number(o.value)).filter((v) => v > 0);
  const [rents, walks, years] = [values('rentMax'), values('walkMin'), values('builtYear')];
  if (!rents.length || !walks.length || !years.length) throw new Error(`SearchPanelCounts gave no options (${res.status})`);
  let n = 0;
  const next = () => {
    const i = n++;
    const searchCondition = {
      chinryou: { max: rents[i % rents.length] },
      walkMin: walks[Math.floor(i / rents.length) % walks.length],
      builtYear: years[Math.floor(i / (rents.length * walks.length)) % years.length],
    };
    return JSON.stringify({ query, variables: { ...area, searchCondition } });
  };
  return [
    { label: 'panel counts: same', body: () => same },
    { label: 'panel counts: new choice', body: next },
  ];
}

async function main(): Promise<void> {
  let site: Site | undefined;
  let base: string;
  let pids: () => Record<string, number> | undefined;
  if (process.env.BENCH_BASE_URL) {
    base = process.env.BENCH_BASE_URL.replace(/\/$/, '');
    const dataDir = process.env.BENCH_DATA_DIR;
    pids = () => (dataDir ? readPids(dataDir) : undefined);
    if (!dataDir) console.log('BENCH_BASE_URL without BENCH_DATA_DIR: no CPU figures (the pids are unknown)');
  } else {
    // One process per service (not the embedded default's groups, decision 020), so CPU is told per service.
    site = await startSite({ dataDir: path.join(repoRoot(), '.data', 'bench-pages'), log: (line) => console.log(line), env: { PROCESS_GROUPS: 'off' } });
    base = site.base;
    pids = () => site!.pids();
  }
  try {
    const started = Date.now();
    const { detailPath, cookie } = await discoverVisitor(base, RESULTS);
    const pages = ['/', RESULTS, detailPath, '/favorite'];
    const rows: Row[] = [];
    for (const page of pages) {
      rows.push(await measure(base, page, cookie, pids, site?.runnerPid));
      console.log(`${page}: ${rows[rows.length - 1]!.rps.toFixed(1)} pages/s`);
    }
    if (FIRST_VISITS) for (const page of pages) rows.push(await measure(base, page, undefined, pids, site?.runnerPid));
    // The results page's condition panel asks its counts from the browser after hydration (issue 16):
    // once for the URL's condition (shared by every visitor of the page: the gateway's cache answers),
    // then once per change the visitor makes (a condition nobody asked in the last minute: computed).
    for (const operation of await panelOperations(base, cookie)) {
      rows.push(await measure(base, RESULTS, cookie, pids, site?.runnerPid, operation));
      console.log(`${operation.label}: ${rows[rows.length - 1]!.rps.toFixed(1)} req/s`);
    }
    print(rows, base);
    console.log(`(measured in ${Math.round((Date.now() - started) / 1000)} s once the site was up)`);
    const results = rows.find((r) => r.page === RESULTS && r.visitor === 'returning')!;
    console.log(`results-page cpu-ms=${results.cpuTotal === undefined ? 'n/a' : results.cpuTotal.toFixed(1)} pages-per-s=${results.rps.toFixed(1)}`);
  } finally {
    await site?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`[bench:pages] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
