/**
 * @jest-environment node
 *
 * Shell CPU per results page, one render against the data pass (issue 15): a script, not a test.
 * Everything runs in this process (PGlite stores, the subgraphs, the gateway, the shell with the
 * real mf-search remote built for it), and both ways make the same gateway calls, so the difference
 * of process CPU per page between them is the shell's own saving.
 *
 * On demand only (skipped unless MEASURE_RENDER_CPU is set; it prints figures and asserts nothing
 * about time), with jest for the shell's module setup:
 *
 *   MEASURE_RENDER_CPU=1 MEASURE_PAGES=40 MEASURE_ROUNDS=5 NODE_OPTIONS='--experimental-vm-modules --no-warnings=ExperimentalWarning' \
 *     npx jest shell/test/render-cpu.measure.test.ts
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { testBackends } from '@sumika/storage-kit/testing';
import { startStack } from '@sumika/integration/stack';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { pageTreeRenders } from '../src/server/render/render-page.js';
import { alterLoadedModules, buildRemotes, freePort, serveBuiltRemote, shellDir } from './remote-stack.js';

const PAGES = Number(process.env.MEASURE_PAGES ?? 40);
const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 5);
const URL_PATH = '/search/tokyo/city/13101';
const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const work = path.join(shellDir, 'dist', 'test', `render-cpu-measure-${process.pid}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(): Promise<void> {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const step = (what: string) => console.error(`${new Date().toISOString()} ${what}`);
  step('building mf-search');
  const [, port] = await Promise.all([buildRemotes(['mf-search'], work), freePort()]);
  step('starting the stack');
  const remote = await serveBuiltRemote('mf-search', work);
  let shellJwks: JSONWebKeySet = { keys: [] };
  const shellKeys: JWTVerifyGetKey = (header, token) => createLocalJWKSet(shellJwks)(header, token);
  const gatewayUrl = `http://127.0.0.1:${port}/graphql`;
  const pglite = testBackends({}).find((b) => b.name === 'pglite')!;
  const stack = await startStack(pglite, { listings: 300, shellKeys, config: { shellAudiences: [gatewayUrl] } });
  await stack.gateway.listen({ port, host: '127.0.0.1' });
  const app = await build({
    config: configFromEnv({
      GATEWAY_URL: gatewayUrl,
      DATA_DIR: path.join(work, 'data'),
      MF_SEARCH_URL: remote.url,
      MF_DETAIL_URL: 'http://127.0.0.1:9',
      MF_USER_URL: 'http://127.0.0.1:9',
      MF_FORMS_URL: 'http://127.0.0.1:9',
      REMOTE_LOAD_TIMEOUT_MS: '60000',
      PUBLIC_ORIGIN: 'https://sumika.example',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    }),
  });
  shellJwks = (await app.inject({ url: '/.well-known/jwks.json' })).json();
  step('measuring');
  let hide = false;
  alterLoadedModules(app.federation, (mod) => (hide ? { default: mod.default } : mod));
  const first = await app.inject({ url: '/', headers: { 'user-agent': PC_UA } });
  const setCookie = first.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0]).join('; ');

  const run = async (dataPass: boolean, pages: number) => {
    hide = dataPass;
    const renders = pageTreeRenders();
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < pages; i++) {
      const res = await app.inject({ url: URL_PATH, headers: { 'user-agent': PC_UA, cookie, 'accept-encoding': 'br' } });
      if (res.statusCode !== 200) throw new Error(`${URL_PATH}: ${res.statusCode}`);
    }
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000 / pages, wallMs: (performance.now() - start) / pages, renders: (pageTreeRenders() - renders) / pages };
  };
  await run(true, 10);
  await run(false, 10);
  const once: number[] = [];
  const passes: number[] = [];
  const wallOnce: number[] = [];
  const wallPasses: number[] = [];
  let rendersOnce = 0;
  let rendersPasses = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const a = await run(false, PAGES);
    const b = await run(true, PAGES);
    once.push(a.cpuMs);
    wallOnce.push(a.wallMs);
    passes.push(b.cpuMs);
    wallPasses.push(b.wallMs);
    rendersOnce = a.renders;
    rendersPasses = b.renders;
    console.log(`round ${r + 1}: one render ${a.cpuMs.toFixed(1)} ms cpu/page, data pass ${b.cpuMs.toFixed(1)} ms cpu/page`);
  }
  console.log(`renders per page: one render ${rendersOnce}, data pass ${rendersPasses}`);
  console.log(`wall ms/page (median): one render ${median(wallOnce).toFixed(1)}, data pass ${median(wallPasses).toFixed(1)}`);
  console.log(
    `results-page process-cpu-ms one-render=${median(once).toFixed(1)} data-pass=${median(passes).toFixed(1)} shell-saving=${(median(passes) - median(once)).toFixed(1)}`,
  );
  await app.close();
  await stack.close();
  await new Promise((resolve) => remote.server.close(resolve));
  await rm(work, { recursive: true, force: true });
}

(process.env.MEASURE_RENDER_CPU ? it : it.skip)('prints the CPU per results page, one render against the data pass', measure, 1_800_000);
