/**
 * `npm run test:fuzz [-- --count 10000 --seed 42]`: hostile requests against the whole site (the e2e stack
 * on free ports with a fresh store; PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set): GraphQL
 * documents generated from the supergraph's API schema for every root field and argument, malformed
 * transport and document shapes, the REST paths, junk paths/query strings/headers and every route of the
 * shell, and issue 13's abuse list. Passes only with 0 responses ≥ 500, no INTERNAL_SERVER_ERROR, stack
 * trace or internal name in any body, the contracts' answers to the abuse list, and every service up after.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printServiceErrors, repoRoot } from '../support/stack.js';
import { abuseCases, costCases, gqlPost, protocolCases, restCases, shapeCases, shellCases, type Case, type CaseContext } from './cases.js';
import { internalAddressRule, LEAK_RULES, leaks, type LeakRule } from './checks.js';
import { FALLBACK_KNOWN, generate, loadApiSchema, MODES, modesFor, rootFields, type Known, type Mode } from './graphql-gen.js';
import { send, type RawResponse } from './http.js';
import { Rng } from './prng.js';
import { startSite, type Site } from './site.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: process.env.FUZZ_COUNT ?? '2000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    failures: { type: 'string', default: '25' },
    listings: { type: 'string', default: process.env.FUZZ_LISTINGS ?? '1000' },
  },
});
const COUNT = Number(args.count);
const SEED = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const CONCURRENCY = Math.max(1, Number(args.concurrency));
const SHOW_FAILURES = Number(args.failures);
const TIMEOUT_MS = 30_000;

interface Outcome {
  c: Case;
  res: RawResponse;
  problems: string[];
}

// ---- discovery -------------------------------------------------------------------------------------------

async function gql(port: number, query: string, cookie?: string): Promise<{ data?: Record<string, unknown>; errors?: unknown; cookie?: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  const set = res.headers.getSetCookie().find((c) => c.startsWith('_uid='));
  return { data: body.data, errors: body.errors, ...(set ? { cookie: set.split(';')[0] } : {}) };
}

/** Real keys and codes from the seeded store; the fallbacks keep the run going when a query fails. */
async function discover(port: number): Promise<{ known: Known; cookie: string }> {
  const known: Known = { ...FALLBACK_KNOWN };
  const first = await gql(port, '{ abTests { name } }');
  if (!first.cookie) throw new Error('the gateway set no _uid cookie');
  const cookie = first.cookie;
  const pick = async <T>(what: string, query: string, read: (d: Record<string, unknown>) => T | undefined, apply: (v: T) => void) => {
    try {
      const { data, errors } = await gql(port, query, cookie);
      const v = data ? read(data) : undefined;
      if (v === undefined || v === null) throw new Error(`no value: ${JSON.stringify(errors ?? data).slice(0, 300)}`);
      apply(v);
    } catch (err) {
      console.warn(`[fuzz] discovery of ${what} failed (${err instanceof Error ? err.message : String(err)}); using a fallback`);
    }
  };
  type Card = { globalKey: string; building: { key: string; cityCode: number; townCode: number | null }; company: { key: string } | null };
  await pick(
    'listings',
    '{ searchBukkens(prefecturePath: "tokyo", perPage: 20) { result { bukkenList { globalKey building { key cityCode townCode } company { key } } } } }',
    (d) => (d as { searchBukkens: { result: { bukkenList: Card[] } } }).searchBukkens.result.bukkenList,
    (list) => {
      if (list.length === 0) throw new Error('no listings');
      known.globalKeys = list.map((b) => b.globalKey);
      known.buildingKey = list[0]!.building.key;
      known.cityCode = list[0]!.building.cityCode;
      const withTown = list.find((b) => b.building.townCode);
      if (withTown?.building.townCode) known.townCode = withTown.building.townCode;
      const withCompany = list.find((b) => b.company);
      if (withCompany?.company) known.companyKey = withCompany.company.key;
    },
  );
  await pick(
    'lines',
    '{ railways(prefecturePath: "tokyo") { lines { code } } }',
    (d) => (d as { railways: { lines: { code: number }[] }[] }).railways.flatMap((r) => r.lines)[0]?.code,
    (code) => (known.lineCode = code),
  );
  await pick(
    'stations',
    `{ stations(prefecturePath: "tokyo", lineCode: ${known.lineCode}) { code groupCode } }`,
    (d) => (d as { stations: { code: number; groupCode: number }[] }).stations[0],
    (station) => {
      known.stationCode = station.code;
      known.stationGroupCode = station.groupCode;
    },
  );
  await pick(
    'specials',
    '{ specials { path } }',
    (d) => (d as { specials: { path: string }[] }).specials[0]?.path,
    (p) => (known.specialName = p),
  );
  await pick(
    'campuses',
    '{ institutes(prefecturePath: "tokyo") { campuses { id } } }',
    (d) => (d as { institutes: { campuses: { id: number }[] }[] }).institutes.flatMap((i) => i.campuses)[0]?.id,
    (id) => (known.campusId = id),
  );
  return { known, cookie };
}

