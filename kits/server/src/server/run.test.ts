import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'slow-service.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function startService(withIpc = false) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, SLOW_PORT: String(port) },
    stdio: withIpc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const lines: string[] = [];
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (line === 'listening') listening();
  });
  createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
  await Promise.race([ready, exited.then(() => Promise.reject(new Error(`service exited: ${lines.join('\n')}`)))]);
  return { child, port, lines, exited, url: `http://127.0.0.1:${port}` };
}

async function statusOf(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch (err) {
    return ((err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message) || 'error';
  }
}

describe('listen: one graceful shutdown path', () => {
  it('on SIGTERM finishes all 10 slow in-flight requests with 200, answers no new request with 200, closes pools, exits 0', async () => {
    const svc = await startService();
    const inFlight = Array.from({ length: 10 }, () =>
      fetch(`${svc.url}/slow?ms=2500`).then(
        async (res) => ({ status: res.status, body: (await res.json()) as unknown }),
        (err: Error) => ({ status: 0, body: err.message }),
      ),
    );
    await sleep(500); // the requests are in the handler
    const signalled = Date.now();
    svc.child.kill('SIGTERM');
    await sleep(300);
    const during = await statusOf(`${svc.url}/readyz`);
    const results = await Promise.all(inFlight);
    const exit = await svc.exited;

    expect(results).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: { done: true } })));
    expect(during).not.toBe(200); // refused or 503: not ready while draining
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(svc.lines).toContain('pools closed');
  });

  it('stops the same way when the runner that started it is gone (its IPC channel closes)', async () => {
    const svc = await startService(true);
    const inFlight = fetch(`${svc.url}/slow?ms=1500`).then((res) => res.status);
    await sleep(300);
    svc.child.disconnect(); // what the runner's death looks like from the child
    expect(await inFlight).toBe(200);
    expect(await svc.exited).toMatchObject({ code: 0, signal: null });
    expect(svc.lines).toContain('pools closed');
  });
});
