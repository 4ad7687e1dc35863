/**
 * `npm start` itself (infra/src/runner/main.ts) on free ports with a temporary DATA_DIR, the embedded
 * store and a tiny seed, restricted to search, user and gateway (RUN_SERVICES): on the embedded default
 * search and user share one process (the subgraphs' group, decision 020); a killed process comes back
 * under a new pid with every service it runs, every process killed mid-write loses no acknowledged
 * write, SIGTERM to the runner stops every child. Slow (PGlite stores are created, migrated and seeded): minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '@sumika/server-kit';
import { SERVICES } from './services.js';

const RUN = ['search', 'user', 'gateway'] as const;
type Name = (typeof RUN)[number];

interface ServicesJson {
  runner: { pid: number };
  services: Partial<Record<Name, { pid: number; port: number; restarts: number; startedAt: string; group?: string }>>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

class RunnerProcess {
  readonly lines: string[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly dataDir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'infra/src/runner/main.ts'], { cwd: repoRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [this.child.stdout!, this.child.stderr!]) createInterface({ input: stream }).on('line', (l) => this.lines.push(l));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  file(): ServicesJson | undefined {
    try {
      return JSON.parse(readFileSync(path.join(this.dataDir, 'run', 'services.json'), 'utf8')) as ServicesJson;
    } catch {
      return undefined;
    }
  }

  url(name: Name, pathname: string): string {
    return `http://127.0.0.1:${this.env[SERVICES.find((s) => s.name === name)!.portEnv]}${pathname}`;
  }

  async up(name: Name): Promise<boolean> {
    try {
      // /healthz: the gateway's /readyz is 503 here, by design, as bukken, company and forms are not running.
      const res = await fetch(this.url(name, '/healthz'), { signal: AbortSignal.timeout(2000) });
      return res.status === 200;
    } catch {
      return false;
    }
  }

  async ready(timeoutMs: number): Promise<ServicesJson> {
    return until(
      async () => {
        if (this.child.exitCode !== null) throw new Error(`the runner exited: ${this.lines.slice(-30).join('\n')}`);
        const file = this.file();
        if (!file || RUN.some((n) => !file.services[n])) return undefined;
        return (await Promise.all(RUN.map((n) => this.up(n)))).every(Boolean) && file;
      },
      timeoutMs,
      'every service to answer',
    );
  }
}

async function graphql(runner: RunnerProcess, query: string, variables: Record<string, unknown> = {}, cookie?: string) {
  const res = await fetch(runner.url('gateway', '/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('_uid='));
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] }, cookie: setCookie?.split(';')[0] };
}

describe('npm start (the runner) on the embedded store', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const runners: RunnerProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sumika-run-'));
    env = {};
    for (const [k, v] of Object.entries(process.env)) {
      // The embedded default, and nothing that points at another running site.
      if (k === 'DATABASE_URL' || k === 'REDIS_URL' || /_DATABASE_URL$/.test(k) || /_(PORT|URL)$/.test(k)) continue;
      env[k] = v;
    }
    Object.assign(env, {
      DATA_DIR: dataDir,
      SEED_LISTINGS: '200',
      RUN_SERVICES: RUN.join(','),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      ALERT_SCAN_INTERVAL_SECONDS: '0',
      NODE_OPTIONS: '',
    });
    for (const s of SERVICES) env[s.portEnv] = String(await freePort());
    for (const s of ['search', 'bukken', 'user', 'company', 'forms'])
      env[`${s.toUpperCase()}_URL`] = `http://127.0.0.1:${env[`${s.toUpperCase()}_PORT`]}/graphql`;
    env.GATEWAY_JWKS_URL = `http://127.0.0.1:${env.GATEWAY_PORT}/.well-known/jwks.json`;
  });

  afterAll(async () => {
    for (const r of runners) {
      const pids = [r.child.pid!, ...Object.values(r.file()?.services ?? {}).map((s) => s.pid)];
      for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'restarts a killed service within 5 s under a new pid, keeps every acknowledged write through SIGKILL of every process, and stops every child on SIGTERM',
    async () => {
      // 1. Start: migrate, seed 200 listings, run search, user and gateway.
      const first = new RunnerProcess(dataDir, env);
      runners.push(first);
      const started = await first.ready(10 * 60_000);
      expect(started.runner.pid).toBe(first.child.pid);
      for (const name of RUN) {
        expect(started.services[name]).toEqual({
          pid: expect.any(Number),
          port: Number(env[SERVICES.find((s) => s.name === name)!.portEnv]),
          restarts: 0,
          startedAt: expect.any(String),
          ...(name === 'gateway' ? {} : { group: 'subgraphs' }),
        });
      }
      // The two subgraphs in one process; the gateway in its own.
      expect(started.services.user!.pid).toBe(started.services.search!.pid);
      expect(started.services.gateway!.pid).not.toBe(started.services.search!.pid);

      // 2. SIGKILL the subgraphs' process: the runner restarts it (a new pid within 5 s) with both its services, and only it.
      const old = started.services.search!.pid;
      process.kill(old, 'SIGKILL');
      const t0 = Date.now();
      const restarted = await until(
        () => {
          const s = first.file()?.services.search;
          return s && s.pid !== old && s;
        },
        5_000,
        'search under a new pid',
      );
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(restarted.restarts).toBe(1);
      expect(first.file()?.services.user?.pid).toBe(restarted.pid);
      expect(first.lines.some((l) => /\[runner\] subgraphs \(search, user\) exited \(signal SIGKILL\); restarting in 250 ms/.test(l))).toBe(true);
      await until(async () => (await first.up('search')) && first.up('user'), 60_000, 'search and user to answer again');
      expect(alive(started.services.gateway!.pid)).toBe(true);
      expect(first.file()?.services.gateway?.pid).toBe(started.services.gateway!.pid);

      // 3. Write favorites through the gateway until acknowledged; SIGKILL every process mid-write.
      const visitors: { cookie: string; acked: string[] }[] = [];
      for (let i = 0; i < 3; i++) {
        const minted = await graphql(first, '{ abTests { name } }');
        expect(minted.cookie).toBeDefined();
        visitors.push({ cookie: minted.cookie!, acked: [] });
      }
      let stop = false;
      const writes = visitors.map(async (v, i) => {
        for (let n = 1; !stop && n <= 40; n++) {
          const key = `bk${String(i * 40 + n).padStart(9, '0')}`;
          try {
            const res = await graphql(first, 'mutation ($k: [ID!]!) { addFavorites(globalKeys: $k) { addGlobalKeys } }', { k: [key] }, v.cookie);
            const added = (res.body.data?.addFavorites as { addGlobalKeys?: string[] } | undefined)?.addGlobalKeys;
            if (res.status === 200 && added?.includes(key)) v.acked.push(key);
          } catch {
            // cut off by the kill: not acknowledged
          }
        }
      });
      await until(() => visitors.every((v) => v.acked.length >= 5), 60_000, 'some acknowledged writes');
      const all = first.file()!;
      for (const pid of new Set([all.runner.pid, ...Object.values(all.services).map((s) => s.pid)])) process.kill(pid, 'SIGKILL');
      stop = true;
      await Promise.all(writes);
      await first.exited;
      const acked = visitors.reduce((n, v) => n + v.acked.length, 0);
      expect(acked).toBeGreaterThanOrEqual(15);

      // 4. npm start again on the same DATA_DIR: the stores open, every acknowledged favorite is there.
      await until(() => Object.values(all.services).every((s) => !alive(s.pid)), 10_000, 'the killed services to be gone');
      const second = new RunnerProcess(dataDir, env);
      runners.push(second);
      const again = await second.ready(10 * 60_000);
      expect(second.lines.join('\n')).not.toMatch(/would not open|in use by process/);
      for (const v of visitors) {
        const res = await graphql(
          second,
          '{ requiredUserData { bukken(favorites: true, histories: false, incompleteInquiries: false) { favorites { globalKey } } } }',
          {},
          v.cookie,
        );
        const data = res.body.data?.requiredUserData as { bukken: { favorites: { globalKey: string }[] } } | undefined;
        const have = new Set(data?.bukken.favorites.map((f) => f.globalKey));
        expect(v.acked.filter((k) => !have.has(k))).toEqual([]);
      }

      // 5. SIGTERM to the runner's pid: every child stops (gracefully: exit 0), the runner waits, then exits 0.
      const pids = [...new Set(Object.values(again.services).map((s) => s.pid))];
      const t1 = Date.now();
      second.child.kill('SIGTERM');
      const exit = await second.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - t1).toBeLessThan(20_000);
      expect(pids.filter(alive)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'run', 'services.json'))).toBe(false);
      // One line per process: the subgraphs' group and the gateway.
      expect(second.lines.filter((l) => /\[runner\] .+ stopped \(/.test(l))).toHaveLength(2);
    },
    30 * 60_000,
  );
});
