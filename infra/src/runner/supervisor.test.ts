import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Service } from './services.js';
import { Supervisor } from './supervisor.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');

function service(name: string, entry: string, port = 1): Service {
  return { name, entry, port, portEnv: `${name.toUpperCase()}_PORT`, color: 'cyan' };
}

interface ServicesJson {
  runner: { pid: number };
  services: Record<string, { pid: number; port: number; restarts: number; startedAt: string }>;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Supervisor (the runner of npm start)', () => {
  let dataDir: string;
  let supervisor: Supervisor | undefined;
  const lines: string[] = [];
  const read = (): ServicesJson => JSON.parse(readFileSync(path.join(dataDir, 'run', 'services.json'), 'utf8')) as ServicesJson;
  const delays = (name: string) => lines.flatMap((l) => (l.startsWith(`[runner] ${name} exited`) ? [Number(/restarting in (\d+) ms/.exec(l)![1])] : []));

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sumika-runner-'));
    lines.length = 0;
  });
  afterEach(async () => {
    await supervisor?.stop('test over');
    supervisor = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function start(services: Service[], env: NodeJS.ProcessEnv = {}, more: Partial<ConstructorParameters<typeof Supervisor>[0]> = {}): Supervisor {
    supervisor = new Supervisor({ services, cwd: fixtures, dataDir, env: { ...process.env, ...env }, write: (l) => lines.push(l), color: false, ...more });
    supervisor.start();
    return supervisor;
  }

  it("runs a service under its own node options (as its image's CMD)", async () => {
    start([{ ...service('steady', 'polite.js', 4102), nodeFlags: ['--max-semi-space-size=64'] }]);
    await until(() => lines.includes('[steady] up'), 10_000);
    const argv = readFileSync(`/proc/${read().services.steady!.pid}/cmdline`, 'utf8').split('\0');
    expect(argv.slice(1, 3)).toEqual(['--max-semi-space-size=64', 'polite.js']);
  });

  it('restarts a service that exits with backoff 250, 500, 1000, 2000 ms, saying which and why; the others run on', async () => {
    start([service('dies', 'exits.js', 4101), service('steady', 'polite.js', 4102)], { EXIT_CODE: '3' });
    await until(() => lines.includes('[steady] up'), 10_000);
    const steady = read().services.steady!;
    await until(() => delays('dies').length >= 5, 20_000);
    expect(delays('dies').slice(0, 5)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(lines).toContain('[runner] dies exited (code 3); restarting in 250 ms');
    expect(lines).toContain('[dies] starting, then exiting');
    const file = read();
    expect(file.runner.pid).toBe(process.pid);
    expect(file.services.steady).toEqual(steady); // untouched: no restart, same pid
    expect(alive(steady.pid)).toBe(true);
    expect(file.services.dies).toMatchObject({ port: 4101, restarts: expect.any(Number) });
    expect(file.services.dies!.restarts).toBeGreaterThanOrEqual(4);
    expect(new Date(file.services.dies!.startedAt).getTime()).toBeGreaterThan(new Date(steady.startedAt).getTime());
  });

  it('caps the delay, and starts again from the first delay after a service stayed up long enough', async () => {
    start([service('dies', 'exits.js')], { EXIT_CODE: '1' }, { backoff: { initialMs: 10, maxMs: 80, resetAfterMs: 60_000 } });
    await until(() => delays('dies').length >= 6, 20_000);
    expect(delays('dies').slice(0, 6)).toEqual([10, 20, 40, 80, 80, 80]);
    await supervisor!.stop('next');
    lines.length = 0;
    start([service('dies', 'exits.js')], { EXIT_CODE: '1', EXIT_AFTER_MS: '400' }, { backoff: { initialMs: 10, maxMs: 80, resetAfterMs: 300 } });
    await until(() => delays('dies').length >= 3, 20_000);
    expect(delays('dies').slice(0, 3)).toEqual([10, 10, 10]);
  });

  it('on stop sends SIGTERM to every child, SIGKILL to one that ignores it after the timeout, waits for all, removes services.json', async () => {
    start([service('polite', 'polite.js'), service('stubborn', 'stubborn.js')], {}, { stopTimeoutMs: 1500 });
    await until(() => lines.includes('[polite] up') && lines.includes('[stubborn] up'), 10_000);
    const pids = Object.values(read().services).map((s) => s.pid);
    const t0 = Date.now();
    const clean = await supervisor!.stop('SIGTERM');
    const took = Date.now() - t0;
    supervisor = undefined;
    expect(clean).toBe(false);
    expect(pids.filter(alive)).toEqual([]);
    expect(took).toBeGreaterThanOrEqual(1500);
    expect(took).toBeLessThan(5000);
    expect(lines).toContain('[stubborn] ignoring SIGTERM');
    expect(lines.some((l) => /stubborn \(pid \d+\) still running after 1.5 s: SIGKILL/.test(l))).toBe(true);
    expect(lines).toContain('[runner] polite stopped (code 0)');
    expect(existsSync(path.join(dataDir, 'run', 'services.json'))).toBe(false);
  });

  it("formats the services' JSON log lines itself under LOG_FORMAT=pretty (the default): the services write JSON, no pino-pretty worker in each", async () => {
    start([service('pino', 'pino-line.js')], { LOG_FORMAT: undefined });
    await until(() => lines.some((l) => l.startsWith('[pino] LOG_FORMAT=')), 10_000);
    expect(lines).toContain('[pino] LOG_FORMAT=json');
    const line = lines.find((l) => l.includes('listening'));
    expect(line).toMatch(/^\[pino\] \[\d\d:04:05\] INFO: listening \{"port":4999\}$/);
    await supervisor!.stop('next');
    lines.length = 0;
    start([service('pino', 'pino-line.js')], { LOG_FORMAT: 'json' });
    await until(() => lines.some((l) => l.startsWith('[pino] LOG_FORMAT=')), 10_000);
    expect(lines).toContain('[pino] LOG_FORMAT=json');
    expect(lines.find((l) => l.includes('listening'))).toMatch(/^\[pino\] \{"level":30,.*"msg":"listening","port":4999\}$/);
  });

  it('stops cleanly (true) when every child exits by itself on SIGTERM, and never restarts one while stopping', async () => {
    start([service('a', 'polite.js'), service('b', 'polite.js')]);
    await until(() => lines.filter((l) => l.endsWith('] up')).length === 2, 10_000);
    expect(await supervisor!.stop('SIGINT')).toBe(true);
    supervisor = undefined;
    await sleep(400);
    expect(lines.filter((l) => /restarting/.test(l))).toEqual([]);
  });
});
