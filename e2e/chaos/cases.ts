/**
 * Issue 13's chaos cases, each under load (concurrency ≥ 10) against the real runner:
 * A mixed load; B company killed; C search killed (both of its instances); H search's instances killed
 * one at a time (issue 18: 0 failed pages, the killed one rejoins); D Redis stopped and started; E
 * PostgreSQL restarted; F a subgraph stopped (SIGSTOP); G SIGTERM to the gateway. Each returns its figures and what failed.
 */
import { figures, histogram, Load, Probe, request, type Figures, type Sample } from './load.js';
import { sleep, type Runner, type ServiceName, type ServicesFile } from './runner.js';
import { mintCookie, type Specs } from './site.js';
import { alive, type ChaosPostgres, type ChaosRedis } from './stores.js';

export interface Ctx {
  runner: Runner;
  pg: ChaosPostgres;
  redis: ChaosRedis;
  specs: Specs;
  concurrency: number;
  loadSeconds: number;
}

export interface CaseResult {
  id: string;
  title: string;
  failures: string[];
  notes: string[];
  figures: Figures;
  /** Seconds until the site was whole again (what that means is in the notes). */
  recovery?: number;
  seconds: number;
}

export interface ChaosCase {
  id: string;
  title: string;
  run: (ctx: Ctx) => Promise<Omit<CaseResult, 'id' | 'title' | 'seconds'>>;
}

/** Polls until `cond` holds; the seconds it took, or undefined at the timeout. */
async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100, from = Date.now()): Promise<number | undefined> {
  const deadline = from + timeoutMs;
  while (Date.now() < deadline) {
    if (await cond()) return (Date.now() - from) / 1000;
    await sleep(everyMs);
  }
  return undefined;
}

const s1 = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(1));
const inWindow = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.start >= from && s.end <= to);
const failedRequests = (samples: Sample[]) => samples.filter((s) => s.error || s.status >= 500);
const describe = (samples: Sample[], n = 3) =>
  samples
    .slice(0, n)
    .map((s) => `${s.kind} ${s.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')} → ${s.error ?? s.status}`)
    .join('; ');

function pidsChanged(before: ServicesFile, after: ServicesFile): string[] {
  const out: string[] = [];
  for (const [name, entry] of Object.entries(before.services)) {
    const now = after.services[name as ServiceName];
    if (!now) out.push(`${name} gone`);
    else if (now.pid !== entry.pid || now.restarts !== entry.restarts) out.push(`${name} ${entry.pid}→${now.pid} (restarts ${entry.restarts}→${now.restarts})`);
  }
  return out;
}

function servicesFileNote(file: ServicesFile): string[] {
  return file.fromFile ? [] : ['services.json missing: pids read from the listening sockets (the runner does not write it yet)'];
}

/** Kills a subgraph with SIGKILL and waits for the runner to start it again. */
async function killAndWatch(ctx: Ctx, name: ServiceName) {
  const before = ctx.runner.services();
  const old = before.services[name]?.pid;
  if (!old) throw new Error(`no pid for ${name} (services.json: ${before.fromFile})`);
  const t0 = Date.now();
  process.kill(old, 'SIGKILL');
  const restarted = await waitFor(
    () => {
      const pid = ctx.runner.pidOf(name);
      return pid !== undefined && pid !== old;
    },
    30_000,
    50,
    t0,
  );
  const healthy = await waitFor(async () => ctx.runner.pidOf(name) !== old && (await ctx.runner.healthy(name)), 45_000, 100, t0);
  return { before, old, t0, restarted, healthy, tHealthy: healthy === undefined ? Date.now() : t0 + healthy * 1000 };
}

// ---- A --------------------------------------------------------------------------------------------------

const caseA: ChaosCase = {
  id: 'A',
  title: `mixed load, nothing broken`,
  async run(ctx) {
    const before = ctx.runner.services();
    const load = new Load(ctx.specs.pagesMix(), ctx.concurrency).start();
    await sleep(ctx.loadSeconds * 1000);
    const samples = await load.stop();
    const failures: string[] = [];
    const bad = failedRequests(samples);
    if (bad.length) failures.push(`${bad.length} requests failed (${histogram(bad)}): ${describe(bad)}`);
    const changed = pidsChanged(before, ctx.runner.services());
    if (changed.length) failures.push(`services restarted under plain load: ${changed.join(', ')}`);
    const byKind = [...new Set(samples.map((s) => s.kind))].map((k) => {
      const f = figures(samples.filter((s) => s.kind === k));
      return `${k} ${f.requests} (p50 ${f.p50} / p99 ${f.p99} ms)`;
    });
    return {
      failures,
      notes: [`${ctx.loadSeconds} s at concurrency ${ctx.concurrency}: ${byKind.join(', ')}`, `statuses ${histogram(samples)}`, ...servicesFileNote(before)],
      figures: figures(samples),
    };
  },
};

