import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import autocannon from 'autocannon';
import { generateSigningKey, repoRoot, tokenSigner, type SigningKey } from '@sumika/server-kit';

/**
 * npm run bench:gateway — our gateway against a stock @apollo/gateway over the same five subgraphs.
 * Starts the subgraphs once on free ports (embedded store under .data/bench-gateway, seeded like
 * `npm start`, or DATABASE_URL), then our gateway (RESPONSE_CACHE_TTL=0) and a stock ApolloServer +
 * ApolloGateway (default options; only a data source signing the token the subgraphs require), and
 * drives the page operations the shell sends (top, results, detail, favorites) as a returning
 * visitor in interleaved rounds (ours, stock, ours, stock…). Prints req/s, p50/p99 per operation
 * and as its last line `geomean-vs-stock-apollo=<ratio> detail-vs-stock-apollo=<ratio>`.
 *
 *   npm run bench:gateway -- --duration 10 --rounds 3 --connections 16
 */

const SUBGRAPHS = ['search', 'bukken', 'user', 'company', 'forms'] as const;
const STOCK_MODE = 'BENCH_STOCK_GATEWAY_PORT';

/** The stock gateway, run as a child of the bench (its own process, like ours). */
async function runStockGateway(port: number): Promise<void> {
  const { ApolloServer } = await import('@apollo/server');
  const { startStandaloneServer } = await import('@apollo/server/standalone');
  const { ApolloGateway, RemoteGraphQLDataSource } = await import('@apollo/gateway');
  const key = JSON.parse(process.env.BENCH_SIGNING_KEY as string) as SigningKey;
  // The kit's signer as the subgraphs require it; no token cache (that is one of our gateway's own optimisations).
  const sign = await tokenSigner(key, process.env.JWT_ISSUER ? { issuer: process.env.JWT_ISSUER } : {});
  interface Ctx {
    uid?: string;
  }
  class SignedSource extends RemoteGraphQLDataSource<Ctx> {
    override async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<Ctx>): Promise<void> {
      request.http?.headers.set('authorization', `Bearer ${await sign(context.uid ? { uid: context.uid } : {})}`);
    }
  }
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(path.join(repoRoot(), 'gateway', 'supergraph.graphql'), 'utf8'),
    // Same subgraph processes as ours (the supergraph's routing URLs name the site's ports).
    buildService: ({ name, url }) => new SignedSource({ url: process.env[`${name.toUpperCase()}_URL`] ?? url }),
  });
  const server = new ApolloServer<Ctx>({ gateway });
  await startStandaloneServer(server, {
    listen: { port, host: '127.0.0.1' },
    // The visitor's id from the `_uid` cookie (value.signature), so the user subgraph does the same work.
    context: async ({ req }) => {
      const uid = /(?:^|;\s*)_uid=([0-9a-f]{32})\./.exec(req.headers.cookie ?? '')?.[1];
      return uid ? { uid } : {};
    },
  });
  const stop = (): void => {
    server.stop().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

interface Operation {
  name: 'top' | 'results' | 'detail' | 'favorites';
  query: string;
  variables: Record<string, unknown>;
}

/** A remote's gql document with the fragments it interpolates (found by name in the same workspace). */
function pageDocument(file: string, constName: string): string {
  const root = repoRoot();
  const workspace = path.join(root, file.split('/')[0] as string, 'src');
  const sources = readdirSync(workspace, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'));
  const find = (name: string): string => {
    const re = new RegExp(`\\bconst ${name}\\b[^=\\n]*= gql\`([^\`]*)\``);
    const own = re.exec(readFileSync(path.join(root, file), 'utf8'));
    const body = own?.[1] ?? sources.map((s) => re.exec(s)?.[1]).find((b) => b !== undefined);
    if (body === undefined) throw new Error(`${file}: no gql document ${name}`);
    return body;
  };
  const seen = new Set<string>();
  const expand = (name: string): string => {
    const parts: string[] = [];
    const text = find(name).replace(/\$\{\s*(\w+)\s*\}/g, (_m, inner: string) => {
      if (!seen.has(inner)) {
        seen.add(inner);
        parts.push(expand(inner));
      }
      return '';
    });
    return [text, ...parts].join('\n');
  };
  return expand(constName);
}

function parseFlags(): { duration: number; rounds: number; connections: number } {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' }, connections: { type: 'string', default: '16' } },
  });
  const num = (name: string, v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got ${v})`);
    return n;
  };
  return { duration: num('duration', values.duration), rounds: num('rounds', values.rounds), connections: num('connections', values.connections) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function ensureData(dataDir: string): Promise<void> {
  // migrate and seed read DATA_DIR; import after setting it.
  process.env.DATA_DIR = dataDir;
  const { migrateAll } = await import('../migrate/migrate.js');
  const { closeSeedStores, lastSeedRun, openSeedStores, seed, DEFAULT_LISTINGS } = await import('../seed/seed.js');
  await migrateAll(() => {});
  const stores = await openSeedStores();
  try {
    const last = await lastSeedRun(stores.search);
    if (last) {
      console.log(`reusing ${last.listings} listings (seed ${last.seed})`);
      return;
    }
    const listings = Number(process.env.SEED_LISTINGS ?? DEFAULT_LISTINGS);
    console.log(`seeding ${listings} listings (once, into ${path.relative(process.cwd(), dataDir) || dataDir})…`);
    await seed(stores, { listings });
  } finally {
    // The embedded store allows one process at a time: release it before the subgraphs open it.
    await closeSeedStores(stores);
  }
}

const children: ChildProcess[] = [];
let stopping: Promise<void> | undefined;

/** SIGTERM to every child, SIGKILL to one still running after 15 s; resolves when all exited. */
function stopAll(): Promise<void> {
  stopping ??= Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
  return stopping;
}

function start(name: string, entry: string, env: Record<string, string>): void {
  const tsx = path.join(repoRoot(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [entry], { cwd: repoRoot(), env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${signal ?? code}) during the bench`);
  });
  children.push(child);
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become ready`);
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ json: { data?: unknown; errors?: unknown[] }; res: Response }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { json: (await res.json()) as { data?: unknown; errors?: unknown[] }, res };
}

interface Sample {
  rps: number[];
  latencies: number[];
  errors: number;
}

async function drive(
  url: string,
  op: Operation,
  headers: Record<string, string>,
  flags: { duration: number; connections: number },
  into: Sample,
): Promise<void> {
  const body = JSON.stringify({ query: op.query, variables: op.variables });
  const instance = autocannon(
    { url, method: 'POST', connections: flags.connections, duration: flags.duration, headers: { 'content-type': 'application/json', ...headers }, body },
    () => {},
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => into.latencies.push(responseTime));
  const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  into.rps.push(result.requests.average);
  into.errors += result.errors + result.non2xx + result.timeouts;
}

const percentile = (sorted: number[], p: number): number =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main(): Promise<void> {
  const flags = parseFlags();
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(repoRoot(), '.data', 'bench-gateway');
  await ensureData(dataDir);

  const ports = Object.fromEntries(await Promise.all([...SUBGRAPHS, 'ours', 'stock'].map(async (n) => [n, await freePort()] as const))) as Record<
    string,
    number
  >;
  const key = await generateSigningKey('bench-gateway');
  const urls = Object.fromEntries(SUBGRAPHS.map((n) => [`${n.toUpperCase()}_URL`, `http://127.0.0.1:${ports[n]}/graphql`]));
  const ours = `http://127.0.0.1:${ports.ours}`;
  const stock = `http://127.0.0.1:${ports.stock}`;
  const env: Record<string, string> = {
    ...urls,
    DATA_DIR: dataDir,
    GATEWAY_SIGNING_KEY: JSON.stringify(key.privateJwk),
    // Subgraphs verify both gateways' tokens with the key ours publishes.
    GATEWAY_JWKS_URL: `${ours}/.well-known/jwks.json`,
    GATEWAY_URL: `${ours}/graphql`,
    COOKIE_SECRET: `bench-${key.kid}-cookie-secret-0123456789abcdef`,
    ALERT_SCAN_INTERVAL_SECONDS: '0',
  };
  for (const n of SUBGRAPHS) start(n, `subgraphs/${n}/src/server.ts`, { ...env, [`${n.toUpperCase()}_PORT`]: String(ports[n]) });
  for (const n of SUBGRAPHS) await waitReady(`http://127.0.0.1:${ports[n]}/readyz`);
  start('our gateway', 'gateway/src/server.ts', { ...env, GATEWAY_PORT: String(ports.ours), RESPONSE_CACHE_TTL: '0', METRICS_PORT: '0' });
  start('stock gateway', 'infra/src/bench/gateway.ts', { ...env, [STOCK_MODE]: String(ports.stock), BENCH_SIGNING_KEY: JSON.stringify(key) });
  await waitReady(`${ours}/readyz`);
  await waitReady(`${stock}/.well-known/apollo/server-health`);

  // A returning visitor: one request mints the cookie, reused by every measured request.
  const minted = await post(`${ours}/graphql`, { query: '{ requiredUserData { stockCount { favorite } } }' });
  const cookie = minted.res.headers
    .getSetCookie()
    .find((c) => c.startsWith('_uid='))
    ?.split(';')[0];
  if (!cookie) throw new Error('our gateway set no _uid cookie');
  const found = await post(
    `${ours}/graphql`,
    { query: '{ searchBukkens(prefecturePath: "tokyo", perPage: 1) { result { bukkenList { globalKey } } } }' },
    { cookie },
  );
  const globalKey = (found.json.data as { searchBukkens?: { result?: { bukkenList?: { globalKey: string }[] } } } | undefined)?.searchBukkens?.result
    ?.bukkenList?.[0]?.globalKey;
  if (!globalKey) throw new Error(`no listing in tokyo: ${JSON.stringify(found.json.errors ?? found.json.data)}`);
  // The visitor has a favorite, so the favorites page has a listing to join.
  const fav = await fetch(`${ours}/api/v4_1/favorites`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ globalKeys: [globalKey] }),
  });
  if (!fav.ok) throw new Error(`adding a favorite answered ${fav.status}`);

  const operations: Operation[] = [
    { name: 'top', query: pageDocument('mf-search/src/features/top/api/search-top-page.ts', 'SEARCH_TOP_PAGE'), variables: {} },
    {
      name: 'results',
      query: pageDocument('mf-search/src/features/results/api/search-bukkens.ts', 'SEARCH_BUKKENS'),
      variables: { page: 1, perPage: 30, prefecturePath: 'tokyo' },
    },
    { name: 'detail', query: pageDocument('mf-detail/src/features/detail/api/bukken-detail.ts', 'BUKKEN_DETAIL'), variables: { globalKey } },
    { name: 'favorites', query: pageDocument('mf-user/src/features/favorites/api/user-favorites.ts', 'USER_FAVORITES'), variables: {} },
  ];
  const targets = [
    { name: 'ours', url: `${ours}/graphql` },
    { name: 'stock', url: `${stock}/graphql` },
  ] as const;
  // Both answer each operation without errors and with the same data (same work), warming plans and pools.
  for (const op of operations) {
    const answers: string[] = [];
    for (const t of targets) {
      for (let i = 0; i < 5; i++) {
        const { json, res } = await post(t.url, { query: op.query, variables: op.variables }, { cookie });
        if (!res.ok || json.errors) throw new Error(`${t.name} gateway, ${op.name}: ${res.status} ${JSON.stringify(json.errors ?? json).slice(0, 500)}`);
        if (i === 0) answers.push(JSON.stringify(json.data));
      }
    }
    if (answers[0] !== answers[1]) console.warn(`warning: ${op.name} answers differ between the gateways`);
  }

  const samples = new Map<string, Sample>();
  const sample = (t: string, op: string): Sample => {
    const k = `${t}:${op}`;
    if (!samples.has(k)) samples.set(k, { rps: [], latencies: [], errors: 0 });
    return samples.get(k) as Sample;
  };
  for (let round = 1; round <= flags.rounds; round++) {
    for (const op of operations) {
      for (const t of targets) {
        process.stdout.write(`round ${round}/${flags.rounds} ${op.name.padEnd(9)} ${t.name}…\n`);
        await drive(t.url, op, { cookie }, flags, sample(t.name, op.name));
      }
    }
  }

  console.log(`\n${flags.rounds} rounds × ${flags.duration} s per operation and gateway, ${flags.connections} connections, response cache off (ms)`);
  console.log(
    ['operation'.padEnd(10), 'ours req/s', 'p50', 'p99', 'stock req/s', 'p50', 'p99', 'errors', 'ours/stock'].map((h, i) => (i ? h.padStart(11) : h)).join(' '),
  );
  const ratios: Record<string, number> = {};
  for (const op of operations) {
    const a = sample('ours', op.name);
    const b = sample('stock', op.name);
    a.latencies.sort((x, y) => x - y);
    b.latencies.sort((x, y) => x - y);
    ratios[op.name] = mean(a.rps) / Math.max(1e-9, mean(b.rps));
    console.log(
      [
        op.name.padEnd(10),
        mean(a.rps).toFixed(0).padStart(11),
        String(percentile(a.latencies, 50)).padStart(11),
        String(percentile(a.latencies, 99)).padStart(11),
        mean(b.rps).toFixed(0).padStart(11),
        String(percentile(b.latencies, 50)).padStart(11),
        String(percentile(b.latencies, 99)).padStart(11),
        `${a.errors}/${b.errors}`.padStart(11),
        (ratios[op.name] as number).toFixed(2).padStart(11),
      ].join(' '),
    );
  }
  const values = Object.values(ratios);
  const geomean = Math.exp(values.reduce((s, r) => s + Math.log(r), 0) / values.length);
  await stopAll();
  console.log(`geomean-vs-stock-apollo=${geomean.toFixed(2)} detail-vs-stock-apollo=${(ratios.detail as number).toFixed(2)}`);
}

if (process.env[STOCK_MODE]) {
  await runStockGateway(Number(process.env[STOCK_MODE]));
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err: unknown) {
    console.error(err instanceof Error ? err.message : err);
    await stopAll();
    process.exit(1);
  }
}
