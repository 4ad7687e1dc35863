/**
 * @jest-environment node
 *
 * Remote versions, SSR included (issue 18, decision 027): two builds of a remote recorded as releases
 * (`serve.js release`) and served side by side by its one static server (a child process, as the runner
 * starts it); the shell running, listening, under a loop of page requests throughout. The registry
 * (REMOTES_FILE) pins v1, then v2, then v1 again (a rollback: one entry back): each time the server-rendered
 * HTML and the page a browser hydrates (Chromium, its click handler counting) show that version, with no
 * hydration mismatch, and not one page of the loop fails. Then a registry that is not valid (the last good
 * one stays) and a pin of a version the remote lacks (that remote is down, the rest of the site serves).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@sumika/server-kit/chromium';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright';
import { build } from '../src/server/app.js';
import { configFromEnv, defaultClientDir } from '../src/server/config.js';
import { buildFixtureRemote, copyFixtureRemote, pageState, setFixtureMessage } from './fixture-remote.js';
import { freePort, shellDir } from './remote-stack.js';

const V1_TEXT = 'Hello from version one';
const V2_TEXT = 'Hello from version two';
const ERROR_BOX = 'data-testid="remote-error"';

/** `node serve.js <args>` of the fixture remote: its output when it exits 0. */
function runServe(dir: string, args: string[]): string {
  const res = spawnSync(process.execPath, [path.join(dir, 'serve.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (res.status !== 0) throw new Error(`serve.js ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  return res.stdout.trim();
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Page requests through the shell, `workers` at a time, until stopped: what each page showed, and every failure. */
function loadLoop(url: string, workers: number) {
  const shown: Record<string, number> = { [V1_TEXT]: 0, [V2_TEXT]: 0 };
  const failures: string[] = [];
  let pages = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        pages += 1;
        const text = [V1_TEXT, V2_TEXT].find((t) => body.includes(t));
        if (res.status !== 200 || body.includes(ERROR_BOX) || !text)
          failures.push(`${res.status}${body.includes(ERROR_BOX) ? ' error box' : ''}${text ? '' : ' no version'}`);
        else shown[text] = (shown[text] ?? 0) + 1;
      } catch (err) {
        pages += 1;
        failures.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    shown,
    failures,
    pages: () => pages,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe('remote releases: pin, switch and roll back with the shell running, SSR and hydration alike', () => {
  let work: string;
  let v1: string;
  let v2: string;
  let remoteBase: string;
  let remote: ChildProcess | undefined;
  let app: FastifyInstance | undefined;
  let shellUrl: string;
  let browser: Browser | undefined;
  let registry: string;
  let loop: ReturnType<typeof loadLoop> | undefined;

  /** Replaces the registry as an operator or a ConfigMap update does: a whole new file renamed over the old one. */
  async function writeRegistry(json: unknown): Promise<void> {
    await writeFile(`${registry}.tmp`, JSON.stringify(json));
    await rename(`${registry}.tmp`, registry);
  }
  const pin = (version: string) => writeRegistry({ mf_search: { url: remoteBase, version } });

  beforeAll(async () => {
    // The browser build of the shell itself, as `npm start` makes it on a fresh clone (hydration needs it).
    if (!existsSync(path.join(defaultClientDir, 'assets.json'))) {
      const webpackBin = path.join(shellDir, '..', 'node_modules', '.bin', 'webpack');
      const res = spawnSync(webpackBin, ['--config', path.join(shellDir, 'webpack.config.js'), '--mode', 'production'], { cwd: shellDir, stdio: 'inherit' });
      if (res.status !== 0) throw new Error('the shell browser build failed');
    }

    // Two builds of the remote, each recorded as a release; dist/ keeps the second (the latest).
    work = await copyFixtureRemote(`remote-versions-${process.pid}`);
    await setFixtureMessage(work, V1_TEXT);
    await buildFixtureRemote(work);
    v1 = runServe(work, ['release']);
    expect(runServe(work, ['release'])).toBe(v1); // the same build is the same release
    await setFixtureMessage(work, V2_TEXT);
    await buildFixtureRemote(work);
    v2 = runServe(work, ['release']);
    expect(v1).toMatch(/^[0-9a-f]{12}$/);
    expect(v2).toMatch(/^[0-9a-f]{12}$/);
    expect(v2).not.toBe(v1);

    // The remote's static server, a process of its own as the runner starts it.
    const remotePort = await freePort();
    remoteBase = `http://127.0.0.1:${remotePort}`;
    remote = spawn(process.execPath, [path.join(work, 'serve.js')], {
      cwd: work,
      env: { ...process.env, NODE_OPTIONS: '', MF_FIXTURE_PORT: String(remotePort) },
      stdio: 'ignore',
    });
    await until('the remote server', async () => ((await fetch(`${remoteBase}/readyz`)).ok ? true : undefined));
    const pinned = await fetch(`${remoteBase}/releases/${v1}/client/mf-manifest.json`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toContain('immutable');

    registry = path.join(work, 'remotes.json');
    await pin(v1);
    const shellPort = await freePort();
    shellUrl = `http://127.0.0.1:${shellPort}`;
    const config = configFromEnv({
      ...process.env,
      SHELL_PORT: String(shellPort),
      PUBLIC_ORIGIN: shellUrl,
      REMOTES_FILE: registry,
      REMOTE_CHECK_TTL_MS: '2000',
      // No gateway in this test: the chrome's reads fail fast and the page renders without them.
      GATEWAY_URL: 'http://127.0.0.1:9/graphql',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
    });
    app = await build({ config });
    await app.listen({ port: shellPort, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  }, 120_000);

  afterAll(async () => {
    await loop?.stop();
    await browser?.close();
    await app?.close();
    if (remote && remote.exitCode === null && remote.signalCode === null) {
      const exited = new Promise((resolve) => remote!.once('exit', resolve));
      remote.kill('SIGTERM');
      await exited;
    }
    if (work) await rm(work, { recursive: true, force: true });
  }, 30_000);

  /** One server-rendered page: its status, whether it shows `text`, and the client entry it hands the browser. */
  async function ssr(): Promise<{ status: number; body: string; entry: string | undefined }> {
    const res = await fetch(`${shellUrl}/`);
    const body = await res.text();
    return { status: res.status, body, entry: res.status === 200 ? pageState(body).remotes.mf_search : undefined };
  }

  /**
   * The page in Chromium: its server HTML shows `text`, it hydrates with the release's browser build (the
   * button's click handler counts: only hydrated code does), and the console reports no hydration mismatch.
   */
  async function browserShows(text: string, version: string): Promise<void> {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      const scripts: string[] = [];
      page.on('console', (m) => {
        if (/hydrat|did not match|#418|#423|#425/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      page.on('request', (req) => scripts.push(req.url()));
      const res = await page.goto(`${shellUrl}/`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await res?.text()).toContain(text);
      const button = '[data-testid="stale-remote"]';
      // Hydrated: React has attached itself to the server's button.
      await page.waitForFunction((sel) => {
        const el = document.querySelector(sel);
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      }, button);
      await page.click(button);
      await page.waitForFunction(([sel, want]) => document.querySelector(sel)?.textContent === want, [button, `${text} (1)`] as const);
      expect(scripts.some((u) => u.includes(`/releases/${version}/client/remoteEntry.js`))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  /**
   * The page as it is now (after a switch: the first request after it) is `version`'s, in the server HTML
   * and the entry it hands the browser, then in Chromium; then 10 more pages of the loop show it.
   */
  async function serves(version: string, text: string, other: string): Promise<void> {
    const page = await ssr();
    expect(page.status).toBe(200);
    expect(page.body).toContain(text);
    expect(page.body).not.toContain(other);
    expect(page.entry).toContain(`/releases/${version}/client/remoteEntry.js?v=`);
    await browserShows(text, version);
    const before = loop!.shown[text]!;
    await until(`pages of ${text} under load`, async () => (loop!.shown[text]! >= before + 10 ? true : undefined));
  }

  it('v1 → v2 → v1 under load: SSR and hydration follow each switch, 0 failed pages', async () => {
    loop = loadLoop(`${shellUrl}/`, 2);
    await serves(v1, V1_TEXT, V2_TEXT);
    // Switch: one entry of the registry, the shell running and loaded.
    await pin(v2);
    await serves(v2, V2_TEXT, V1_TEXT);
    // Rollback: the entry back to v1.
    await pin(v1);
    await serves(v1, V1_TEXT, V2_TEXT);

    await loop.stop();
    console.log(`remote-versions: ${loop.pages()} pages under load (v1 ${loop.shown[V1_TEXT]}, v2 ${loop.shown[V2_TEXT]}), ${loop.failures.length} failed`);
    expect(loop.failures).toEqual([]);
    expect(loop.shown[V2_TEXT]).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('follows the latest build without a version; keeps the last good registry when one is not valid', async () => {
    await writeRegistry({ mf_search: { url: remoteBase, version: 'latest' } });
    expect((await ssr()).body).toContain(V2_TEXT); // dist/ holds the second build
    await pin(v1);
    expect((await ssr()).body).toContain(V1_TEXT);
    for (const bad of ['{ "mf_search": ', JSON.stringify({ mf_search: { url: remoteBase, version: 42 } }), JSON.stringify({ mf_serch: remoteBase })]) {
      await writeFile(`${registry}.tmp`, bad);
      await rename(`${registry}.tmp`, registry);
      const page = await ssr();
      expect(page.status).toBe(200);
      expect(page.body).toContain(V1_TEXT);
    }
  }, 30_000);

  it('a pinned version the remote lacks: that remote is down (its error box, 503), the rest of the site serves', async () => {
    await pin('0123456789ab');
    const page = await ssr();
    expect(page.status).toBe(503);
    expect(page.body).toContain(ERROR_BOX);
    const shellPage = await fetch(`${shellUrl}/specific/terms`);
    expect(shellPage.status).toBe(200);
    await pin(v1);
    expect((await ssr()).body).toContain(V1_TEXT);
  }, 30_000);
});
