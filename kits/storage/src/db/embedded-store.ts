import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded store: PGlite on disk, made safe to stop uncleanly.
 *
 * What PGlite 0.5 guarantees (read in its source): its NODEFS writes every page and WAL record
 * with a synchronous write(2) and PostgreSQL flushes the WAL at each commit, so a committed
 * transaction is in the OS before the query returns and survives a killed process (SIGKILL,
 * OOM); it never calls fsync (NODEFS has none, and Postgres runs with `-F`), so a power loss
 * may lose the last commits. What it does NOT guard against: two processes opening the same
 * folder (no postmaster.pid in single-user mode) — their writes interleave and the store is
 * lost (`Aborted()` on the next open). Hence, here:
 * - a lock file `<dir>.lock` (pid and start time) refuses a second opener while the first lives;
 * - a new store is initialised in `<dir>.init` and renamed into place, so a killed initdb leaves nothing half-made;
 * - `<dir>.last-good` is a copy taken at clean close (services, and after seeding); a store that
 *   will not open is set aside (`<dir>.broken-<time>`) and restored from it, loudly; with no copy
 *   the open fails with a clear message and the folder is left as it is — never started empty.
 */

export interface StoreLog {
  warn(message: string): void;
  error(message: string): void;
}

const consoleLog: StoreLog = {
  warn: (m) => console.warn(`[embedded-store] ${m}`),
  error: (m) => console.error(`[embedded-store] ${m}`),
};

/** PostgreSQL's default is 128 MB; an embedded store that says nothing gets this. */
export const DEFAULT_EMBEDDED_SHARED_BUFFERS_MB = 32;

/**
 * Settings every on-disk open uses: commits wait for their WAL write (PGlite's defaults, pinned), and
 * shared buffers sized for the store (`sharedBuffersMb`) instead of PostgreSQL's 128 MB: PGlite touches
 * all of them when it starts, so each one costs its process that much resident memory even idle
 * (issue 15; docs/benchmarks.md, Memory).
 */
function durable(sharedBuffersMb: number): { relaxedDurability: false; startParams: string[] } {
  return {
    relaxedDurability: false,
    startParams: [...PGlite.defaultStartParams, '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on', '-c', `shared_buffers=${sharedBuffersMb}MB`],
  };
}

export interface EmbeddedStore {
  readonly pglite: PGlite;
  /** Closes PGlite, refreshes the last-good copy when asked to, and releases the lock. */
  close(): Promise<void>;
}

export interface EmbeddedOpenOptions {
  log?: StoreLog;
  /** Refresh `<dir>.last-good` at every clean close (long-running services). */
  lastGoodCopy?: boolean;
  /** PostgreSQL's shared buffers for this store (DEFAULT_EMBEDDED_SHARED_BUFFERS_MB unless told). */
  sharedBuffersMb?: number;
  /** `memory://` only: start from this data directory (a PGlite `dumpDataDir`) instead of a new cluster. */
  loadDataDir?: Blob;
}

/** Directories this process holds open (a lock file naming our own pid may be stale or ours). */
const held = new Set<string>();

export async function openEmbeddedStore(location: string, opts: EmbeddedOpenOptions = {}): Promise<EmbeddedStore> {
  if (location.startsWith('memory://')) {
    const pglite = await PGlite.create(location, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    return { pglite, close: () => pglite.close() };
  }
  const log = opts.log ?? consoleLog;
  const dir = path.resolve(location);
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = acquireLock(dir);
  try {
    const settings = durable(opts.sharedBuffersMb ?? DEFAULT_EMBEDDED_SHARED_BUFFERS_MB);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, log, settings);
    const pglite = await openOrRecover(dir, log, settings);
    let closed = false;
    return {
      pglite,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await pglite.close();
          if (opts.lastGoodCopy) saveLastGoodCopy(dir);
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * Copies a closed store to `<dir>.last-good` (through a temporary folder, so a copy cut short
 * never replaces the previous one).
 */
export function saveLastGoodCopy(location: string): void {
  const dir = path.resolve(location);
  const copy = `${dir}.last-good`;
  const tmp = `${copy}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(dir, tmp, { recursive: true });
  if (existsSync(copy)) {
    rmSync(`${copy}.old`, { recursive: true, force: true });
    renameSync(copy, `${copy}.old`);
  }
  renameSync(tmp, copy);
  rmSync(`${copy}.old`, { recursive: true, force: true });
}

function lastGoodCopyOf(dir: string): string | undefined {
  return [`${dir}.last-good`, `${dir}.last-good.old`].find((c) => existsSync(path.join(c, 'PG_VERSION')));
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

type Settings = ReturnType<typeof durable>;

async function initialise(dir: string, log: StoreLog, settings: Settings): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    const aside = `${dir}.broken-${stamp()}`;
    renameSync(dir, aside);
    log.warn(`embedded store ${dir} had files but no database in it (an interrupted first start?); set aside as ${aside}, starting a new one`);
  }
  const tmp = `${dir}.init`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  const fresh = await PGlite.create(tmp, settings);
  await fresh.close();
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
}

async function openOrRecover(dir: string, log: StoreLog, settings: Settings): Promise<PGlite> {
  try {
    return await PGlite.create(dir, settings);
  } catch (err) {
    const reason = reasonOf(err);
    log.error(`embedded store ${dir} would not open: ${reason}`);
    const copy = lastGoodCopyOf(dir);
    if (!copy) {
      throw new Error(
        `embedded store ${dir} would not open (${reason}) and there is no last-good copy; it is left as it is. ` +
          'Move it aside to start with a new store (npm start seeds again), or restore a backup.',
      );
    }
    const aside = `${dir}.broken-${stamp()}`;
    const taken = statSync(copy).mtime.toISOString();
    renameSync(dir, aside);
    const tmp = `${dir}.restore`;
    rmSync(tmp, { recursive: true, force: true });
    cpSync(copy, tmp, { recursive: true });
    renameSync(tmp, dir);
    log.warn(`embedded store ${dir} restored from its last-good copy of ${taken}; writes after that are only in ${aside}`);
    try {
      return await PGlite.create(dir, settings);
    } catch (again) {
      throw new Error(`embedded store ${dir} would not open even from its last-good copy (${reasonOf(again)}); the store that failed first is ${aside}`);
    }
  }
}

interface Holder {
  pid: number;
  start?: string;
}

/** The kernel's start time of a process (Linux), so a reused pid is not mistaken for the holder. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = startTimeOf(holder.pid);
  return !holder.start || !start || start === holder.start;
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, ...(parsed.start ? { start: parsed.start } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

function acquireLock(dir: string): { release(): void } {
  const file = `${dir}.lock`;
  const me: Holder = { pid: process.pid, ...(startTimeOf(process.pid) ? { start: startTimeOf(process.pid) } : {}) };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (held.has(dir)) throw new Error(`embedded store ${dir} is in use by process ${process.pid} (this one): one opener at a time`);
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      held.add(dir);
      return {
        release: () => {
          held.delete(dir);
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && isAlive(holder)) {
      throw new Error(`embedded store ${dir} is in use by process ${holder.pid}: stop it first (two processes on one PGlite store corrupt it)`);
    }
    // Its holder is gone (killed, or this pid reused): the lock is stale.
    rmSync(file, { force: true });
  }
  throw new Error(`embedded store ${dir}: could not take its lock ${file}`);
}