// ---- B --------------------------------------------------------------------------------------------------

const caseB: ChaosCase = {
  id: 'B',
  title: 'company subgraph killed (SIGKILL)',
  async run(ctx) {
    const { specs } = ctx;
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    await sleep(3000);
    const detail = new Probe(() => specs.detail(specs.freshKey()), 500).start();
    const results = new Probe(() => specs.page('results', specs.data.cityPath), 500).start();
    const k = await killAndWatch(ctx, 'company');
    await sleep(3000);
    const [loadSamples, detailSamples, resultSamples] = await Promise.all([load.stop(), detail.stop(), results.stop()]);
    const failures: string[] = [];
    if (k.restarted === undefined || k.restarted > 5)
      failures.push(`the runner did not restart company within 5 s (${k.restarted === undefined ? 'not at all in 30 s' : `${s1(k.restarted)} s`})`);
    if (k.healthy === undefined) failures.push('company not healthy again within 45 s');
    const outage = inWindow(detailSamples, k.t0, k.tHealthy);
    const notOk = outage.filter((s) => s.status !== 200);
    const withNotice = outage.filter((s) => s.flags.includes('notice'));
    if (outage.length === 0) failures.push('no detail page answered while company was down');
    if (notOk.length) failures.push(`${notOk.length}/${outage.length} detail pages during the outage were not 200 (${histogram(notOk)})`);
    if (outage.length && withNotice.length === 0)
      failures.push(`no detail page during the outage showed the company notice (${outage.length} answered: ${histogram(outage)})`);
    const searchBad = resultSamples.filter((s) => s.status !== 200);
    if (searchBad.length) failures.push(`search pages affected: ${searchBad.length}/${resultSamples.length} not 200 (${histogram(searchBad)})`);
    const bad = failedRequests(loadSamples);
    if (bad.length) failures.push(`${bad.length} load requests failed (${histogram(bad)}): ${describe(bad)}`);
    return {
      failures,
      notes: [
        `runner restarted company after ${s1(k.restarted)} s, healthy after ${s1(k.healthy)} s`,
        `detail pages during the outage: ${outage.length} (${withNotice.length} with the notice); results pages ${histogram(resultSamples)}`,
        ...servicesFileNote(k.before),
      ],
      figures: figures([...loadSamples, ...detailSamples, ...resultSamples]),
      ...(k.healthy !== undefined ? { recovery: k.healthy } : {}),
    };
  },
};

// ---- C --------------------------------------------------------------------------------------------------

const caseC: ChaosCase = {
  id: 'C',
  title: 'search subgraph killed, both instances (SIGKILL)',
  async run(ctx) {
    const { specs } = ctx;
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    await sleep(3000);
    const results = new Probe(() => specs.freshWords(), 500).start();
    const favorites = new Probe(() => specs.page('favorites', '/favorite'), 500).start();
    const forms = new Probe(() => specs.page('form', '/users_inquiry'), 500).start();
    // The whole subgraph down: its second instance first, then the first one, watched until it is back.
    const second = ctx.runner.pidOf('search-2');
    if (second) process.kill(second, 'SIGKILL');
    const k = await killAndWatch(ctx, 'search');
    await sleep(3000);
    const [loadSamples, resultSamples, favSamples, formSamples] = await Promise.all([load.stop(), results.stop(), favorites.stop(), forms.stop()]);
    const failures: string[] = [];
    const outage = inWindow(resultSamples, k.t0, k.tHealthy);
    const page503 = outage.filter((s) => s.status === 503 && s.retryAfter);
    const odd = outage.filter((s) => s.status !== 200 && !(s.status === 503 && s.retryAfter));
    if (outage.length === 0) failures.push('no results page answered while search was down');
    else if (page503.length === 0) failures.push(`no results page answered the 503 page (with Retry-After) while search was down: ${histogram(outage)}`);
    if (odd.length) failures.push(`results pages during the outage answered other than 503+Retry-After or 200: ${histogram(odd)}`);
    for (const [what, samples] of [
      ['favorites', favSamples],
      ['forms', formSamples],
    ] as const) {
      const bad = samples.filter((s) => s.status !== 200);
      if (bad.length) failures.push(`${what} pages not 200 while search was down: ${bad.length}/${samples.length} (${histogram(bad)})`);
    }
    const hard = [...loadSamples, ...resultSamples].filter((s) => s.error || (s.status >= 500 && s.status !== 503));
    if (hard.length) failures.push(`${hard.length} requests failed other than with 503 (${histogram(hard)}): ${describe(hard)}`);
    if (k.healthy === undefined) failures.push('search not healthy again within 45 s');
    if ((await waitFor(() => ctx.runner.healthy('search-2'), 45_000, 200)) === undefined)
      failures.push("search's second instance not healthy again within 45 s");
    const all = [...loadSamples, ...resultSamples, ...favSamples, ...formSamples];
    return {
      failures,
      notes: [
        `runner restarted search after ${s1(k.restarted)} s, healthy after ${s1(k.healthy)} s`,
        `results pages during the outage: ${histogram(outage)}; favorites ${histogram(favSamples)}; forms ${histogram(formSamples)}`,
        `503 answers (expected on pages whose main content is search's): ${all.filter((s) => s.status === 503).length}`,
        ...servicesFileNote(k.before),
      ],
      figures: figures(all),
      ...(k.healthy !== undefined ? { recovery: k.healthy } : {}),
    };
  },
};