// ---- the run ---------------------------------------------------------------------------------------------

function schemaCases(rng: Rng, known: Known, cookie: string, budget: number): Case[] {
  const schema = loadApiSchema(path.join(repoRoot, 'gateway', 'supergraph.graphql'));
  const roots = rootFields(schema);
  const out: Case[] = [];
  const push = (root: (typeof roots)[number], mode: Mode, target?: string) => {
    const g = generate(rng, root, mode, known, target);
    const headers: [string, string][] = [['Content-Type', 'application/json']];
    if (rng.chance(0.8)) headers.push(['Cookie', cookie]);
    out.push({ category: 'schema', name: g.name, target: 'gateway', request: gqlPost(g.body, headers), ...(g.baseline ? { baseline: true } : {}) });
  };
  // Coverage first: every root field's baseline, every argument with each hostile mode that fits it once.
  for (const root of roots) push(root, 'valid');
  for (const root of roots) for (const arg of root.field.args) for (const mode of modesFor(arg)) push(root, mode, arg.name);
  for (const root of roots.filter((r) => r.field.args.length === 0)) push(root, 'unknownArg');
  const coverage = out.length;
  // Then random documents up to the budget.
  while (out.length < budget) {
    const root = rng.pick(roots);
    if (root.field.args.length === 0 || rng.chance(0.1)) {
      push(root, rng.chance(0.5) ? 'valid' : 'unknownArg');
      continue;
    }
    const arg = rng.pick(root.field.args);
    const modes = modesFor(arg);
    push(root, rng.chance(0.8) ? rng.pick(modes) : rng.pick(MODES), arg.name);
  }
  console.log(
    `[fuzz] schema: ${roots.length} root fields, ${roots.reduce((n, r) => n + r.field.args.length, 0)} arguments, ${coverage} coverage documents, ${out.length - coverage} random`,
  );
  return out;
}

