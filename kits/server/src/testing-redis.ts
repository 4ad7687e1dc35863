import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (the OS picks it; we release it before use). */
export async function freePort(): Promise<number> {
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

  const ping = () => spawnSync('redis-cli', ['-p', String(p), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
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
      for (let i = 0; i < 100; i++) {
        if (ping()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`redis-server on ${p} did not start`);
    },
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    stop: kill,
  };
}