// ---- H --------------------------------------------------------------------------------------------------

const caseH: ChaosCase = {
  id: 'H',
  title: 'search at two instances: one killed, then the other once the first is back (SIGKILL)',
  async run(ctx) {
    const { specs } = ctx;
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    await sleep(3000);
    // Results pages whose answers no cache holds: every one goes to a search instance.
    const results = new Probe(() => specs.freshWords(), 200).start();
    const first = await killAndWatch(ctx, 'search');
    // Back in the gateway's rotation once its readiness probe (every 2 s) sees it.
    await sleep(5000);
    // Now the other one: every results page must come from the instance that was killed and rejoined.
    const second = await killAndWatch(ctx, 'search-2');
    await sleep(3000);
    const [loadSamples, resultSamples] = await Promise.all([load.stop(), results.stop()]);
    const all = [...loadSamples, ...resultSamples];
    const failures: string[] = [];
    const bad = all.filter((s) => s.error || s.status !== 200);
    if (bad.length) failures.push(`${bad.length} pages not 200 with one search instance left (${histogram(bad)}): ${describe(bad)}`);
    if (first.healthy === undefined) failures.push('the first search instance not healthy again within 45 s');
    if (second.healthy === undefined) failures.push('the second search instance not healthy again within 45 s');
    if (inWindow(resultSamples, second.t0, second.tHealthy).length === 0) failures.push('no results page was asked while only the restarted instance served');
    return {
      failures,
      notes: [
        `search killed: restarted after ${s1(first.restarted)} s, healthy after ${s1(first.healthy)} s; search-2 killed: restarted after ${s1(second.restarted)} s, healthy after ${s1(second.healthy)} s`,
        `results pages while one instance was down: ${histogram(inWindow(resultSamples, first.t0, first.tHealthy))} and ${histogram(inWindow(resultSamples, second.t0, second.tHealthy))}`,
        ...servicesFileNote(first.before),
      ],
      figures: figures(all),
      ...(second.healthy !== undefined ? { recovery: second.healthy } : {}),
    };
  },
};

// ---- D --------------------------------------------------------------------------------------------------

