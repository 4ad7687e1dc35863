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
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '@sumika/server-kit';
import { discoverVisitor, startSite } from './site.js';

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

function sample(at: string, runnerPid: number, pids: Record<string, number>): Sample {
  const table = new Map<number, { ppid: number; rss: number }>();
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid, rss] = line.trim().split(/\s+/).map(Number);
    if (pid) table.set(pid, { ppid: ppid ?? 0, rss: rss ?? 0 });
  }
  const rss: Record<string, number> = {};
  let services = 0;
  for (const [name, pid] of Object.entries(pids)) {
    rss[name] = treeRss(pid, table);
    services += rss[name];
  }
  // The runner's own process: its tree minus the services under it.
  rss.runner = treeRss(runnerPid, table) - services;
  return { at, rss };
}

const total = (s: Sample) => Object.values(s.rss).reduce((a, b) => a + b, 0);

async function main(): Promise<void> {
  const site = await startSite({ dataDir, log: (line) => console.log(line) });
  const { base } = site;
  try {
    const pid = site.runnerPid;
    console.log(`ready; idle ${IDLE_S} s`);
    await sleep(IDLE_S * 1000);
    const idle = sample('idle', pid, site.pids());

    const results = '/search/tokyo/city/13101';
    const { detailPath: detail, cookie } = await discoverVisitor(base, results);
    console.log(`load: ${CONNECTIONS} connections for ${DURATION_S} s over /, ${results} and ${detail}`);
    const loaded: Sample[] = [];
    const every = Math.max(2, Math.min(30, DURATION_S / 8)) * 1000;
    const sampler = setInterval(() => loaded.push(sample(`${Math.round(loaded.length * (every / 1000) + every / 1000)} s`, pid, site.pids())), every);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
      requests: [{ path: '/' }, { path: results }, { path: detail }],
    });
    clearInterval(sampler);
    loaded.push(sample('end of load', pid, site.pids()));
    console.log(`${result.requests.total} pages, ${Math.round(result.requests.average)}/s, ${result.errors + result.non2xx} errors`);
    await sleep(10_000);
    const after = sample('10 s after', pid, site.pids());

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
    await site.stop();
  }
}

main().catch((err: unknown) => {
  console.error(`[bench:memory] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
