/**
 * The real local runner (`npm start`: infra/src/runner/main.ts) on free ports, a temporary DATA_DIR, the
 * suite's own PostgreSQL and Redis and a small seed. Which process serves which service comes from
 * `<DATA_DIR>/run/services.json` (contracts.md); while a runner does not write it, from the port's
 * listening socket (ss), which the report marks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { INSTANCE_PORT_STEP } from '@sumika/infra/runner/services';
import { cleanEnv, freePort, repoRoot } from '../support/stack.js';
import { alive } from './stores.js';

/** Every service of the runner with its port variable (infra/src/runner/services.ts). */
export const SERVICES = [
  ['search', 'SEARCH_PORT'],
  ['bukken', 'BUKKEN_PORT'],
  ['user', 'USER_PORT'],
  ['company', 'COMPANY_PORT'],
  ['forms', 'FORMS_PORT'],
  ['gateway', 'GATEWAY_PORT'],
  ['mf-search', 'MF_SEARCH_PORT'],
  ['mf-detail', 'MF_DETAIL_PORT'],
  ['mf-user', 'MF_USER_PORT'],
  ['mf-forms', 'MF_FORMS_PORT'],
  ['shell', 'SHELL_PORT'],
] as const;
/**
 * The runner starts search at two instances (`npm start -- --scale search=2`, issue 18): the second,
 * `search-2`, listens INSTANCE_PORT_STEP (the runner's) above the first and the gateway
 * balances over both. Case C kills both, case H one at a time.
 */
export const SCALED = { search: 2 } as const;
export type ServiceName = (typeof SERVICES)[number][0] | 'search-2';
const SUBGRAPHS = ['search', 'bukken', 'user', 'company', 'forms'] as const;
/** Every process the runner starts, scaled instances included. */
const INSTANCES: readonly ServiceName[] = [...SERVICES.map(([name]) => name), 'search-2'];

/** True when nothing listens on 127.0.0.1:port. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export interface ServiceEntry {
  pid: number;
  port: number;
  restarts: number;
  startedAt?: string;
}

export interface ServicesFile {
  runner: { pid: number };
  services: Partial<Record<ServiceName, ServiceEntry>>;
  /** False when services.json was missing and pids came from the listening sockets. */
  fromFile: boolean;
}

export class Runner {
  pid = 0;
  readonly ports = {} as Record<ServiceName, number>;
  readonly log: string;
  private readonly servicesFile: string;

  constructor(
    readonly dataDir: string,
    private readonly stores: { databaseUrl: string; redisUrl: string },
    private readonly listings: string,
  ) {
    this.log = path.join(dataDir, 'runner.log');
    this.servicesFile = path.join(dataDir, 'run', 'services.json');
  }

  url(name: ServiceName, pathname = '/'): string {
    return `http://127.0.0.1:${this.ports[name]}${pathname}`;
  }

