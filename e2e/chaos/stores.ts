/**
 * The chaos suite's own PostgreSQL cluster and Redis server, on spare ports, so it can stop and restart
 * them without touching the shared servers on 5432/6379. PostgreSQL: a throwaway cluster made with initdb
 * (as the postgres user when running as root), sockets in /tmp; Redis: no persistence, a pid file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const DATABASE = 'sumika_chaos';

function asPostgres(command: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args]] : [path.join(PG_BIN, command), args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${res.status}): ${res.stderr || res.stdout}`);
}

export class ChaosPostgres {
  readonly dir: string;
  readonly url: string;

  constructor(
    base: string,
    readonly port: number,
  ) {
    this.dir = path.join(base, 'pg');
    this.url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  }

  async init(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    if (process.getuid?.() === 0) {
      const pgUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const pgGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(path.dirname(this.dir), pgUid, pgGid);
      chownSync(this.dir, pgUid, pgGid);
    }
    asPostgres('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    this.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` });
    await admin.connect();
    try {
      // Japanese free-word search needs a UTF-8 LC_CTYPE (docs/decisions/002).
      await admin.query(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
    } finally {
      await admin.end();
    }
  }

  start(): void {
    asPostgres('pg_ctl', [
      '-D',
      this.dir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c shared_buffers=32MB -c max_connections=200`,
      'start',
    ]);
  }

  /** A clean stop (`-m fast`: disconnects every client, as a restart for an upgrade would). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    asPostgres('pg_ctl', ['-D', this.dir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  running(): boolean {
    return existsSync(path.join(this.dir, 'postmaster.pid'));
  }
}

export class ChaosRedis {
  readonly pidFile: string;
  readonly url: string;

  constructor(
    private readonly base: string,
    readonly port: number,
  ) {
    this.pidFile = path.join(base, 'redis.pid');
    this.url = `redis://127.0.0.1:${port}`;
  }

  start(): void {
    const res = spawnSync(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--daemonize',
        'yes',
        '--save',
        '',
        '--appendonly',
        'no',
        '--pidfile',
        this.pidFile,
        '--dir',
        this.base,
        '--logfile',
        path.join(this.base, 'redis.log'),
      ],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`redis-server failed: ${res.stderr}`);
  }

  pid(): number | undefined {
    try {
      return Number(readFileSync(this.pidFile, 'utf8').trim()) || undefined;
    } catch {
      return undefined;
    }
  }

  /** SIGTERM to its own pid (from its pid file), then waits until it is gone. */
  async stop(): Promise<void> {
    const pid = this.pid();
    if (!pid) return;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }

  /** Keys in database 0 (undefined while it is down). */
  dbsize(): number | undefined {
    const res = spawnSync('redis-cli', ['-p', String(this.port), 'dbsize'], { encoding: 'utf8', timeout: 2000 });
    const n = Number.parseInt(res.stdout ?? '', 10);
    return Number.isFinite(n) ? n : undefined;
  }

  /** INFO clients' connected_clients (undefined while it is down). */
  connectedClients(): number | undefined {
    const res = spawnSync('redis-cli', ['-p', String(this.port), 'info', 'clients'], { encoding: 'utf8', timeout: 2000 });
    const m = /connected_clients:(\d+)/.exec(res.stdout ?? '');
    return m ? Number(m[1]) - 1 : undefined; // minus redis-cli itself
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
