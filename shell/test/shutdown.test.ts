/**
 * @jest-environment node
 *
 * The shell's one shutdown path, as a process (`shell/src/server/main.ts`, what `npm start` runs):
 * SIGTERM while pages are in flight → each page answers in full, /readyz stops answering 200, the
 * kept-alive connections close, the process exits 0 well within the 10 s grace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(shellDir, '..', 'node_modules', '.bin', 'tsx');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function statusOf(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch (err) {
    return ((err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message) || 'error';
  }
}

describe('shell shutdown', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  // A gateway that accepts and never answers: every page takes its whole budget (~3 s).
  const sockets = new Set<Socket>();
  const gateway = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-shutdown-'));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => gateway.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the pages in flight, stops being ready and exits 0', async () => {
    const port = await freePort();
    const closed = 'http://127.0.0.1:9';
    child = spawn(tsx, [path.join(shellDir, 'src', 'server', 'main.ts')], {
      cwd: shellDir,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        SHELL_PORT: String(port),
        DATA_DIR: dataDir,
        GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`,
        SHELL_CLIENT_DIR: path.join(dataDir, 'no-client-build'),
        MF_SEARCH_URL: closed,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
    createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    for (let i = 0; (await statusOf(`http://127.0.0.1:${port}/readyz`)) !== 200; i++) {
      if (i > 600 || child.exitCode !== null) throw new Error(`the shell did not start:\n${lines.join('\n')}`);
      await sleep(100);
    }

    const inFlight = Array.from({ length: 5 }, () =>
      fetch(`http://127.0.0.1:${port}/specific/later_payment`).then(
        async (res) => ({ status: res.status, complete: (await res.text()).endsWith('</html>') }),
        (err: Error) => ({ status: 0, complete: false, err: err.message }),
      ),
    );
    await sleep(500);
    const signalled = Date.now();
    child.kill('SIGTERM');
    await sleep(300);
    const during = await statusOf(`http://127.0.0.1:${port}/readyz`);
    const results = await Promise.all(inFlight);
    const exit = await exited;

    expect(results).toEqual(Array.from({ length: 5 }, () => ({ status: 503, complete: true })));
    expect(during).not.toBe(200);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(8000);
    expect(lines.join('\n')).toContain('shutting down');
  });
});