const caseD: ChaosCase = {
  id: 'D',
  title: 'Redis stopped 10 s, then started',
  async run(ctx) {
    const { specs, redis } = ctx;
    const before = ctx.runner.services();
    const clientsBefore = redis.connectedClients() ?? 0;
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    await sleep(3000);
    // The body says why when it is not ready (which dependency).
    const ready = new Probe(
      () => ({ kind: 'readyz', url: ctx.runner.url('gateway', '/readyz'), inspect: (body) => [body.replace(/\s+/g, ' ').slice(0, 200)] }),
      500,
      5000,
    ).start();
    const t0 = Date.now();
    await redis.stop();
    await sleep(10_000);
    redis.start();
    const t1 = Date.now();
    const keysBack = await waitFor(() => dbsize(redis) > 0, 30_000, 200, t1);
    const clientsBack = await waitFor(() => (redis.connectedClients() ?? 0) >= clientsBefore, 30_000, 200, t1);
    await sleep(3000);
    const [samples, readySamples] = await Promise.all([load.stop(), ready.stop()]);
    const failures: string[] = [];
    const bad = failedRequests(samples);
    if (bad.length) failures.push(`${bad.length} requests failed (${histogram(bad)}): ${describe(bad)}`);
    const down = inWindow(samples, t0, t1);
    const notReady = readySamples.filter((s) => s.status !== 200);
    if (notReady.length)
      failures.push(
        `gateway /readyz not 200 ${notReady.length}/${readySamples.length} times (${histogram(notReady)}; first: ${notReady[0]!.flags[0] ?? notReady[0]!.error}): Redis down must leave it ready (degraded)`,
      );
    const changed = pidsChanged(before, ctx.runner.services());
    if (changed.length) failures.push(`services restarted: ${changed.join(', ')}`);
    if (keysBack === undefined) failures.push('nothing written to Redis within 30 s of its restart (the services did not reconnect)');
    const downFig = figures(down);
    return {
      failures,
      notes: [
        `while Redis was down: ${down.length} requests (${histogram(down)}), p50 ${downFig.p50} / p99 ${downFig.p99} ms`,
        `after the restart: keys written after ${s1(keysBack)} s, clients back to ${clientsBefore} after ${s1(clientsBack)} s; /readyz ${histogram(readySamples)}`,
        ...servicesFileNote(before),
      ],
      figures: figures(samples),
      ...(keysBack !== undefined ? { recovery: keysBack } : {}),
    };
  },
};

const dbsize = (redis: ChaosRedis): number => redis.dbsize() ?? 0;

// ---- E --------------------------------------------------------------------------------------------------

interface Writer {
  cookie: string;
  acked: Set<string>;
  samples: Sample[];
}

async function writeLoop(ctx: Ctx, writers: Writer[], stop: () => boolean): Promise<void> {
  // Writers take keys of their own (any listing; another visitor may have the same): the fresh ones are for probes.
  const keys = [...ctx.specs.data.loadKeys, ...ctx.specs.data.freshKeys].reverse();
  let w = 0;
  let next = 0;
  while (!stop()) {
    const writer = writers[w]!;
    if (writer.acked.size >= 40) {
      if (w + 1 >= writers.length) break;
      w++;
      continue;
    }
    const key = keys[next++ % keys.length]!;
    const s = await request({
      kind: 'favorite-write',
      url: ctx.runner.url('gateway', '/api/v4_1/favorites'),
      init: { method: 'POST', headers: { 'content-type': 'application/json', cookie: writer.cookie }, body: JSON.stringify({ globalKeys: [key] }) },
      inspect: (body) => {
        try {
          const parsed = JSON.parse(body) as { addFavorites?: { addGlobalKeys?: string[] } };
          return parsed.addFavorites?.addGlobalKeys?.includes(key) ? ['acked'] : [];
        } catch {
          return [];
        }
      },
    });
    writer.samples.push(s);
    if (s.status === 200 && s.flags.includes('acked')) writer.acked.add(key);
    else await sleep(100);
  }
}

