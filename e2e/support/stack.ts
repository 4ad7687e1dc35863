/**
 * The whole site for the journeys: five subgraphs and the gateway (on PostgreSQL + Redis when they are
 * configured, else the embedded PGlite default; see ./stores.ts) with a small seed, the four remote
 * servers and the shell, each on a free port.
 * Processes are started in their own process group and stopped by id.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webpackBin = path.join(repoRoot, 'node_modules', '.bin', 'webpack');

export const SUBGRAPHS = ['search', 'bukken', 'user', 'company', 'forms'] as const;
export const REMOTES = { mf_search: 'mf-search', mf_detail: 'mf-detail', mf_user: 'mf-user', mf_forms: 'mf-forms' } as const;
export type RemoteName = keyof typeof REMOTES;

export interface ServiceInfo {
  name: string;
  pid: number;
  port: number;
  /** How to start it again (the remote-down journey restarts what it stopped). */
  command: string[];
  cwd: string;
  env: Record<string, string>;
  log: string;
}

export interface StackState {
  baseURL: string;
  /** The gateway's GraphQL endpoint. */
  gatewayURL: string;
  /** The Redis database the services cache in, when they run on Redis (journeys that change listings drop cached results). */
  redisUrl?: string;
  dataDir: string;
  logDir: string;
  services: Record<string, ServiceInfo>;
  /** The PostgreSQL database setup created (dropped by teardown), when it ran on PostgreSQL. */
  database?: { name: string; adminUrl: string };
}

// One home for a free port: never one this process handed out before (two services of a stack on one port).
export { freePort } from '@sumika/server-kit/testing';

/** The environment without anything that would point the stack at shared databases. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (k === 'DATABASE_URL' || k === 'REDIS_URL' || /_DATABASE_URL$/.test(k) || /^(MF_|SHELL_|GATEWAY_|REMOTES_FILE)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...extra };
}

export function run(command: string[], opts: { cwd?: string; env: Record<string, string>; what: string }): void {
  const [cmd, ...args] = command;
  const res = spawnSync(cmd!, args, { cwd: opts.cwd ?? repoRoot, env: opts.env, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${opts.what} failed (exit ${res.status})`);
}

export function startService(info: Omit<ServiceInfo, 'pid'>): ServiceInfo {
  mkdirSync(path.dirname(info.log), { recursive: true });
  const out = openSync(info.log, 'a');
  const [cmd, ...args] = info.command;
  const child: ChildProcess = spawn(cmd!, args, { cwd: info.cwd, env: info.env, stdio: ['ignore', out, out], detached: true });
  child.unref();
  if (!child.pid) throw new Error(`${info.name} did not start`);
  return { ...info, pid: child.pid };
}

/** Stops a service and everything it started (its process group). */
export function stopService(info: ServiceInfo): void {
  try {
    process.kill(-info.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the services and waits until their process groups have exited (a subgraph on PGlite still
 * writes its last-good copy while it shuts down), at most `timeoutMs`; what is left then is killed.
 */
/**
 * The last failures each service logged in `logDir` (pino's errors that carry an exception, `err`, and
 * fatal lines; plain-text lines that report an error, such as a crash's stack on stderr), printed
 * when a run failed, before its temporary directory goes: CI keeps only the console. A refused
 * request's "graphql error" line (a 4xx answer) is not one.
 */
export function printServiceErrors(logDir: string, perService = 12, width = 1200): void {
  const files = existsSync(logDir) ? readdirSync(logDir).filter((f) => f.endsWith('.log')) : [];
  console.log(`\n[stack] error lines of each service's log (the last ${perService}; ${logDir}):`);
  for (const file of files.sort()) {
    const errors = readFileSync(path.join(logDir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && isErrorLine(line));
    if (errors.length === 0) continue;
    console.log(`--- ${file} (${errors.length} error lines)`);
    for (const line of errors.slice(-perService)) console.log(line.length > width ? `${line.slice(0, width)} …` : line);
  }
}

function isErrorLine(line: string): boolean {
  if (!line.startsWith('{')) return PLAIN_ERROR.test(line);
  try {
    const { level, err } = JSON.parse(line) as { level?: unknown; err?: unknown };
    return typeof level === 'number' && (level >= 60 || (level >= 50 && err !== undefined));
  } catch {
    return PLAIN_ERROR.test(line);
  }
}

// A plain-text line (a static server's, or stderr) that reports a failure or is a stack frame.
const PLAIN_ERROR = /error|ERR_|EADDRINUSE|unhandled|^\s+at /i;

export async function stopServices(services: ServiceInfo[], timeoutMs = 15_000): Promise<void> {
  services.forEach(stopService);
  const deadline = Date.now() + timeoutMs;
  while (services.some((s) => isAlive(s.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const s of services.filter((s) => isAlive(s.pid))) process.kill(-s.pid, 'SIGKILL');
}

export async function waitForHttp(url: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} not ready at ${url} after ${timeoutMs} ms (${last})`);
}

/** The remotes' and the shell's browser/server builds, built once when missing (one at a time: 2 cores). */
export function ensureBuilds(env: Record<string, string>): void {
  for (const dir of Object.values(REMOTES)) {
    const ws = path.join(repoRoot, dir);
    if (!existsSync(path.join(ws, 'dist', 'client', 'mf-manifest.json')) || !existsSync(path.join(ws, 'dist', 'server', 'mf-manifest.json'))) {
      run([webpackBin, '--config', path.join(ws, 'webpack.config.js'), '--mode', 'production'], { cwd: ws, env, what: `build ${dir}` });
    }
  }
  const shell = path.join(repoRoot, 'shell');
  if (!existsSync(path.join(shell, 'dist', 'client', 'assets.json'))) {
    run([webpackBin, '--config', path.join(shell, 'webpack.config.js'), '--mode', 'production'], { cwd: shell, env, what: 'build shell' });
  }
}

export function writeState(file: string, state: StackState): void {
  writeFileSync(file, JSON.stringify(state, null, 2));
}
