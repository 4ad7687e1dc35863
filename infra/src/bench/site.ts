/**
 * The local site for the page benchmarks (bench:memory, bench:pages), started as `npm start` does:
 * the stale bundles built first, then the compiled runner from infra/dist/bundle, every service on a
 * free port (the runner derives every address from the ports, so nothing falls back to the default
 * port of another `npm start`), and its own embedded store under `dataDir` (seeded by the runner on first use).
 * Resolves once the top page renders; `stop()` ends the runner, which stops the services.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@sumika/server-kit';
import { freePort } from '@sumika/server-kit/testing';
import { bundleOf, buildStale, RUNNER_BUNDLE, type Bundle } from '../runner/compile.js';
import { SERVICES } from '../runner/services.js';

export interface Site {
  /** The shell, e.g. `http://127.0.0.1:40123`. */
  base: string;
  runnerPid: number;
  /** Each process's pid by service name, or by group name for services sharing a process (readPids). */
  pids(): Record<string, number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  log: (line: string) => void;
  /** How long the first start (build, seeding) may take; 15 minutes unless told. */
  readyTimeoutMs?: number;
  /** Extra environment for the runner, e.g. `PROCESS_GROUPS: 'off'` for one process per service. */
  env?: NodeJS.ProcessEnv;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ok(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The processes a runner using `dataDir` wrote to `<dataDir>/run/services.json` (read again on every
 * call: a restarted one has a new pid), one entry per process: a service's name, or its group's where
 * services share one (`subgraphs`, `remotes`; decision 020), so nothing is counted twice.
 */
export function readPids(dataDir: string): Record<string, number> {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'run', 'services.json'), 'utf8')) as { services: Record<string, { pid: number; group?: string }> };
  return Object.fromEntries(Object.entries(file.services).map(([name, { pid, group }]) => [group ?? name, pid]));
}

/** The site a bench measures: `url` (a running site) as given, else one started as `npm start` does; `stop` stops only what was started. */
export async function siteOrUrl(url: string | undefined, opts: StartOptions): Promise<{ base: string; stop(): Promise<void> }> {
  if (url) return { base: url.replace(/\/$/, ''), stop: async () => undefined };
  const site = await startSite(opts);
  return { base: site.base, stop: () => site.stop() };
}

export async function startSite({ dataDir, log, readyTimeoutMs = 15 * 60_000, env: extraEnv }: StartOptions): Promise<Site> {
  const root = repoRoot();
  // As `npm start`: the bundles first (those that are stale), then the compiled runner.
  await buildStale([RUNNER_BUNDLE, ...SERVICES.map(bundleOf).filter((b): b is Bundle => b !== undefined)], log);
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, DATA_DIR: dataDir, METRICS_PORT: '0' };
  delete env.NODE_ENV;
  const ports: Record<string, number> = {};
  for (const s of SERVICES) {
    ports[s.name] = await freePort();
    env[s.portEnv] = String(ports[s.name]);
  }
  // The runner tells each service where the others are from these ports (services.ts wiringEnv).
  const base = `http://127.0.0.1:${ports.shell}`;
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'runner.log');
  const out = openSync(logFile, 'w');
  const runner = spawn(process.execPath, [path.join(RUNNER_BUNDLE.outdir, 'main.js')], { cwd: root, env, stdio: ['ignore', out, out] });
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (running) {
      runner.kill('SIGTERM');
      await exited;
    }
  };
  try {
    log(`site on ${base} (log: ${path.relative(root, logFile)}); waiting until the top page renders…`);
    const deadline = Date.now() + readyTimeoutMs;
    while (!(await ok(`${base}/`))) {
      if (!running) throw new Error(`the runner exited (log: ${logFile})`);
      if (Date.now() > deadline) throw new Error(`not ready after ${Math.round(readyTimeoutMs / 60_000)} minutes (log: ${logFile})`);
      await sleep(1000);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, runnerPid: runner.pid!, pids: () => readPids(dataDir), stop };
}

/**
 * The Cookie header a browser sends back after these Set-Cookie headers: every cookie's `name=value`
 * (a later one of the same name replacing the earlier), less those deleted (`Max-Age=0`).
 */
export function cookieHeader(setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const line of setCookies) {
    const pair = line.split(';')[0]?.trim() ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (!name) continue;
    if (/;\s*max-age=0\s*(;|$)/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * What a returning visitor has: a listing's detail path from the results page and the cookies the site
 * set on it (the `_uid`, and the A/B tests' variants: without those each request would draw its
 * variants again and save the changed ones, which no browser's visit does).
 */
export async function discoverVisitor(base: string, results = '/search/tokyo/city/13101'): Promise<{ detailPath: string; cookie: string }> {
  const res = await fetch(`${base}${results}`);
  if (!res.ok) throw new Error(`${base}${results} answered ${res.status}: is the site up?`);
  const html = await res.text();
  const detailPath = /\/bukken\/detail\/[A-Za-z0-9_-]+/.exec(html)?.[0];
  const cookie = cookieHeader(res.headers.getSetCookie());
  if (!detailPath || !/(^|; )_uid=/.test(cookie)) throw new Error(`no listing link or no visitor cookie on ${results}: is the store seeded?`);
  return { detailPath, cookie };
}
