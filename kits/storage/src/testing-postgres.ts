import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@sumika/server-kit/testing';

/** The newest PostgreSQL server binaries on this machine (Debian layout), if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A throwaway PostgreSQL cluster in a temp folder on a port of its own, which a test may
 * restart or stop (never the shared server on 5432). Runs as `postgres` when we are root.
 */
export interface ThrowawayPostgres {
  readonly port: number;
  readonly url: string;
  start(): void;
  /** `pg_ctl restart -m fast`: every connection is terminated, the server is back when it returns. */
  restart(): void;
  stop(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

/** Runs a PostgreSQL program of `bin`, as `postgres` when we are root (the server refuses root). */
function pgRun(bin: string, cmd: string, args: string[]): SpawnSyncReturns<string> {
  const r =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r;
}

export async function throwawayPostgres(port?: number): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  const dir = mkdtempSync(path.join(tmpdir(), 'pgchaos-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  // initdb's pg_hba trusts local and 127.0.0.1 connections, replication included (a standby may copy it).
  pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  return serverIn(bin, dir, data, port ?? (await freePort()));
}

/**
 * A streaming-replication standby of `primary` (which must be running): `pg_basebackup -R` into a
 * folder of its own (it writes standby.signal and primary_conninfo), on a port of its own. Read-only;
 * `pg_wal_replay_pause()` / `pg_wal_replay_resume()` on it hold and release what it shows.
 */
export async function throwawayStandby(primary: ThrowawayPostgres, port?: number): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  const dir = mkdtempSync(path.join(tmpdir(), 'pgstandby-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  pgRun(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
  return serverIn(bin, dir, data, port ?? (await freePort()));
}

function serverIn(bin: string, dir: string, data: string, p: number): ThrowawayPostgres {
  const run = (cmd: string, args: string[]) => pgRun(bin, cmd, args);
  const ctl = (action: string, extra: string[] = []) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      '-t',
      '30',
      ...extra,
      action,
    ]);
  let running = false;
  return {
    port: p,
    url: `postgres://postgres@127.0.0.1:${p}/postgres`,
    start: () => {
      ctl('start');
      running = true;
    },
    restart: () => {
      ctl('restart', ['-m', 'fast']);
      running = true;
    },
    stop: () => {
      if (!running) return;
      ctl('stop', ['-m', 'fast']);
      running = false;
    },
    destroy: () => {
      if (running) ctl('stop', ['-m', 'immediate']);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
