import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSigningKey, repoRoot, tokenSigner } from '@sumika/server-kit';
import { migrateAll } from '../migrate/migrate.js';
import { closeSeedStores, lastSeedRun, openSeedStores, seed } from '../seed/seed.js';
import { benchQueries, type BenchQuery } from './queries.js';
import { whenReady } from '../runner/ready.js';
import { treesCpuMs } from './cpu.js';

/**
 * npm run bench:search — seeds (or reuses) 1,000,000 listings in PostgreSQL, starts the
 * subgraphs and the gateway as separate processes, and drives the fixed query mix (queries.ts) at
 * concurrency 16 with autocannon, per query kind: through the gateway (response cache
 * off, then on) and against the search subgraph directly. Prints p50/p95/p99, req/s and the CPU ms a
 * request cost the services it reached (the search subgraph's process alone for the subgraph target,
 * every started process for the gateway's; /proc, so Linux only), a steadier figure than latency on a
 * machine the load generator shares.
 */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Comma-separated kinds to drive (prefixes: `map-cell` is every zoom), and targets (`subgraph`, `gateway`, `cache`); all by default. */
const KINDS = process.env.BENCH_KINDS?.split(',').filter(Boolean);
const TARGETS = new Set(process.env.BENCH_TARGETS?.split(',').filter(Boolean) ?? ['subgraph', 'gateway', 'cache']);
const PORTS = { gateway: 4100, search: 4101, bukken: 4102, user: 4103, company: 4104, forms: 4105 };

async function ensureData(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench:search needs PostgreSQL: set DATABASE_URL (see README)');
  const stores = await openSeedStores();
  try {
    const last = await lastSeedRun(stores.search);
    if (last && last.listings >= LISTINGS) {
      console.log(`reusing ${last.listings} listings (seed ${last.seed})`);
      return;
    }
    console.log(`seeding ${LISTINGS} listings…`);
    let shown = 0;
    await seed(stores, {
      listings: LISTINGS,
      onProgress: (done, total) => {
        if (done - shown >= total / 20) {
          shown = done;
          console.log(`  ${Math.round((done / total) * 100)}%`);
        }
      },
    });
  } finally {
    await closeSeedStores(stores);
  }
}

function start(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const tsx = path.join(repoRoot(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [entry], { cwd: repoRoot(), env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`${name} exited with ${code}`);
  });
  return child;
}

async function waitReady(url: string): Promise<void> {
  const { waiting } = await whenReady([{ name: url, url }], { timeoutMs: 60_000 });
  if (waiting.length) throw new Error(`${url} did not become ready`);
}

interface Row {
  target: string;
  kind: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  bytes: number;
  /** CPU ms per response of the processes measured (undefined where /proc cannot be read). */
  cpuMs: number | undefined;
}

function cpuMsOf(pids: readonly number[]): number | undefined {
  try {
    return treesCpuMs(pids);
  } catch {
    return undefined;
  }
}

/** The next variant number for queries that vary per request: one sequence across targets, so no target reuses another's filters. */
let variant = 1;

/** `pids`: the processes whose CPU the requests cost (with their children). */
async function drive(target: string, url: string, queries: BenchQuery[], headers: Record<string, string>, pids: readonly number[]): Promise<Row[]> {
  const kinds = [...new Set(queries.map((q) => q.kind))].filter((k) => !KINDS || KINDS.some((prefix) => k.startsWith(prefix)));
  const rows: Row[] = [];
  for (const kind of kinds) {
    const ofKind = queries.filter((q) => q.kind === kind);
    const bodyOf = (q: BenchQuery, variables = q.variables) => JSON.stringify({ query: q.query, variables });
    const post = { method: 'POST' as const, headers: { 'content-type': 'application/json', ...headers } };
    // Warm up the path (JIT, pools, plans) before measuring.
    for (const q of ofKind) await fetch(url, { ...post, body: bodyOf(q, q.vary ? q.vary(variant++) : q.variables) });
    const latencies: number[] = [];
    // An answer with GraphQL errors (a degraded one: facets without counts when the pool timed out) counts as an error too.
    let degraded = 0;
    const onResponse = (_status: number, body: string) => {
      if (body.includes('"errors"')) degraded++;
    };
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: ofKind.map((q) => {
          const { vary } = q;
          return vary
            ? { ...post, onResponse, setupRequest: (req: object) => ({ ...req, body: bodyOf(q, vary(variant++)) }) }
            : { ...post, onResponse, body: bodyOf(q) };
        }),
      },
      () => {},
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
    const cpuBefore = cpuMsOf(pids);
    const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
    const cpuAfter = cpuMsOf(pids);
    latencies.sort((a, b) => a - b);
    const at = (p: number): number => Math.round((latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0) * 10) / 10;
    rows.push({
      target,
      kind,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      rps: Math.round(result.requests.average),
      errors: result.errors + result.non2xx + degraded,
      bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round(((cpuAfter - cpuBefore) / Math.max(1, latencies.length)) * 100) / 100,
    });
  }
  return rows;
}

