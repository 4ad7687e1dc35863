/**
 * The whole site for the fuzz suite, started as the journeys' global setup starts it (e2e/support/stack.ts:
 * five subgraphs, the gateway, four remote servers and the shell on free ports, a fresh small store),
 * but with stores of its own so it can run beside a Playwright run: PostgreSQL database
 * `<DATABASE_URL's name>_fuzz` and Redis logical database 10 when DATABASE_URL / REDIS_URL are set,
 * else the embedded default in a temporary data dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import {
  cleanEnv,
  ensureBuilds,
  freePort,
  REMOTES,
  repoRoot,
  run,
  startService,
  stopServices,
  SUBGRAPHS,
  waitForHttp,
  type ServiceInfo,
} from '../support/stack.js';
import { dropStores } from '../support/stores.js';

const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const FUZZ_REDIS_DB = 10;

export interface Site {
  shellPort: number;
  gatewayPort: number;
  services: Record<string, ServiceInfo>;
  dataDir: string;
  logDir: string;
  describe: string;
  stop(): Promise<void>;
}

async function prepare(): Promise<{ env: Record<string, string>; describe: string; drop: () => Promise<void> }> {
  if (process.env.E2E_EMBEDDED === '1' || (!process.env.DATABASE_URL && !process.env.REDIS_URL)) {
    return { env: {}, describe: 'the embedded default (PGlite, in-process caches)', drop: async () => {} };
  }
  const env: Record<string, string> = {};
  const parts: string[] = [];
  let drop = async () => {};
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const url = new URL(adminUrl);
    const databaseName = `${url.pathname.replace(/^\//, '') || 'postgres'}_fuzz`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      // Japanese free-word search needs a UTF-8 LC_CTYPE (docs/decisions/002).
      await admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.href;
    parts.push(`PostgreSQL database ${databaseName}`);
    drop = () => dropStores({ databaseName, adminUrl });
  }
  if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    url.pathname = `/${FUZZ_REDIS_DB}`;
    const client = createClient({ url: url.href });
    await client.connect();
    try {
      await client.flushDb();
    } finally {
      await client.quit();
    }
    env.REDIS_URL = url.href;
    parts.push(`Redis database ${FUZZ_REDIS_DB}`);
  }
  return { env, describe: parts.join(' and '), drop };
}

export async function startSite(listings: string): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sumika-fuzz-'));
  const logDir = path.join(dataDir, 'logs');
  const stores = await prepare();
  const base = cleanEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', ...stores.env });
  ensureBuilds(base);
  console.log(`[fuzz] data on ${stores.describe} (files in ${dataDir}): migrating and seeding ${listings} listings`);
  run([tsx, 'infra/src/migrate/main.ts'], { env: base, what: 'migrate' });
  run([tsx, 'infra/src/seed/main.ts', '--listings', listings, '--if-empty'], { env: base, what: 'seed' });

  const ports: Record<string, number> = {};
  for (const name of [...SUBGRAPHS, 'gateway', ...Object.keys(REMOTES), 'shell']) ports[name] = await freePort();
  const subgraphUrls = Object.fromEntries(SUBGRAPHS.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}/graphql`]));
  const common = {
    ...base,
    GATEWAY_PORT: String(ports.gateway),
    // Every service finds the gateway as npm start's runner tells it (the user subgraph's saved-search
    // texts ask it; without it they fell back, logging "fetch failed").
    GATEWAY_URL: `http://127.0.0.1:${ports.gateway}/graphql`,
    // The gateway's and the shell's metrics listeners: a free port each (nothing here scrapes them).
    METRICS_PORT: '0',
    PUBLIC_IMAGE_ORIGIN: '',
    PUBLIC_COMPANY_IMAGE_ORIGIN: '',
  };
  const services: Record<string, ServiceInfo> = {};
  const start = (info: Omit<ServiceInfo, 'pid' | 'log' | 'cwd'>) => {
    services[info.name] = startService({ cwd: repoRoot, ...info, log: path.join(logDir, `${info.name}.log`) });
  };
  const stop = async () => {
    await stopServices(Object.values(services));
    if (!process.env.E2E_KEEP_DATA) {
      rmSync(dataDir, { recursive: true, force: true });
      await stores.drop();
    }
  };
  try {
    for (const s of SUBGRAPHS)
      start({ name: s, port: ports[s]!, command: [tsx, `subgraphs/${s}/src/server.ts`], env: { ...common, [`${s.toUpperCase()}_PORT`]: String(ports[s]) } });
    // /readyz: a subgraph is ready once its store answers and its caches are warm (the search master).
    await Promise.all(SUBGRAPHS.map((s) => waitForHttp(`http://127.0.0.1:${ports[s]}/readyz`, 90_000, s)));
    const shellJwks = { SHELL_JWKS_URL: `http://127.0.0.1:${ports.shell}/.well-known/jwks.json` };
    start({ name: 'gateway', port: ports.gateway!, command: [tsx, 'gateway/src/server.ts'], env: { ...common, ...subgraphUrls, ...shellJwks } });
    await waitForHttp(`http://127.0.0.1:${ports.gateway}/readyz`, 90_000, 'gateway');
    const remoteEnv: Record<string, string> = {};
    for (const [name, dir] of Object.entries(REMOTES)) {
      start({
        name,
        port: ports[name]!,
        command: [process.execPath, `${dir}/serve.js`],
        env: { ...common, [`${name.toUpperCase()}_PORT`]: String(ports[name]) },
      });
      remoteEnv[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[name]}`;
    }
    await Promise.all(Object.keys(REMOTES).map((name) => waitForHttp(`http://127.0.0.1:${ports[name]}/healthz`, 60_000, name)));
    start({
      name: 'shell',
      port: ports.shell!,
      command: [tsx, 'shell/src/server/main.ts'],
      env: {
        ...common,
        ...remoteEnv,
        SHELL_PORT: String(ports.shell),
        BUKKEN_IMAGES_URL: `http://127.0.0.1:${ports.bukken}`,
        COMPANY_IMAGES_URL: `http://127.0.0.1:${ports.company}`,
        APP_ENV: 'test',
      },
    });
    await waitForHttp(`http://127.0.0.1:${ports.shell}/healthz`, 60_000, 'shell');
    // A first page of each remote, as the chaos runner waits for the top page: a cold shell under tsx loads
    // and compiles its render path and each remote's page modules on the first pages, and the shell phase's
    // first ~100 pages (concurrency 4) answered 503 past their deadline on a cold CI machine. Fuzzing is
    // about answers to hostile input, not cold starts.
    for (const page of ['/', '/favorite', '/cashback']) await waitForHttp(`http://127.0.0.1:${ports.shell}${page}`, 60_000, `shell ${page}`);
  } catch (err) {
    await stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)} (logs in ${logDir})`);
  }
  return { shellPort: ports.shell!, gatewayPort: ports.gateway!, services, dataDir, logDir, describe: stores.describe, stop };
}