const caseE: ChaosCase = {
  id: 'E',
  title: 'PostgreSQL restarted (stopped 3 s)',
  async run(ctx) {
    const { specs, pg } = ctx;
    const before = ctx.runner.services();
    const writers: Writer[][] = [];
    for (let i = 0; i < 2; i++)
      writers.push(await Promise.all([0, 1, 2].map(async () => ({ cookie: await mintCookie(ctx.runner), acked: new Set<string>(), samples: [] as Sample[] }))));
    const reader = ctx.specs.data.cookies[0]!;
    let stopWriting = false;
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    const writing = writers.map((ws) => writeLoop(ctx, ws, () => stopWriting));
    const reads = new Probe(() => specs.favoritesRead(reader), 250, 10_000).start();
    await sleep(3000);
    const t0 = Date.now();
    pg.stop('fast');
    await sleep(3000);
    pg.start();
    const t1 = Date.now();
    const readsBack = await waitFor(() => reads.samples.some((s) => s.start >= t1 && s.status === 200), 20_000, 100, t1);
    await sleep(3000);
    stopWriting = true;
    await Promise.all(writing);
    const [loadSamples, readSamples] = await Promise.all([load.stop(), reads.stop()]);
    const failures: string[] = [];
    const changed = pidsChanged(before, ctx.runner.services());
    if (changed.length) failures.push(`processes exited or restarted: ${changed.join(', ')}`);
    if (readsBack === undefined || readsBack > 5)
      failures.push(`reads did not answer within 5 s of PostgreSQL's return (${readsBack === undefined ? 'not in 20 s' : `${s1(readsBack)} s`})`);
    // Every acknowledged write is there after.
    let acked = 0;
    const missing: string[] = [];
    for (const w of writers.flat()) {
      acked += w.acked.size;
      if (w.acked.size === 0) continue;
      const res = await fetch(ctx.runner.url('gateway', '/api/v4_1/favorites'), { headers: { cookie: w.cookie } });
      const body = (await res.json()) as { favorites?: { globalKey: string }[] };
      const have = new Set((body.favorites ?? []).map((f) => f.globalKey));
      for (const key of w.acked) if (!have.has(key)) missing.push(key);
    }
    if (missing.length) failures.push(`${missing.length} of ${acked} acknowledged favorites missing after the restart: ${missing.slice(0, 5).join(', ')}`);
    const writeSamples = writers.flat().flatMap((w) => w.samples);
    const badWrites = writeSamples.filter((s) => s.error || (s.status >= 500 && s.status !== 503));
    if (badWrites.length) failures.push(`${badWrites.length} writes failed other than with a retryable 503 (${histogram(badWrites)})`);
    const hard = [...loadSamples, ...readSamples].filter((s) => s.error || (s.status >= 500 && s.status !== 503));
    if (hard.length) failures.push(`${hard.length} reads/pages failed other than with 503 (${histogram(hard)}): ${describe(hard)}`);
    const outage = inWindow([...loadSamples, ...readSamples], t0, t1);
    return {
      failures,
      notes: [
        `writes: ${writeSamples.length} sent, ${acked} acknowledged (${histogram(writeSamples)}), ${missing.length} missing after`,
        `while PostgreSQL was down: ${histogram(outage)}; reads answered again ${s1(readsBack)} s after it was back`,
        ...servicesFileNote(before),
      ],
      figures: figures([...loadSamples, ...readSamples, ...writeSamples]),
      ...(readsBack !== undefined ? { recovery: readsBack } : {}),
    };
  },
};

// ---- F --------------------------------------------------------------------------------------------------

const caseF: ChaosCase = {
  id: 'F',
  title: 'company subgraph frozen (SIGSTOP 10 s, then SIGCONT)',
  async run(ctx) {
    const { specs } = ctx;
    const before = ctx.runner.services();
    const pid = before.services.company?.pid;
    if (!pid) throw new Error('no pid for company');
    const load = new Load(specs.pagesMix(), ctx.concurrency).start();
    await sleep(3000);
    const t0 = Date.now();
    process.kill(pid, 'SIGSTOP');
    let t1 = 0;
    let detailSamples: Sample[] = [];
    let resultSamples: Sample[] = [];
    try {
      const detail = new Probe(() => specs.detail(specs.freshKey()), 400, 15_000).start();
      const results = new Probe(() => specs.page('results', specs.data.cityPath), 1000, 15_000).start();
      await sleep(10_000);
      [detailSamples, resultSamples] = await Promise.all([detail.stop(), results.stop()]);
    } finally {
      process.kill(pid, 'SIGCONT');
      t1 = Date.now();
    }
    // Recovered: a listing no one asked for shows its store card again.
    const back = await waitFor(async () => (await request(specs.detail(specs.freshKey()), 10_000)).flags.includes('company'), 30_000, 250, t1);
    await sleep(2000);
    const loadSamples = await load.stop();
    const failures: string[] = [];
    const frozen = inWindow(detailSamples, t0, t1);
    const slow = frozen.filter((s) => s.end - s.start > 3000);
    const notOk = frozen.filter((s) => s.status !== 200);
    const noNotice = frozen.filter((s) => s.status === 200 && !s.flags.includes('notice'));
    if (frozen.length === 0) failures.push('no detail page answered while company was frozen');
    if (slow.length)
      failures.push(
        `${slow.length}/${frozen.length} detail pages took over 3 s while company was frozen (max ${Math.max(...frozen.map((s) => s.end - s.start))} ms)`,
      );
    if (notOk.length) failures.push(`${notOk.length}/${frozen.length} detail pages were not 200 (${histogram(notOk)})`);
    if (noNotice.length) failures.push(`${noNotice.length}/${frozen.length} detail pages did not show the company notice (not degraded)`);
    const slowResults = resultSamples.filter((s) => s.status !== 200 || s.end - s.start > 3000);
    if (slowResults.length) failures.push(`${slowResults.length}/${resultSamples.length} results pages not 200 within 3 s (${histogram(slowResults)})`);
    const bad = failedRequests(loadSamples);
    if (bad.length) failures.push(`${bad.length} load requests failed (${histogram(bad)}): ${describe(bad)}`);
    if (back === undefined) failures.push('detail pages did not show the store again within 30 s of SIGCONT');
    const frozenFig = figures(frozen);
    const after = ctx.runner.services();
    return {
      failures,
      notes: [
        `detail pages while frozen: ${frozen.length}, p50 ${frozenFig.p50} / max ${frozenFig.max} ms, ${frozen.length - noNotice.length - notOk.length} with the notice`,
        `store card back ${s1(back)} s after SIGCONT; company pid ${after.services.company?.pid === pid ? 'unchanged' : `replaced (${pid}→${after.services.company?.pid})`}`,
        ...servicesFileNote(before),
      ],
      figures: figures([...loadSamples, ...detailSamples, ...resultSamples]),
      ...(back !== undefined ? { recovery: back } : {}),
    };
  },
};

