import { spawn } from 'node:child_process';
import path from 'node:path';
import { databaseUrlFor, repoRoot, type SubgraphName } from '@sumika/server-kit/env';
import { bundleOf, buildStale, type Bundle } from './compile.js';
import { runnerConfigFromEnv } from './config.js';
import { parseArgs } from 'node:util';
import { parseScale, scaledServices, selectedServices, unitsOf, wiringEnv } from './services.js';
import { whenReady } from './ready.js';
import { Supervisor } from './supervisor.js';

const log = (line: string): void => console.log(`[runner] ${line}`);

/**
 * Migrates and seeds in a child process (prepare.ts beside this file: the bundle's prepare.js when the
 * runner runs compiled, prepare.ts under the same tsx loader otherwise), so the embedded stores it opens
 * do not stay in the runner's memory. A signal for the runner meanwhile goes to it too.
 */
function prepare(): Promise<void> {
  const self = process.argv[1] ?? '';
  const entry = path.join(path.dirname(self), `prepare${path.extname(self) || '.js'}`);
  const child = spawn(process.execPath, [...process.execArgv, entry], { cwd: process.cwd(), env: process.env, stdio: ['ignore', 'inherit', 'inherit'] });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      if (code === 0) resolve();
      else reject(new Error(signal ? `preparation stopped (${signal})` : `preparation failed (exit code ${code})`));
    });
  });
}

/**
 * `npm start`: compile what changed (START_MODE=compiled, the default), migrate every subgraph, seed
 * the store when it is empty, then run the services (all, or `RUN_SERVICES`) under a supervisor:
 * prefixed logs, a service that exits is restarted with backoff, `<DATA_DIR>/run/services.json` names
 * their pids, SIGINT/SIGTERM stops them all. On the embedded default the subgraphs share one process
 * and the remotes' servers another (PROCESS_GROUPS, decision 020).
 */
async function main(): Promise<void> {
  const config = runnerConfigFromEnv();
  // `npm start -- --scale search=3,bukken=2`: N instances of a subgraph, the gateway balancing over them.
  const { values: args } = parseArgs({ options: { scale: { type: 'string' } }, allowPositionals: false });
  const scale = args.scale ? parseScale(args.scale) : {};
  const embedded = Object.entries(scale).filter(([name, n]) => n > 1 && databaseUrlFor(name as SubgraphName) === undefined);
  if (embedded.length) {
    throw new Error(
      `--scale ${embedded.map(([name]) => name).join(', ')}: needs PostgreSQL (DATABASE_URL or <NAME>_DATABASE_URL); an embedded store belongs to one process`,
    );
  }
  const scaled = scaledServices(selectedServices(), scale, config.ports);
  const services = scaled.services;
  if (config.startMode === 'compiled') {
    const bundles = unitsOf(services, config.grouped)
      .map(bundleOf)
      .filter((b): b is Bundle => b !== undefined);
    // One build per bundle (a scaled subgraph's instances run the same one).
    await buildStale([...new Map(bundles.map((b) => [b.outdir, b])).values()], log);
  }
  await prepare();

  if (services.length === 0) {
    log('no services to start yet');
    return;
  }
  const supervisor = new Supervisor({
    services,
    cwd: repoRoot(),
    dataDir: config.dataDir,
    // Moved ports reach the other services too (SEARCH_URL, GATEWAY_URL, MF_*_URL, …).
    env: { ...process.env, ...wiringEnv(config.ports, process.env), ...scaled.env },
    ports: { ...config.ports, ...Object.fromEntries(services.map((s) => [s.name, config.ports[s.name] ?? s.port])) },
    mode: config.startMode,
    grouped: config.grouped,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      supervisor.stop(signal).then(
        (clean) => process.exit(clean ? 0 : 1),
        () => process.exit(1),
      );
    });
  }
  supervisor.start();
  // One line once every service answers /readyz: the site is usable from then on (a page asked for
  // earlier may find a subgraph still loading and show that part as unavailable).
  const stopped = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopped.abort());
  const portOf = (s: (typeof services)[number]) => config.ports[s.name] ?? s.port;
  void whenReady(
    services.map((s) => ({ name: s.name, url: `http://127.0.0.1:${portOf(s)}/readyz` })),
    { signal: stopped.signal },
  ).then(({ waiting, ms }) => {
    if (stopped.signal.aborted) return;
    const shell = services.find((s) => s.name === 'shell');
    if (waiting.length) log(`not ready after ${Math.round(ms / 1000)} s: ${waiting.join(', ')} (its /readyz does not answer 200)`);
    else log(`ready in ${(ms / 1000).toFixed(1)} s: every service answers /readyz${shell ? `; the site is at http://localhost:${portOf(shell)}/` : ''}`);
  });
  const rel = path.relative(process.cwd(), supervisor.servicesFile);
  log(
    `pids in ${rel.startsWith('..') ? supervisor.servicesFile : rel}; runner pid ${process.pid}; ${config.startMode === 'compiled' ? 'compiled services' : 'sources under tsx'}${config.grouped ? '; process groups on (PROCESS_GROUPS=off: one process per service)' : ''}`,
  );
}

main().catch((err: unknown) => {
  console.error(`[runner] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
