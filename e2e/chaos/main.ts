/**
 * `npm run test:chaos [-- --case B]`: the real runner (`npm start`) on free ports with its own PostgreSQL
 * cluster and Redis (started here on spare ports, never the shared 5432/6379), a small seed, and issue 13's
 * cases A–G, each under load; prints requests, 5xx, p50/p99 and recovery seconds per case and fails when a
 * case's promise does not hold.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanEnv, ensureBuilds, freePort } from '../support/stack.js';
import { CASES, type CaseResult, type Ctx } from './cases.js';
import { figures } from './load.js';
import { Runner, sleep } from './runner.js';
import { discover, Specs } from './site.js';
import { ChaosPostgres, ChaosRedis } from './stores.js';

const { values: args } = parseArgs({
  options: {
    case: { type: 'string', multiple: true },
    listings: { type: 'string', default: process.env.CHAOS_LISTINGS ?? '600' },
    concurrency: { type: 'string', default: '10' },
    'load-seconds': { type: 'string', default: '60' },
  },
});
const selected = (args.case ?? []).flatMap((c) => c.split(',')).map((c) => c.trim().toUpperCase());
const cases = selected.length ? CASES.filter((c) => selected.includes(c.id)) : CASES;
if (cases.length === 0 && !selected.includes('S')) {
  console.error(`[chaos] no case named ${selected.join(', ')} (cases: ${CASES.map((c) => c.id).join(', ')})`);
  process.exit(2);
}

const base = mkdtempSync(path.join(tmpdir(), 'sumika-chaos-'));
// The postgres user must reach its cluster directory inside.
chmodSync(base, 0o755);
let cleanup: (() => Promise<void>) | undefined;

async function main(): Promise<number> {
  const started = Date.now();
  const pg = new ChaosPostgres(base, await freePort());
  const redis = new ChaosRedis(base, await freePort());
  const runner = new Runner(path.join(base, 'data'), { databaseUrl: pg.url, redisUrl: redis.url }, args.listings!);
  let stopped = false;
  cleanup = async () => {
    if (!stopped) {
      const { left } = await runner.stop();
      if (left.length) console.log(`[chaos] still running after the runner's SIGTERM (killed): ${left.join(', ')}`);
    }
    await redis.stop();
    try {
      if (pg.running()) pg.stop('immediate');
    } catch (err) {
      console.warn(`[chaos] stopping PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!process.env.CHAOS_KEEP) rmSync(base, { recursive: true, force: true });
  };

  ensureBuilds(cleanEnv({}));
  await pg.init();
  redis.start();
  console.log(`[chaos] PostgreSQL :${pg.port} and Redis :${redis.port} of its own; runner with ${args.listings} listings, files in ${base}`);
  await runner.start();
  await runner.waitReady(360_000);
  const setupSeconds = (Date.now() - started) / 1000;
  const file = runner.services();
  console.log(
    `[chaos] site up in ${setupSeconds.toFixed(0)} s: shell :${runner.ports.shell}, gateway :${runner.ports.gateway}; services.json ${file.fromFile ? 'present' : 'MISSING (pids from listening sockets)'}`,
  );
  const specs = new Specs(runner, await discover(runner, 12));
  const ctx: Ctx = { runner, pg, redis, specs, concurrency: Math.max(10, Number(args.concurrency)), loadSeconds: Number(args['load-seconds']) };

  const results: CaseResult[] = [];
  for (const c of cases) {
    const t = Date.now();
    console.log(`\n[chaos] case ${c.id}: ${c.title}`);
    let result: CaseResult;
    try {
      result = { id: c.id, title: c.title, ...(await c.run(ctx)), seconds: 0 };
    } catch (err) {
      result = {
        id: c.id,
        title: c.title,
        failures: [`the case could not run: ${err instanceof Error ? err.message : String(err)}`],
        notes: [],
        figures: figures([]),
        seconds: 0,
      };
    }
    result.seconds = (Date.now() - t) / 1000;
    results.push(result);
    printCase(result);
    // The next case starts from a whole site (or says it could not).
    try {
      await runner.waitReady(60_000);
    } catch (err) {
      console.log(`[chaos] the site is not whole after case ${c.id}: ${err instanceof Error ? err.message : String(err)}`);
      await sleep(1000);
    }
  }
  // Finding 11: SIGTERM to `npm start`'s own pid stops every service it started, and waits for them.
  if (!selected.length || selected.includes('S')) {
    const t = Date.now();
    const { left, seconds } = await runner.stop();
    stopped = true;
    const result: CaseResult = {
      id: 'S',
      title: "SIGTERM to the runner's pid stops every service",
      failures: left.length ? [`still running ${seconds.toFixed(0)} s after the runner's SIGTERM (then killed): ${left.join(', ')}`] : [],
      notes: [`runner and every service gone ${seconds.toFixed(1)} s after the signal`],
      figures: figures([]),
      recovery: seconds,
      seconds: (Date.now() - t) / 1000,
    };
    results.push(result);
    console.log('');
    printCase(result);
  }
  printSummary(results, (Date.now() - started) / 1000, setupSeconds);
  return results.every((r) => r.failures.length === 0) ? 0 : 1;
}

function printCase(r: CaseResult): void {
  const f = r.figures;
  console.log(
    `[chaos] ${r.id} ${r.failures.length ? 'FAIL' : 'pass'} in ${r.seconds.toFixed(0)} s: ${f.requests} requests, ${f.fivexx} 5xx, ${f.errors} errors, p50 ${f.p50} ms, p99 ${f.p99} ms, recovery ${r.recovery === undefined ? '—' : `${r.recovery.toFixed(1)} s`}`,
  );
  for (const n of r.notes) console.log(`    ${n}`);
  for (const x of r.failures) console.log(`    FAIL ${x}`);
}

function printSummary(results: CaseResult[], total: number, setup: number): void {
  console.log(`\n[chaos] ${results.length} cases in ${total.toFixed(0)} s (setup ${setup.toFixed(0)} s)`);
  console.log(
    [
      'case'.padEnd(6),
      'result'.padEnd(7),
      'requests'.padStart(8),
      '5xx'.padStart(6),
      'errors'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'recovery s'.padStart(11),
      '  what',
    ].join(' '),
  );
  for (const r of results) {
    const f = r.figures;
    console.log(
      [
        r.id.padEnd(6),
        (r.failures.length ? 'FAIL' : 'pass').padEnd(7),
        String(f.requests).padStart(8),
        String(f.fivexx).padStart(6),
        String(f.errors).padStart(7),
        String(f.p50).padStart(7),
        String(f.p99).padStart(7),
        (r.recovery === undefined ? '—' : r.recovery.toFixed(1)).padStart(11),
        `  ${r.title}`,
      ].join(' '),
    );
  }
  const failed = results.filter((r) => r.failures.length);
  console.log(`\n[chaos] ${failed.length === 0 ? 'PASS' : `FAIL: ${failed.map((r) => r.id).join(', ')}`}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`[chaos] ${signal}: stopping what it started`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main()
  .then(
    async (code) => {
      await cleanup?.();
      return code;
    },
    async (err: unknown) => {
      console.error(`[chaos] ${err instanceof Error ? err.message : String(err)}`);
      await cleanup?.();
      return 2;
    },
  )
  .then((code) => process.exit(code));
