import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { styleText } from 'node:util';
import { prettyFactory } from 'pino-pretty';
import { compiledEntry } from './compile.js';
import { unitsOf, type Service, type Unit } from './services.js';

/** Restart delays (contracts.md): from 250 ms, doubling, capped at 5 s; back to 250 ms after 30 s up. */
export const BACKOFF = { initialMs: 250, maxMs: 5_000, resetAfterMs: 30_000 } as const;
/** How long a child has to stop after SIGTERM before it gets SIGKILL. */
export const STOP_TIMEOUT_MS = 15_000;

export interface SupervisorOptions {
  services: readonly Service[];
  /** The repo root: children run there. */
  cwd: string;
  /** `<DATA_DIR>/run/services.json` is written here on every (re)start. */
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Each service's port by name (runnerConfigFromEnv); else `<NAME>_PORT` from env, else its default. */
  ports?: Readonly<Record<string, number>>;
  /** Where the prefixed lines go (stdout by default). */
  write?: (line: string) => void;
  color?: boolean;
  /** Tests shorten these; `npm start` uses BACKOFF and STOP_TIMEOUT_MS. */
  backoff?: { initialMs: number; maxMs: number; resetAfterMs: number };
  stopTimeoutMs?: number;
  /** `compiled`: a TypeScript service runs from its bundle (compile.ts); `tsx` (default): from its sources under tsx. */
  mode?: 'compiled' | 'tsx';
  /** Services of one group share a process (services.ts unitsOf, group.ts; the embedded default, decision 020). */
  grouped?: boolean;
}

/** One child process: a service, or a group of them. */
interface Slot {
  unit: Unit;
  /** Each of its services' port by name. */
  ports: Record<string, number>;
  child?: ChildProcess;
  exited?: Promise<void>;
  restarts: number;
  startedAt?: Date;
  nextDelayMs: number;
  timer?: NodeJS.Timeout;
}

type Color = Parameters<typeof styleText>[0];

/**
 * Runs every service as a child node process (its pid is the process that listens; with `grouped`,
 * a group's services share one), restarts one that exits with backoff instead of stopping the
 * others, and stops them all on request.
 */
export class Supervisor {
  private readonly slots: Slot[];
  private stopping = false;
  private unclean = false;
  private readonly write: (line: string) => void;
  private readonly color: boolean;
  private readonly backoff: { initialMs: number; maxMs: number; resetAfterMs: number };
  private readonly stopTimeoutMs: number;
  /** LOG_FORMAT=pretty (the default here): the services write JSON and the runner formats each entry (no pino-pretty worker thread in every service). */
  private readonly pretty?: (entry: object) => string;
  readonly servicesFile: string;

