/**
 * @jest-environment node
 *
 * The remotes' static server (`mf-*\/serve.js` → shell/build/remote-main.js) as the runner runs it:
 * /healthz and /readyz, and the services' shutdown contract — on SIGTERM (or when the runner that
 * started it is gone) it turns unready, finishes in-flight downloads and exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const remoteMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'remote-main.js');
const BIG = 32 << 20;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function statusOf(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch (err) {
    return (err as Error & { cause?: { code?: string } }).cause?.code ?? 'error';
  }
}

describe('remote static server (mf-*/serve.js)', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sumika-remote-'));
    for (const side of ['client', 'server']) {
      mkdirSync(path.join(dir, 'dist', side), { recursive: true });
      writeFileSync(path.join(dir, 'dist', side, 'mf-manifest.json'), '{}');
    }
    writeFileSync(path.join(dir, 'dist', 'client', 'big.js'), Buffer.alloc(BIG, 'x'));
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function start(withIpc = false) {
    const port = await freePort();
    const code = `import(${JSON.stringify(pathToFileURL(remoteMain).href)}).then((m) => m.main({ dir: ${JSON.stringify(dir)}, name: 'mf-test', portEnv: 'MF_TEST_PORT', defaultPort: 0 }))`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      env: { ...process.env, MF_TEST_PORT: String(port), NODE_OPTIONS: '' },
      stdio: withIpc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const lines: string[] = [];
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (c, s) => resolve({ code: c, signal: s })),
    );
    let up!: () => void;
    const serving = new Promise<void>((resolve) => (up = resolve));
    for (const s of [child.stdout!, child.stderr!]) createInterface({ input: s }).on('line', (l) => (lines.push(l), /serving/.test(l) && up()));
    await Promise.race([serving, exited.then(() => Promise.reject(new Error(lines.join('\n'))))]);
    return { child, lines, exited, url: `http://127.0.0.1:${port}` };
  }

  /** Starts a download of big.js and holds it after its first chunk (an in-flight request). */
  function heldDownload(url: string) {
    let received = 0;
    let onFirst!: () => void;
    const firstChunk = new Promise<void>((resolve) => (onFirst = resolve));
    let response: http.IncomingMessage | undefined;
    const result = new Promise<{ status: number; bytes: number } | string>((resolve) => {
      http
        .get(`${url}/client/big.js`, (res) => {
          response = res;
          res.on('data', (chunk: Buffer) => {
            if (received === 0) {
              res.pause();
              onFirst();
            }
            received += chunk.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: received }));
          res.on('error', (err) => resolve(err.message));
        })
        .on('error', (err) => resolve(err.message));
    });
    return { firstChunk, resume: () => response?.resume(), result };
  }

  it('answers /healthz and /readyz', async () => {
    const r = await start();
    expect(await statusOf(`${r.url}/healthz`)).toBe(200);
    expect(await statusOf(`${r.url}/readyz`)).toBe(200);
  });

  it('on SIGTERM turns unready, finishes an in-flight download, exits 0', async () => {
    const r = await start();
    const download = heldDownload(r.url);
    await download.firstChunk;
    r.child.kill('SIGTERM');
    await sleep(300);
    expect(await statusOf(`${r.url}/readyz`)).not.toBe(200);
    download.resume();
    expect(await download.result).toEqual({ status: 200, bytes: BIG });
    expect(await r.exited).toEqual({ code: 0, signal: null });
  });

  it('stops the same way when the runner that started it is gone (IPC channel closed)', async () => {
    const r = await start(true);
    const download = heldDownload(r.url);
    await download.firstChunk;
    r.child.disconnect();
    await sleep(300);
    download.resume();
    expect(await download.result).toEqual({ status: 200, bytes: BIG });
    expect(await r.exited).toEqual({ code: 0, signal: null });
  });
});
