import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  cleanEnv,
  ensureBuilds,
  freePort,
  REMOTES,
  repoRoot,
  run,
  startService,
  stopService,
  SUBGRAPHS,
  waitForHttp,
  type ServiceInfo,
  type StackState,
} from './support/stack.js';
import { FAILED_MARKER, saveState, STATE_FILE } from './support/state.js';
import { prepareStores } from './support/stores.js';

const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const LISTINGS = process.env.E2E_LISTINGS ?? '2000';

/**
 * The user subgraph scans for price drops and new listings every 2 s here (600 s by default), asking the
 * gateway as in production, so the alert journeys see a change within seconds.
 */
function subgraphExtra(name: string, gatewayPort: number): Record<string, string> {
  return name === 'user' ? { ALERT_SCAN_INTERVAL_SECONDS: '2', GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/graphql` } : {};
}

/** Starts the whole site on free ports (see support/stack.ts); the journeys read .stack.json. */
export default async function globalSetup(): Promise<void> {
  // Against a deployment (issue 18): nothing to start; the journeys read the URLs from the environment.
  if (process.env.E2E_BASE_URL) {
    process.env.E2E_DEPLOYMENT = '1';
    console.log(`[e2e] against the deployment at ${process.env.E2E_BASE_URL} (gateway ${process.env.E2E_GATEWAY_URL ?? 'unknown'}): no local start-up`);
    return;
  }
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sumika-e2e-'));
  const logDir = path.join(dataDir, 'logs');
  const stores = await prepareStores();
  const base = cleanEnv({ DATA_DIR: dataDir, NODE_ENV: 'test', ...stores.env });

  ensureBuilds(base);
  console.log(`[e2e] data on ${stores.describe} (files in ${dataDir}): migrating and seeding ${LISTINGS} listings (if empty)`);
  run([tsx, 'infra/src/migrate/main.ts'], { env: base, what: 'migrate' });
  run([tsx, 'infra/src/seed/main.ts', '--listings', LISTINGS, '--if-empty'], { env: base, what: 'seed' });

  const ports: Record<string, number> = {};
  for (const name of [...SUBGRAPHS, 'gateway', ...Object.keys(REMOTES), 'shell']) ports[name] = await freePort();
  const subgraphUrls = Object.fromEntries(SUBGRAPHS.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}/graphql`]));
  const common = {
    ...base,
    GATEWAY_PORT: String(ports.gateway),
  };
  const services: Record<string, ServiceInfo> = {};
  const start = (info: Omit<ServiceInfo, 'pid' | 'log' | 'cwd'> & { cwd?: string }) => {
    services[info.name] = startService({ cwd: repoRoot, ...info, log: path.join(logDir, `${info.name}.log`) });
  };

  try {
    for (const s of SUBGRAPHS)
      start({
        name: s,
        port: ports[s]!,
        command: [tsx, `subgraphs/${s}/src/server.ts`],
        env: { ...common, ...subgraphExtra(s, ports.gateway!), [`${s.toUpperCase()}_PORT`]: String(ports[s]) },
      });
    // /readyz: a subgraph is ready once its store answers and its caches are warm (the search master).
    await Promise.all(SUBGRAPHS.map((s) => waitForHttp(`http://127.0.0.1:${ports[s]}/readyz`, 90_000, s)));
    // The gateway verifies the shell's token with the shell's keys (the visitor's address via the shell).
    const shellJwks = { SHELL_JWKS_URL: `http://127.0.0.1:${ports.shell}/.well-known/jwks.json` };
    start({ name: 'gateway', port: ports.gateway!, command: [tsx, 'gateway/src/server.ts'], env: { ...common, ...subgraphUrls, ...shellJwks } });
    await waitForHttp(`http://127.0.0.1:${ports.gateway}/readyz`, 90_000, 'gateway');

    const remoteEnv: Record<string, string> = {};
    for (const [name, dir] of Object.entries(REMOTES)) {
      const portEnv = `${name.toUpperCase()}_PORT`;
      start({ name, port: ports[name]!, command: [process.execPath, `${dir}/serve.js`], env: { ...common, [portEnv]: String(ports[name]) } });
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
        // The site's origin as the browser sees it (canonical URLs, the same-site referrer test).
        PUBLIC_ORIGIN: `http://127.0.0.1:${ports.shell}`,
        GATEWAY_URL: `http://127.0.0.1:${ports.gateway}/graphql`,
        BUKKEN_IMAGES_URL: `http://127.0.0.1:${ports.bukken}`,
        COMPANY_IMAGES_URL: `http://127.0.0.1:${ports.company}`,
        // Notice a stopped or redeployed remote within a second.
        REMOTE_CHECK_TTL_MS: '500',
        APP_ENV: 'test',
      },
    });
    await waitForHttp(`http://127.0.0.1:${ports.shell}/healthz`, 60_000, 'shell');
  } catch (err) {
    Object.values(services).forEach(stopService);
    throw new Error(`${err instanceof Error ? err.message : String(err)} (logs in ${logDir})`);
  }

  const state: StackState = {
    baseURL: `http://127.0.0.1:${ports.shell}`,
    gatewayURL: `http://127.0.0.1:${ports.gateway}/graphql`,
    ...(stores.env.REDIS_URL ? { redisUrl: stores.env.REDIS_URL } : {}),
    dataDir,
    logDir,
    services,
    ...(stores.databaseName && stores.adminUrl ? { database: { name: stores.databaseName, adminUrl: stores.adminUrl } } : {}),
  };
  saveState(state);
  rmSync(FAILED_MARKER, { force: true });
  process.env.E2E_BASE_URL = state.baseURL;
  process.env.E2E_GATEWAY_URL = state.gatewayURL;
  console.log(`[e2e] site at ${state.baseURL} (state in ${STATE_FILE}, logs in ${logDir})`);
}