  constructor(private readonly opts: SupervisorOptions) {
    this.backoff = opts.backoff ?? BACKOFF;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? STOP_TIMEOUT_MS;
    this.slots = unitsOf(opts.services, opts.grouped ?? false).map((unit) => ({
      unit,
      ports: Object.fromEntries(unit.services.map((s) => [s.name, opts.ports?.[s.name] ?? Number(opts.env[s.portEnv] ?? s.port)])),
      restarts: 0,
      nextDelayMs: this.backoff.initialMs,
    }));
    this.write = opts.write ?? ((line) => process.stdout.write(`${line}\n`));
    this.color = opts.color ?? (Boolean(process.stdout.isTTY) && !process.env.NO_COLOR);
    this.servicesFile = path.join(opts.dataDir, 'run', 'services.json');
    if ((opts.env.LOG_FORMAT ?? 'pretty') === 'pretty') {
      // A logger's name (a service in a group, LOG_NAME) is the line's prefix already.
      const format = prettyFactory({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname,name', singleLine: true, colorize: this.color });
      this.pretty = (entry) => format(entry).trimEnd();
    }
  }

  log(line: string): void {
    this.write(`${this.paint('gray', '[runner]')} ${line}`);
  }

  start(): void {
    for (const slot of this.slots) this.spawn(slot);
    for (const slot of this.slots) for (const [name, port] of Object.entries(slot.ports)) this.log(`${name} on http://localhost:${port}`);
  }

  /**
   * SIGTERM to every child, SIGKILL to any still there after STOP_TIMEOUT_MS; resolves when all have
   * exited, with whether every one stopped by itself.
   */
  async stop(reason: string): Promise<boolean> {
    if (this.stopping) return this.forceStop();
    this.stopping = true;
    const n = this.live().reduce((sum, slot) => sum + slot.unit.services.length, 0);
    this.log(`${reason}: stopping ${n} service${n === 1 ? '' : 's'}`);
    for (const slot of this.slots) clearTimeout(slot.timer);
    for (const slot of this.live()) slot.child!.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const slot of this.live()) {
        this.unclean = true;
        this.log(`${this.named(slot)} (pid ${slot.child!.pid}) still running after ${this.stopTimeoutMs / 1000} s: SIGKILL`);
        slot.child!.kill('SIGKILL');
      }
    }, this.stopTimeoutMs);
    await Promise.all(this.slots.map((s) => s.exited));
    clearTimeout(killer);
    rmSync(this.servicesFile, { force: true });
    this.log('every service stopped');
    return !this.unclean;
  }

  /** A second Ctrl-C: no more waiting. */
  private async forceStop(): Promise<boolean> {
    for (const slot of this.live()) slot.child!.kill('SIGKILL');
    await Promise.all(this.slots.map((s) => s.exited));
    return false;
  }

  private live(): Slot[] {
    return this.slots.filter((s) => s.child && s.child.exitCode === null && s.child.signalCode === null);
  }

  /** A service's name, or a group's with its services': `subgraphs (search, bukken, …)`. */
  private named(slot: Slot): string {
    const { unit } = slot;
    return unit.group ? `${unit.name} (${unit.services.map((s) => s.name).join(', ')})` : unit.name;
  }

  private spawn(slot: Slot): void {
    const { unit } = slot;
    // node itself (compiled, or tsx as a loader, not the tsx CLI): the pid is the listening process and signals reach it.
    const entry = this.opts.mode === 'compiled' ? compiledEntry(unit) : unit.entry;
    // A service's own node options; a group runs several, with none of theirs.
    const flags = unit.group ? [] : (unit.services[0]?.nodeFlags ?? []);
    const args = [...flags, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
    const logFormat = this.pretty ? 'json' : (this.opts.env.LOG_FORMAT ?? 'pretty');
    const ports = Object.fromEntries(unit.services.map((s) => [s.portEnv, String(slot.ports[s.name])]));
    const group = unit.group ? { GROUP_SERVICES: unit.services.map((s) => s.name).join(',') } : {};
    const child = spawn(process.execPath, args, {
      cwd: this.opts.cwd,
      env: { ...this.opts.env, ...ports, ...group, DATA_DIR: this.opts.dataDir, LOG_FORMAT: logFormat },
      // Own process group: a terminal's Ctrl-C reaches the runner only, which stops each child once.
      // The IPC channel closes if the runner dies, and the service then stops itself (kit listen).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    slot.child = child;
    slot.startedAt = new Date();
    for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => this.line(unit, line));
    slot.exited = new Promise((resolve) => {
      let done = false;
      const onEnd = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        if (done) return;
        done = true;
        this.exitedOnce(slot, child, code, signal, error);
        resolve();
      };
      child.once('exit', (code, signal) => onEnd(code, signal));
      child.once('error', (err) => onEnd(null, null, err));
    });
    this.writeServicesFile();
  }

  /** A child's output line, prefixed with its service: in a group, the one its JSON entry names (LOG_NAME), else the group. */
  private line(unit: Unit, line: string): void {
    let entry: { name?: unknown } | undefined;
    if (line.startsWith('{') && (this.pretty || unit.group)) {
      try {
        entry = JSON.parse(line) as { name?: unknown };
      } catch {
        // not JSON after all: as it is
      }
    }
    const from = unit.services.find((s) => s.name === entry?.name) ?? unit;
    this.write(`${this.paint(from.color as Color, `[${from.name}]`)} ${entry && this.pretty ? this.pretty(entry) : line}`);
  }

  private exitedOnce(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    const why = error ? `could not start: ${error.message}` : signal ? `signal ${signal}` : `code ${code}`;
    if (this.stopping) {
      if (code !== 0 && signal !== 'SIGTERM') this.unclean = true;
      this.log(`${this.named(slot)} stopped (${why})`);
      return;
    }
    if (slot.child !== child) return;
    const upMs = Date.now() - (slot.startedAt?.getTime() ?? 0);
    if (upMs >= this.backoff.resetAfterMs) slot.nextDelayMs = this.backoff.initialMs;
    const delay = slot.nextDelayMs;
    slot.nextDelayMs = Math.min(delay * 2, this.backoff.maxMs);
    this.log(`${this.named(slot)} exited (${why}); restarting in ${delay} ms`);
    slot.timer = setTimeout(() => {
      if (this.stopping) return;
      slot.restarts++;
      this.spawn(slot);
    }, delay);
  }

  /** `<DATA_DIR>/run/services.json` (contracts.md), replaced atomically so a reader never sees half of it. */
  private writeServicesFile(): void {
    const services: Record<string, { pid: number | undefined; port: number; restarts: number; startedAt: string | undefined; group?: string }> = {};
    for (const s of this.slots) {
      if (!s.child) continue;
      const group = s.unit.group ? { group: s.unit.group } : {};
      for (const service of s.unit.services)
        services[service.name] = { pid: s.child.pid, port: s.ports[service.name]!, restarts: s.restarts, startedAt: s.startedAt?.toISOString(), ...group };
    }
    mkdirSync(path.dirname(this.servicesFile), { recursive: true });
    const tmp = `${this.servicesFile}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ runner: { pid: process.pid }, services }, null, 2)}\n`);
    renameSync(tmp, this.servicesFile);
  }

  private paint(color: Color, text: string): string {
    return this.color ? styleText(color, text) : text;
  }
}
