import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Ports this process has handed out (see freePort). */
const handedOut = new Set<number>();

/**
 * The lowest port of the kernel's range for the local ports of outgoing connections (Linux), read once,
 * or undefined elsewhere. Every connection a test opens (to PostgreSQL, Redis, a service) takes a port from it.
 */
const OUTGOING_LOW: number | undefined = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || undefined;
  } catch {
    return undefined;
  }
})();

/** The lowest port freePort hands out. */
const LOWEST_PORT = 10_000;

/**
 * A free TCP port on 127.0.0.1 (checked by listening on it; we release it before use), never one this
 * process has handed out before: the kernel may give a port it just released again (0.75% of eleven
 * calls in a row here), and a stack started on such ports has two services on one port, the second
 * unable to bind while the first answers in its place (the likely cause of an e2e run that served every
 * mf-user page as 503). Chosen below the kernel's range for outgoing connections where there is room:
 * a port from that range, free when picked, was taken by another test worker's connection before the
 * service listened on it (a shell test's gateway: EADDRINUSE, 24 tests failed).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port =
      OUTGOING_LOW && OUTGOING_LOW > LOWEST_PORT + 1000 && tries < 50
        ? await portIfFree(LOWEST_PORT + Math.floor(Math.random() * (OUTGOING_LOW - LOWEST_PORT)))
        : await anyFreePort();
    if (port !== undefined && (!handedOut.has(port) || tries >= 100)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** `port` when nothing listens on it now, else undefined. */
function portIfFree(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether the redis-server answering on `port` is `child` (its INFO's process_id): a port from
 * freePort is free only until someone takes it, and a test of another worker may have started its
 * own server there first (ours then failed to bind and exited, while the other answered our PING).
 */
function answersOn(port: number, child: ChildProcess): boolean {
  const info = spawnSync('redis-cli', ['-p', String(port), 'info', 'server'], { encoding: 'utf8' }).stdout ?? '';
  return child.exitCode === null && new RegExp(`^process_id:${child.pid}\\r?$`, 'm').test(info);
}

/** Waits until `child` answers on `port` (false when it exited or another server holds the port). */
async function started(port: number, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) return false;
    if (answersOn(port, child)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** True when `redis-server` is on the PATH (chaos tests skip without it). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * A throwaway redis-server on a port of its own that a test may kill, pause and start again,
 * never the shared one on 6379.
 */
export interface ThrowawayRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL: connections drop at once. */
  kill(): Promise<void>;
  /** SIGSTOP: the port stays open but nothing answers (a hung server). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function throwawayRedis(port?: number): Promise<ThrowawayRedis> {
  const p = port ?? (await freePort());
  let child: ChildProcess | undefined;

  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await exited;
  };

  return {
    port: p,
    url: `redis://127.0.0.1:${p}`,
    start: async () => {
      if (child) return;
      child = spawn('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      if (await started(p, child)) return;
      await kill();
      throw new Error(`redis-server on ${p} did not start (or another server holds the port)`);
    },
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    stop: kill,
  };
}

/** A throwaway Redis Cluster on ports of its own (never the shared 6379), for the cluster tests. */
export interface ThrowawayRedisCluster {
  readonly ports: readonly number[];
  /** The nodes' URLs joined by commas: a REDIS_URL for the cluster. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * `nodes` redis-server processes with `--cluster-enabled yes` (config and data in a temporary
 * directory), joined by `redis-cli --cluster create` with the slots spread over them (no replicas),
 * ready once every node reports `cluster_state:ok`.
 */
export async function throwawayRedisCluster(nodes = 3): Promise<ThrowawayRedisCluster> {
  // A node that could not take its port (another test's server got there first) fails the try: again on other ports.
  for (let attempt = 1; ; attempt++) {
    const cluster = await startCluster(nodes);
    if (cluster) return cluster;
    if (attempt === 3) throw new Error(`a ${nodes}-node Redis Cluster did not start on free ports in 3 tries`);
  }
}

async function startCluster(nodes: number): Promise<ThrowawayRedisCluster | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sumika-redis-cluster-'));
  const ports: number[] = [];
  for (let i = 0; i < nodes; i++) ports.push(await freePort());
  const children = ports.map((p) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(p),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${p}.conf`,
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    ),
  );
  const cli = (p: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(p), ...args], { encoding: 'utf8' });
  const stop = async () => {
    await Promise.all(
      children.map((c) => {
        if (c.exitCode !== null) return undefined;
        const exited = new Promise((r) => c.once('exit', r));
        c.kill('SIGKILL');
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const [i, p] of ports.entries()) {
      if (!(await started(p, children[i]!))) {
        await stop();
        return null;
      }
    }
    const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], {
      encoding: 'utf8',
    });
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
    for (let i = 0; i < 200; i++) {
      if (ports.every((p) => /cluster_state:ok/.test(cli(p, 'cluster', 'info').stdout ?? ''))) {
        return { ports, url: ports.map((p) => `redis://127.0.0.1:${p}`).join(','), stop };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the Redis Cluster on ${ports.join(', ')} did not reach cluster_state:ok`);
  } catch (err) {
    await stop();
    throw err;
  }
}