async function runAll(cases: Case[], ports: Record<'gateway' | 'shell', number>, rules: LeakRule[], done: Outcome[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const port = ports[c.target];
      const request =
        c.request.raw || c.request.headers.some(([k]) => k.toLowerCase() === 'host')
          ? c.request
          : { ...c.request, headers: [['Host', `127.0.0.1:${port}`] as [string, string], ...c.request.headers] };
      const res = await send(port, request, c.timeoutMs ?? TIMEOUT_MS);
      const problems: string[] = [];
      if (res.error) problems.push(`no response: ${res.error}`);
      else if (res.status >= 500) problems.push(`status ${res.status}`);
      for (const leak of leaks(res.body, rules)) problems.push(`${leak.rule}: …${leak.excerpt}…`);
      const extra = res.error ? undefined : c.expect?.(res);
      if (extra) problems.push(extra);
      done.push({ c, res, problems });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function health(site: Site): Promise<string[]> {
  const down: string[] = [];
  await Promise.all(
    Object.values(site.services).map(async (s) => {
      try {
        const res = await fetch(`http://127.0.0.1:${s.port}/healthz`, { signal: AbortSignal.timeout(5000) });
        if (res.status !== 200) down.push(`${s.name} (/healthz ${res.status})`);
      } catch (err) {
        down.push(`${s.name} (${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)})`);
      }
    }),
  );
  return down.sort();
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

function describeRequest(c: Case): string {
  const r = c.request;
  const target = r.raw ? r.raw.toString('latin1').split('\r\n')[0]! : `${r.method} ${r.target}`;
  const body = r.body === undefined ? '' : ` body ${(Buffer.isBuffer(r.body) ? r.body.toString('latin1') : r.body).slice(0, 240)}`;
  return `${c.target}: ${JSON.stringify(target.slice(0, 200)).slice(1, -1)}${body ? JSON.stringify(body).slice(1, -1) : ''}`;
}

async function main(): Promise<number> {
  const rng = new Rng(SEED);
  const started = Date.now();
  console.log(`[fuzz] seed ${SEED} (replay with -- --seed ${SEED}), count ${COUNT}, concurrency ${CONCURRENCY}`);
  const site = await startSite(args.listings!);
  let code = 2;
  try {
    console.log(`[fuzz] site up: shell :${site.shellPort}, gateway :${site.gatewayPort} (logs in ${site.logDir})`);
    const { known, cookie } = await discover(site.gatewayPort);
    const ctx: CaseContext = { rng, known, cookie };
    const internalPorts = Object.values(site.services)
      .filter((s) => !s.name.startsWith('mf_') && s.name !== 'shell')
      .map((s) => s.port);
    const rules = [...LEAK_RULES, internalAddressRule(internalPorts)];

    // Fixed lists first (they are cheap to count), then the schema documents fill the count.
    const fixed: Case[][] = [
      protocolCases(ctx),
      shapeCases(ctx),
      restCases(ctx, 'gateway'),
      restCases(ctx, 'shell').filter(() => rng.chance(0.3)),
      shellCases(ctx),
      abuseCases(ctx),
      costCases(ctx),
    ];
    const fixedCount = fixed.reduce((n, l) => n + l.length, 0);
    const schema = schemaCases(rng, known, cookie, Math.max(0, COUNT - fixedCount));
    // The cost cases go last: until finding 1 is fixed they can take the search subgraph down.
    const phases: [string, Case[]][] = [
      ['schema', schema],
      ['protocol', fixed[0]!],
      ['shape', fixed[1]!],
      ['rest', [...fixed[2]!, ...fixed[3]!]],
      ['shell', fixed[4]!],
      ['abuse', fixed[5]!],
      ['cost', fixed[6]!],
    ];
    const outcomes: Outcome[] = [];
    const downAfter: [string, string[]][] = [];
    for (const [name, cases] of phases) {
      const t = Date.now();
      await runAll(cases, { gateway: site.gatewayPort, shell: site.shellPort }, rules, outcomes);
      const down = await health(site);
      console.log(
        `[fuzz] ${name}: ${cases.length} requests in ${((Date.now() - t) / 1000).toFixed(1)} s${down.length ? `; DOWN after it: ${down.join(', ')}` : ''}`,
      );
      if (down.length) downAfter.push([name, down]);
    }
    // Services still up after everything (a second look: a dying process may take a moment).
    await new Promise((r) => setTimeout(r, 2000));
    const finalDown = await health(site);
    code = report(outcomes, downAfter, finalDown, started);
    return code;
  } finally {
    if (code !== 0) printServiceErrors(site.logDir);
    await site.stop();
  }
}

function report(outcomes: Outcome[], downAfter: [string, string[]][], finalDown: string[], started: number): number {
  const categories = [...new Set(outcomes.map((o) => o.c.category))];
  console.log(`\n[fuzz] ${outcomes.length} requests, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    [
      'category'.padEnd(16),
      'requests'.padStart(8),
      '2xx'.padStart(6),
      '3xx'.padStart(6),
      '4xx'.padStart(6),
      '5xx'.padStart(6),
      'none'.padStart(6),
      'failed'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
    ].join(' '),
  );
  for (const cat of categories) {
    const list = outcomes.filter((o) => o.c.category === cat);
    const band = (lo: number) => list.filter((o) => !o.res.error && o.res.status >= lo && o.res.status < lo + 100).length;
    const ms = list.map((o) => o.res.ms).sort((a, b) => a - b);
    console.log(
      [
        cat.padEnd(16),
        String(list.length).padStart(8),
        String(band(200)).padStart(6),
        String(band(300)).padStart(6),
        String(band(400)).padStart(6),
        String(band(500)).padStart(6),
        String(list.filter((o) => o.res.error).length).padStart(6),
        String(list.filter((o) => o.problems.length > 0).length).padStart(7),
        String(pct(ms, 50)).padStart(7),
        String(pct(ms, 99)).padStart(7),
      ].join(' '),
    );
  }
  const histogram = new Map<string, number>();
  for (const o of outcomes) histogram.set(o.res.error ? 'none' : String(o.res.status), (histogram.get(o.res.error ? 'none' : String(o.res.status)) ?? 0) + 1);
  console.log(
    `\nstatus histogram: ${[...histogram.entries()]
      .sort()
      .map(([k, v]) => `${k}×${v}`)
      .join('  ')}`,
  );

  // The slowest answers, to see what sits near a time budget (a 503 there is a budget, not a crash).
  const slowest = [...outcomes].sort((a, b) => b.res.ms - a.res.ms).slice(0, 5);
  console.log(`slowest: ${slowest.map((o) => `[${o.c.category}] ${o.c.name} ${Math.round(o.res.ms)} ms (${o.res.status})`).join('; ')}`);

  const byRule = new Map<string, number>();
  for (const o of outcomes)
    for (const p of o.problems)
      byRule.set(p.split(':')[0]!.replace(/^status \d+$/, 'status ≥ 500'), (byRule.get(p.split(':')[0]!.replace(/^status \d+$/, 'status ≥ 500')) ?? 0) + 1);
  if (byRule.size) console.log(`problems: ${[...byRule.entries()].map(([k, v]) => `${k} ×${v}`).join('; ')}`);

  const baselines = outcomes.filter((o) => o.c.baseline);
  const reached = baselines.filter((o) => o.res.status === 200 && /"data"\s*:\s*\{/.test(o.res.body));
  const sanityOk = baselines.length === 0 || reached.length / baselines.length >= 0.75;
  console.log(
    `sanity: ${reached.length}/${baselines.length} query baselines answered 200 with data${sanityOk ? '' : ' (below 75%: the fuzz is not reaching the resolvers)'}`,
  );
  if (!sanityOk)
    for (const o of baselines.filter((b) => !reached.includes(b)).slice(0, 10)) console.log(`  ${o.c.name}: ${o.res.status} ${o.res.body.slice(0, 200)}`);

  const failed = outcomes.filter((o) => o.problems.length > 0);
  if (failed.length) {
    console.log(`\nfailures (${failed.length}; first ${Math.min(SHOW_FAILURES, failed.length)}):`);
    for (const o of failed.slice(0, SHOW_FAILURES)) {
      console.log(
        `- [${o.c.category}] ${o.c.name}\n    request  ${describeRequest(o.c)}\n    answer   ${o.res.error ? o.res.error : `${o.res.status} ${JSON.stringify(o.res.body.slice(0, 300)).slice(1, -1)}`}`,
      );
      for (const p of o.problems) console.log(`    problem  ${p.slice(0, 400)}`);
    }
    // One line per failing case name, so a long run's failures can be read at a glance.
    const names = new Map<string, number>();
    for (const o of failed)
      names.set(
        `[${o.c.category}] ${o.c.name.replace(/ \w+:(?:\w+)$/, '')}`,
        (names.get(`[${o.c.category}] ${o.c.name.replace(/ \w+:(?:\w+)$/, '')}`) ?? 0) + 1,
      );
    console.log(`\nfailing cases by name (${names.size}):`);
    for (const [n, k] of [...names.entries()].slice(0, 80)) console.log(`  ${k}× ${n}`);
  }
  for (const [phase, down] of downAfter) console.log(`DOWN after ${phase}: ${down.join(', ')}`);
  if (finalDown.length) console.log(`services down at the end: ${finalDown.join(', ')}`);
  const ok = failed.length === 0 && finalDown.length === 0 && downAfter.length === 0 && sanityOk;
  console.log(`\n[fuzz] ${ok ? 'PASS' : 'FAIL'}: ${failed.length} failing requests of ${outcomes.length}, ${finalDown.length} services down; seed ${SEED}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[fuzz] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(2);
  },
);