// ---- G --------------------------------------------------------------------------------------------------

const caseG: ChaosCase = {
  id: 'G',
  title: 'SIGTERM to the gateway under load',
  async run(ctx) {
    const { specs } = ctx;
    const before = ctx.runner.services();
    const old = before.services.gateway?.pid;
    if (!old) throw new Error('no pid for the gateway');
    const logFrom = ctx.runner.logLines();
    const gateway = new Load(specs.gatewayMix(), ctx.concurrency).start();
    const pages = new Load(specs.pagesMix(), 4).start();
    await sleep(4000);
    const t0 = Date.now();
    process.kill(old, 'SIGTERM');
    const exited = await waitFor(() => !alive(old), 30_000, 50, t0);
    const restarted = await waitFor(
      () => {
        const pid = ctx.runner.pidOf('gateway');
        return pid !== undefined && pid !== old;
      },
      45_000,
      50,
      t0,
    );
    const back = await waitFor(async () => ctx.runner.pidOf('gateway') !== old && (await ctx.runner.healthy('gateway')), 90_000, 100, t0);
    await sleep(3000);
    const [gwSamples, pageSamples] = await Promise.all([gateway.stop(), pages.stop()]);
    const failures: string[] = [];
    const sentBefore = gwSamples.filter((s) => s.start < t0);
    const inflight = sentBefore.filter((s) => s.end >= t0);
    const lost = sentBefore.filter((s) => s.error || s.status >= 500);
    if (lost.length)
      failures.push(
        `${lost.length} of ${sentBefore.length} gateway requests sent before the signal failed (${inflight.length} were in flight): ${histogram(lost)}`,
      );
    if (inflight.length === 0) failures.push('no request was in flight at the signal (the case proved nothing)');
    if (exited === undefined) failures.push('the gateway had not exited 30 s after SIGTERM (the drain is ≤ 10 s)');
    if (restarted === undefined) failures.push('the runner did not start a new gateway within 45 s');
    if (back === undefined) failures.push('the new gateway was not ready within 90 s');
    const after = gwSamples.filter((s) => s.start >= t0);
    // A page started before the signal may still need the gateway after it: reported, not a failure of the drain.
    const pageBefore = pageSamples.filter((s) => s.start < t0 && (s.error || s.status >= 500));
    const exitLines = ctx.runner.restartLines(logFrom).filter((l) => /gateway/.test(l));
    return {
      failures,
      notes: [
        `${inflight.length} gateway requests in flight at the signal, all sent before it: ${histogram(sentBefore.filter((s) => s.end >= t0))}`,
        `after the signal: ${histogram(after)} (refusals while it restarts are expected); pages ${histogram(pageSamples)}, ${pageBefore.length} of those sent before the signal failed`,
        `old gateway exited ${s1(exited)} s after the signal, a new one started after ${s1(restarted)} s, ready after ${s1(back)} s${exitLines.length ? `; runner: ${exitLines[0]!.trim().slice(0, 160)}` : ''}`,
        ...servicesFileNote(before),
      ],
      figures: figures([...gwSamples, ...pageSamples]),
      ...(back !== undefined ? { recovery: back } : {}),
    };
  },
};

export const CASES: readonly ChaosCase[] = [caseA, caseB, caseC, caseH, caseD, caseE, caseF, caseG];
