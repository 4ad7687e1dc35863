import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { EMBEDDED_SHARED_BUFFERS_MB, openDatabase } from './database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const writer = path.join(here, '__fixtures__', 'store-writer.ts');

interface Writer {
  child: ChildProcess;
  acked: number[];
  output: string[];
  opened: Promise<void>;
  exited: Promise<number | null>;
  acks(n: number): Promise<void>;
}

/** Runs the store-writer fixture in its own process (the way a service holds its store). */
function startWriter(dir: string, mode: 'write' | 'hold'): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  const acked: number[] = [];
  const output: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let openedResolve!: () => void;
  const opened = new Promise<void>((resolve) => (openedResolve = resolve));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'open') openedResolve();
    const m = /^ack (\d+)$/.exec(line);
    if (!m) return output.push(line);
    acked.push(Number(m[1]));
    for (const w of waiters.filter((x) => acked.length >= x.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  return {
    child,
    acked,
    output,
    opened: Promise.race([opened, exited.then((code) => Promise.reject(new Error(`writer exited ${code}: ${output.join('\n')}`)))]),
    exited,
    acks: (n) => (acked.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
  };
}

function captureLog(): { lines: string[]; log: { warn: (m: string) => void; error: (m: string) => void } } {
  const lines: string[] = [];
  return { lines, log: { warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) } };
}

/** Zeroes the start of pg_control: PostgreSQL then refuses the data directory (a store that will not open). */
function breakStore(dir: string): void {
  const fd = openSync(path.join(dir, 'global', 'pg_control'), 'r+');
  writeSync(fd, Buffer.alloc(512), 0, 512, 0);
  closeSync(fd);
}

describe('embedded store (PGlite on disk)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sumika-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps every acknowledged write when its process is killed mid-write (SIGKILL)', async () => {
    const dir = path.join(root, 'user');
    const w = startWriter(dir, 'write');
    await w.opened;
    await w.acks(300);
    w.child.kill('SIGKILL');
    await w.exited;
    const acked = [...w.acked];
    const database = await openDatabase<{ acked: { id: number } }>({ subgraph: 'user', url: null, pgliteDir: dir });
    try {
      const rows = await database.db.selectFrom('acked').select('id').execute();
      const present = new Set(rows.map((r) => r.id));
      expect(acked.filter((id) => !present.has(id))).toEqual([]);
      expect(present.size).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await database.close();
    }
  });

  it('refuses a store another process holds open, naming that process (two writers corrupt it)', async () => {
    const dir = path.join(root, 'user');
    const w = startWriter(dir, 'hold');
    try {
      await w.opened;
      await expect(openDatabase({ subgraph: 'user', url: null, pgliteDir: dir })).rejects.toThrow(new RegExp(`in use by process ${w.child.pid}`));
    } finally {
      w.child.kill('SIGKILL');
      await w.exited;
    }
    // Its holder gone (killed, lock left behind), the store opens again.
    const database = await openDatabase({ subgraph: 'user', url: null, pgliteDir: dir });
    await database.close();
  });

  it("sizes each subgraph's shared buffers to its store (the embedded default's resident memory), on creation and on reopening", async () => {
    const shared = async (subgraph: 'search' | 'user', dir: string) => {
      const database = await openDatabase({ subgraph, url: null, pgliteDir: dir });
      try {
        const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(database.db);
        return rows[0]!.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(EMBEDDED_SHARED_BUFFERS_MB).toEqual({ search: 32, bukken: 16, user: 8, company: 8, forms: 8 });
    expect(await shared('user', path.join(root, 'user'))).toBe('8MB');
    expect(await shared('user', path.join(root, 'user'))).toBe('8MB');
    expect(await shared('search', path.join(root, 'search'))).toBe('32MB');
  });

  it('refuses to open the same store twice in one process', async () => {
    const dir = path.join(root, 'user');
    const first = await openDatabase({ subgraph: 'user', url: null, pgliteDir: dir });
    try {
      await expect(openDatabase({ subgraph: 'user', url: null, pgliteDir: dir })).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }
  });

  it('restores a store that will not open from its last-good copy, saying so, and keeps the broken one aside', async () => {
    const dir = path.join(root, 'user');
    const first = await openDatabase({ subgraph: 'user', url: null, pgliteDir: dir, lastGoodCopy: true });
    await sql`CREATE TABLE kept (v text)`.execute(first.db);
    await sql`INSERT INTO kept VALUES ('before the copy')`.execute(first.db);
    await first.close(); // clean close: the last-good copy is taken here
    expect(existsSync(`${dir}.last-good`)).toBe(true);

    breakStore(dir);
    const { lines, log } = captureLog();
    const reopened = await openDatabase<{ kept: { v: string } }>({ subgraph: 'user', url: null, pgliteDir: dir, log });
    try {
      expect((await reopened.db.selectFrom('kept').select('v').execute()).map((r) => r.v)).toEqual(['before the copy']);
    } finally {
      await reopened.close();
    }
    expect(lines.join('\n')).toMatch(new RegExp(`error embedded store ${escape(dir)} would not open`));
    expect(lines.join('\n')).toMatch(/warn .*restored from its last-good copy/);
    expect(readdirSync(root).filter((f) => f.startsWith('user.broken-'))).toHaveLength(1);
  });

  it('refuses a store that will not open when there is no copy, and leaves it untouched (never starts empty)', async () => {
    const dir = path.join(root, 'user');
    const first = await openDatabase({ subgraph: 'user', url: null, pgliteDir: dir });
    await sql`CREATE TABLE kept (v text)`.execute(first.db);
    await first.close();
    breakStore(dir);
    const before = readdirSync(dir).sort();
    const { lines, log } = captureLog();
    await expect(openDatabase({ subgraph: 'user', url: null, pgliteDir: dir, log })).rejects.toThrow(/would not open .*no last-good copy/);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(lines.join('\n')).toMatch(/error embedded store .* would not open/);
  });

  it('starts a new store in a folder with a stray file but no database only after setting it aside', async () => {
    const dir = path.join(root, 'user');
    // What an initdb killed half-way leaves: files, no PG_VERSION.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'postgresql.conf'), '# half-written');
    const { lines, log } = captureLog();
    const database = await openDatabase({ subgraph: 'user', url: null, pgliteDir: dir, log });
    await database.close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(root).filter((f) => f.startsWith('user.broken-'))).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/warn .*no database in it/);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