/** A visitor's `_uid` cookie from the gateway: measured requests come from a returning visitor. */
async function visitorCookie(gateway: string): Promise<string> {
  const res = await fetch(`${gateway}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ requiredUserData { stockCount { favorite } } }' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('_uid='));
  if (!cookie) throw new Error('the gateway set no _uid cookie');
  return cookie.split(';')[0] as string;
}

async function main(): Promise<void> {
  await ensureData();
  await migrateAll(() => {});
  const key = await generateSigningKey('bench');
  const env = {
    GATEWAY_SIGNING_KEY: JSON.stringify(key.privateJwk),
    GATEWAY_JWKS_URL: `http://127.0.0.1:${PORTS.gateway}/.well-known/jwks.json`,
    SEARCH_URL: `http://127.0.0.1:${PORTS.search}/graphql`,
    BUKKEN_URL: `http://127.0.0.1:${PORTS.bukken}/graphql`,
    COMPANY_URL: `http://127.0.0.1:${PORTS.company}/graphql`,
    USER_URL: `http://127.0.0.1:${PORTS.user}/graphql`,
    FORMS_URL: `http://127.0.0.1:${PORTS.forms}/graphql`,
    GATEWAY_URL: `http://127.0.0.1:${PORTS.gateway}/graphql`,
    ALERT_SCAN_INTERVAL_SECONDS: '0',
  };
  const children: ChildProcess[] = [];
  const stopAll = (): void => children.forEach((c) => c.kill('SIGTERM'));
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  try {
    const search = start('search', 'subgraphs/search/src/server.ts', { ...env, SEARCH_PORT: String(PORTS.search) });
    children.push(search);
    children.push(start('bukken', 'subgraphs/bukken/src/server.ts', { ...env, BUKKEN_PORT: String(PORTS.bukken) }));
    children.push(start('company', 'subgraphs/company/src/server.ts', { ...env, COMPANY_PORT: String(PORTS.company) }));
    children.push(start('user', 'subgraphs/user/src/server.ts', { ...env, USER_PORT: String(PORTS.user) }));
    children.push(start('forms', 'subgraphs/forms/src/server.ts', { ...env, FORMS_PORT: String(PORTS.forms) }));
    const gatewayNoCache = start('gateway', 'gateway/src/server.ts', { ...env, GATEWAY_PORT: String(PORTS.gateway), RESPONSE_CACHE_TTL: '0' });
    children.push(gatewayNoCache);
    await waitReady(`http://127.0.0.1:${PORTS.gateway}/readyz`);
    // The search subgraph is ready once its master, commute graph and listing index have loaded.
    await waitReady(`http://127.0.0.1:${PORTS.search}/readyz`);

    const rows: Row[] = [];
    const token = await (await tokenSigner(key, { ttlSeconds: 3600 }))({});
    if (TARGETS.has('subgraph'))
      rows.push(...(await drive('search subgraph', env.SEARCH_URL, benchQueries('subgraph'), { authorization: `Bearer ${token}` }, [search.pid!])));
    const gatewayOrigin = `http://127.0.0.1:${PORTS.gateway}`;
    const cookie = await visitorCookie(gatewayOrigin);
    const all = () => children.flatMap((c) => (c.pid !== undefined && c.exitCode === null ? [c.pid] : []));
    if (TARGETS.has('gateway')) rows.push(...(await drive('gateway (no cache)', `${gatewayOrigin}/graphql`, benchQueries('gateway'), { cookie }, all())));
    if (TARGETS.has('cache')) {
      gatewayNoCache.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      children.push(start('gateway', 'gateway/src/server.ts', { ...env, GATEWAY_PORT: String(PORTS.gateway), RESPONSE_CACHE_TTL: '300' }));
      await waitReady(`http://127.0.0.1:${PORTS.gateway}/readyz`);
      rows.push(...(await drive('gateway (response cache)', `${gatewayOrigin}/graphql`, benchQueries('gateway'), { cookie }, all())));
    }

    console.log(`\n${LISTINGS.toLocaleString()} listings, ${CONNECTIONS} connections, ${SECONDS} s per kind`);
    console.log(['target'.padEnd(26), 'kind'.padEnd(26), 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors', 'bytes/resp', 'cpu ms/req'].join('  '));
    for (const r of rows) {
      console.log(
        [
          r.target.padEnd(26),
          r.kind.padEnd(26),
          String(r.p50).padStart(6),
          String(r.p95).padStart(6),
          String(r.p99).padStart(6),
          String(r.rps).padStart(5),
          String(r.errors).padStart(6),
          String(r.bytes).padStart(10),
          (r.cpuMs === undefined ? '-' : r.cpuMs.toFixed(2)).padStart(10),
        ].join('  '),
      );
    }
  } finally {
    stopAll();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
