/**
 * `npm run bench:memory`: resident memory of the local site, per service, idle and under load (issue 15).
 * Starts the site as `npm start` does (compiled bundles, the runner from infra/dist/bundle) on free ports
 * with its own embedded store (`.data/bench-memory`, seeded once), so it runs beside a running site;
 * reads each service's RSS (its process and any children) idle, drives the top, a results and a detail
 * page through the shell with autocannon as a returning visitor for `--duration` seconds, sampling RSS as
 * it goes, then after the load settles; stops what it started. Last line:
 * `idle-rss-mb=<n> loaded-rss-mb=<n> growth-mb=<n>` — sums over the services and the runner; growth is
 * the last loaded sample minus the one a quarter into the load (JIT and caches warmed), so a service
 * that grows without bound shows there over a long run (`-- --duration 600`).
 *
 *   npm run bench:memory -- --duration 20 --connections 8 --idle 15
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '@sumika/server-kit';
import { freePort } from '@sumika/server-kit/testing';
import { bundleOf, buildStale, RUNNER_BUNDLE, type Bundle } from '../runner/compile.js';
import { SERVICES } from '../runner/services.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '8' },
    idle: { type: 'string', default: '15' },
  },
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const IDLE_S = Number(values.idle);

const root = repoRoot();
const dataDir = path.join(root, '.data', 'bench-memory');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 1024);

/** RSS in KB of a process and every process under it, from one `ps` listing. */
function treeRss(pid: number, table: Map<number, { ppid: number; rss: number }>): number {
  let sum = table.get(pid)?.rss ?? 0;
  for (const [child, row] of table) if (row.ppid === pid) sum += treeRss(child, table);
  return sum;
}

interface Sample {
  at: string;
  /** KB by service name, and `runner`. */
  rss: Record<string, number>;
}

function sample(at: string, runnerPid: number): Sample {
  const table = new Map<number, { ppid: number; rss: number }>();
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid, rss] = line.trim().split(/\s+/).map(Number);
    if (pid) table.set(pid, { ppid: ppid ?? 0, rss: rss ?? 0 });
  }
  const file = JSON.parse(readFileSync(path.join(dataDir, 'run', 'services.json'), 'utf8')) as { services: Record<string, { pid: number }> };
  const rss: Record<string, number> = {};
  let services = 0;
  for (const [name, { pid }] of Object.entries(file.services)) {
    rss[name] = treeRss(pid, table);
    services += rss[name];
  }
  // The runner's own process: its tree minus the services under it.
  rss.runner = treeRss(runnerPid, table) - services;
  return { at, rss };
}

const total = (s: Sample) => Object.values(s.rss).reduce((a, b) => a + b, 0);

async function ok(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  // As `npm start`: the bundles first (those that are stale), then the compiled runner.
  await buildStale([RUNNER_BUNDLE, ...SERVICES.map(bundleOf).filter((b): b is Bundle => b !== undefined)], (line) => console.log(line));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, METRICS_PORT: '0' };
  delete env.NODE_ENV;
  const ports: Record<string, number> = {};
  for (const s of SERVICES) {
    ports[s.name] = await freePort();
    env[s.portEnv] = String(ports[s.name]);
  }
  // Every address spelled out, so that nothing falls back to the default port of another `npm start`.
  const at = (name: string, pathname = '') => `http://127.0.0.1:${ports[name]}${pathname}`;
  for (const s of ['search', 'bukken', 'user', 'company', 'forms']) env[`${s.toUpperCase()}_URL`] = at(s, '/graphql');
  for (const r of ['search', 'detail', 'user', 'forms']) env[`MF_${r.toUpperCase()}_URL`] = at(`mf-${r}`);
  Object.assign(env, {
    GATEWAY_URL: at('gateway', '/graphql'),
    GATEWAY_JWKS_URL: at('gateway', '/.well-known/jwks.json'),
    SHELL_JWKS_URL: at('shell', '/.well-known/jwks.json'),
    BUKKEN_IMAGES_URL: at('bukken'),
    COMPANY_IMAGES_URL: at('company'),
  });
  const base = at('shell');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'runner.log');
  const out = openSync(logFile, 'w');
  const runner = spawn(process.execPath, [path.join(RUNNER_BUNDLE.outdir, 'main.js')], { cwd: root, env, stdio: ['ignore', out, out] });
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  try {
    console.log(`site on ${base} (log: ${path.relative(root, logFile)}); waiting until the top page renders…`);
    const deadline = Date.now() + 15 * 60_000;
    while (!(await ok(`${base}/`))) {
      if (!running) throw new Error(`the runner exited (log: ${logFile})`);
      if (Date.now() > deadline) throw new Error(`not ready after 15 minutes (log: ${logFile})`);
      await sleep(1000);
    }
    const pid = runner.pid!;
    console.log(`ready; idle ${IDLE_S} s`);
    await sleep(IDLE_S * 1000);
    const idle = sample('idle', pid);

    const results = '/search/tokyo/city/13101';
    const page = await fetch(`${base}${results}`);
    const html = await page.text();
    const detail = /\/bukken\/detail\/[A-Za-z0-9_-]+/.exec(html)?.[0];
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('_uid='))
      ?.split(';')[0];
    if (!detail || !cookie) throw new Error(`no listing link or no visitor cookie on ${results}: is the store seeded?`);
    console.log(`load: ${CONNECTIONS} connections for ${DURATION_S} s over /, ${results} and ${detail}`);
    const loaded: Sample[] = [];
    const every = Math.max(2, Math.min(30, DURATION_S / 8)) * 1000;
    const sampler = setInterval(() => loaded.push(sample(`${Math.round(loaded.length * (every / 1000) + every / 1000)} s`, pid)), every);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
      requests: [{ path: '/' }, { path: results }, { path: detail }],
    });
    clearInterval(sampler);
    loaded.push(sample('end of load', pid));
    console.log(`${result.requests.total} pages, ${Math.round(result.requests.average)}/s, ${result.errors + result.non2xx} errors`);
    await sleep(10_000);
    const after = sample('10 s after', pid);

    const quarter = loaded[Math.floor((loaded.length - 1) / 4)]!;
    const end = loaded[loaded.length - 1]!;
    const peak = (name: string) => Math.max(...loaded.map((s) => s.rss[name] ?? 0));
    const names = Object.keys(idle.rss);
    console.log(`\nRSS in MB per service (the process and its children)`);
    console.log(['service'.padEnd(10), 'idle', 'peak', 'end', 'after'].map((c) => c.padStart(6)).join(' '));
    for (const name of names)
      console.log(
        [name.padEnd(10), mb(idle.rss[name]!), mb(peak(name)), mb(end.rss[name] ?? 0), mb(after.rss[name] ?? 0)].map((c) => String(c).padStart(6)).join(' '),
      );
    console.log(
      ['all'.padEnd(10), mb(total(idle)), mb(Math.max(...loaded.map(total))), mb(total(end)), mb(total(after))].map((c) => String(c).padStart(6)).join(' '),
    );
    console.log(`\nall services and the runner during the load (MB): ${loaded.map((s) => `${s.at} ${mb(total(s))}`).join(', ')}`);
    console.log(`idle-rss-mb=${mb(total(idle))} loaded-rss-mb=${mb(total(end))} growth-mb=${mb(total(end) - total(quarter))}`);
  } finally {
    if (running) {
      runner.kill('SIGTERM');
      await exited;
    }
  }
}

main().catch((err: unknown) => {
  console.error(`[bench:memory] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