  async start(): Promise<void> {
    for (const [name] of SERVICES) this.ports[name] = await freePort();
    // search's second instance takes the port 100 above the first: pick a first port with that one free too.
    while (!(await portFree(this.ports.search + INSTANCE_PORT_STEP))) this.ports.search = await freePort();
    this.ports['search-2'] = this.ports.search + INSTANCE_PORT_STEP;
    const env: Record<string, string> = cleanEnv({
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.stores.databaseUrl,
      REDIS_URL: this.stores.redisUrl,
      SEED_LISTINGS: this.listings,
      ALERT_SCAN_INTERVAL_SECONDS: '0',
      PUBLIC_IMAGE_ORIGIN: '',
      PUBLIC_COMPANY_IMAGE_ORIGIN: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
    });
    for (const [name, portEnv] of SERVICES) env[portEnv] = String(this.ports[name]);
    // Every address spelled out too, so nothing falls back to the default ports of another `npm start`.
    for (const s of SUBGRAPHS) env[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${this.ports[s]}/graphql`;
    for (const r of ['search', 'detail', 'user', 'forms']) env[`MF_${r.toUpperCase()}_URL`] = `http://127.0.0.1:${this.ports[`mf-${r}` as ServiceName]}`;
    // The gateway's and the shell's metrics listeners: a free port each (nothing here scrapes them).
    env.METRICS_PORT = '0';
    env.GATEWAY_URL = `http://127.0.0.1:${this.ports.gateway}/graphql`;
    env.GATEWAY_JWKS_URL = `http://127.0.0.1:${this.ports.gateway}/.well-known/jwks.json`;
    env.SHELL_JWKS_URL = `http://127.0.0.1:${this.ports.shell}/.well-known/jwks.json`;
    env.BUKKEN_IMAGES_URL = `http://127.0.0.1:${this.ports.bukken}`;
    env.COMPANY_IMAGES_URL = `http://127.0.0.1:${this.ports.company}`;
    delete env.NODE_ENV; // as `npm start` runs
    mkdirSync(this.dataDir, { recursive: true });
    const out = openSync(this.log, 'a');
    const scale = Object.entries(SCALED)
      .map(([name, n]) => `${name}=${n}`)
      .join(',');
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['infra/src/runner/main.ts', '--scale', scale], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    child.unref();
    if (!child.pid) throw new Error('the runner did not start');
    this.pid = child.pid;
  }

  /** services.json, or (marked fromFile: false) the pids listening on the services' ports. */
  services(): ServicesFile {
    for (let attempt = 0; existsSync(this.servicesFile) && attempt < 10; attempt++) {
      try {
        const parsed = JSON.parse(readFileSync(this.servicesFile, 'utf8')) as Omit<ServicesFile, 'fromFile'>;
        return { ...parsed, fromFile: true };
      } catch {
        // caught mid-rewrite: read again in a moment
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      }
    }
    const services: ServicesFile['services'] = {};
    for (const name of INSTANCES) {
      const pid = listeningPid(this.ports[name]);
      if (pid) services[name] = { pid, port: this.ports[name], restarts: 0 };
    }
    return { runner: { pid: this.pid }, services, fromFile: false };
  }

  pidOf(name: ServiceName): number | undefined {
    return this.services().services[name]?.pid;
  }

  /** Until every service answers (/readyz for the gateway, /healthz for the rest) and the top page renders. */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let missing: string[] = [];
    while (Date.now() < deadline) {
      if (!alive(this.pid)) throw new Error(`the runner exited during start (log: ${this.log})`);
      missing = (await Promise.all(INSTANCES.map(async (name) => ((await this.healthy(name)) ? undefined : name)))).filter(
        (n): n is ServiceName => n !== undefined,
      );
      if (missing.length === 0 && (await ok(this.url('shell', '/')))) return;
      await sleep(1000);
    }
    throw new Error(`not ready after ${timeoutMs / 1000} s: ${missing.join(', ') || 'the top page'} (log: ${this.log})`);
  }

  healthy(name: ServiceName): Promise<boolean> {
    return ok(this.url(name, name === 'gateway' ? '/readyz' : '/healthz'), 2000);
  }

  /** SIGTERM to the runner's own pid; then, after the contract's 15 s + margin, SIGKILL to whatever it left. */
  async stop(): Promise<{ left: string[]; seconds: number }> {
    const before = this.services();
    const pids = [this.pid, ...Object.values(before.services).map((s) => s.pid)];
    const t0 = Date.now();
    try {
      process.kill(this.pid, 'SIGTERM');
    } catch {
      // gone already
    }
    const deadline = t0 + 20_000;
    while (Date.now() < deadline && pids.some(alive)) await sleep(200);
    const seconds = (Date.now() - t0) / 1000;
    const left = pids.filter(alive);
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // the group is empty
    }
    return {
      left: left.map((pid) =>
        pid === this.pid ? `runner (${pid})` : `${Object.entries(before.services).find(([, s]) => s.pid === pid)?.[0] ?? 'service'} (${pid})`,
      ),
      seconds,
    };
  }

  /** The runner's log lines that mention a service exiting or restarting (for the report). */
  restartLines(since: number): string[] {
    try {
      return readFileSync(this.log, 'utf8')
        .split('\n')
        .slice(since)
        .filter((l) => /\[runner\].*(exited|restart)/i.test(l));
    } catch {
      return [];
    }
  }

  logLines(): number {
    try {
      return readFileSync(this.log, 'utf8').split('\n').length;
    } catch {
      return 0;
    }
  }
}

/** The pid of the process listening on 127.0.0.1:port (ss -ltnp). */
export function listeningPid(port: number): number | undefined {
  const res = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(res.stdout ?? '');
  return m ? Number(m[1]) : undefined;
}

export async function ok(url: string, timeoutMs = 5000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
