/**
 * @jest-environment node
 *
 * The stale-remote problem of Module Federation SSR: a remote is rebuilt and redeployed while the
 * shell keeps running. The shell must serve the new build in its server-rendered HTML and point
 * browsers at the new client bundle, with no shell rebuild or restart.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { serveRemote } from '../build/serve-remote.js';
import { buildFixtureRemote as buildRemote, copyFixtureRemote, pageState as stateOf } from './fixture-remote.js';

/** The browser's code for the page: the versioned remote entry plus the exposed page's chunks. */
async function clientCode(entryUrl: string): Promise<string> {
  const manifestUrl = new URL('mf-manifest.json', entryUrl).href;
  const manifest = (await (await fetch(manifestUrl)).json()) as { exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };
  const page = manifest.exposes.find((e) => e.name === 'TopPage');
  if (!page) throw new Error('TopPage is not exposed');
  const files = [...page.assets.js.sync, ...page.assets.js.async];
  const bodies = await Promise.all([entryUrl, ...files.map((f) => new URL(f, entryUrl).href)].map(async (u) => (await fetch(u)).text()));
  return bodies.join('\n');
}

describe('a redeployed remote reaches SSR and the browser without a shell restart', () => {
  let remoteServer: Server;
  let app: FastifyInstance;
  let work: string;

  beforeAll(async () => {
    work = await copyFixtureRemote(`stale-remote-${process.pid}`);
    await buildRemote(work);
    remoteServer = await serveRemote({ dir: work, port: 0 });
    const { port } = remoteServer.address() as AddressInfo;
    const remotesFile = path.join(work, 'remotes.json');
    await writeFile(remotesFile, JSON.stringify({ mf_search: `http://127.0.0.1:${port}` }));
    const config = configFromEnv({
      ...process.env,
      REMOTES_FILE: remotesFile,
      REMOTE_CHECK_TTL_MS: '0',
      // No gateway in this test: the chrome's reads fail fast and the page renders without them.
      GATEWAY_URL: 'http://127.0.0.1:9/graphql',
      DATA_DIR: path.join(work, 'data'),
    });
    app = await build({ config });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => remoteServer?.close(resolve));
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('serves the new build on the next request, in the HTML and in the client bundle', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Hello from build one');
    const firstEntry = stateOf(first.body).remotes.mf_search;
    expect(firstEntry).toMatch(/\/client\/remoteEntry\.js\?v=[0-9a-f]{16}$/);
    expect(await clientCode(firstEntry!)).toContain('Hello from build one');

    // Redeploy: a changed remote, rebuilt into the directory its server serves.
    const message = path.join(work, 'src', 'message.ts');
    await writeFile(message, (await readFile(message, 'utf8')).replace('build one', 'build two'));
    await buildRemote(work);

    const second = await app.inject({ method: 'GET', url: '/' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Hello from build two');
    expect(second.body).not.toContain('Hello from build one');
    const secondEntry = stateOf(second.body).remotes.mf_search;
    expect(secondEntry).not.toBe(firstEntry);
    const code = await clientCode(secondEntry!);
    expect(code).toContain('Hello from build two');
    expect(code).not.toContain('Hello from build one');
    expect(app.federation.version('mf_search')).toMatch(/^[0-9a-f]{16}$/);
  }, 180_000);

  it('contains a build that throws while rendering: error box in the layout, status 500', async () => {
    const message = path.join(work, 'src', 'message.ts');
    await writeFile(message, "export const MESSAGE = 'throw: a broken deploy';\n");
    await buildRemote(work);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('data-testid="remote-error"');
    expect(res.body).toContain('sk-header');
    expect(res.body).toContain('sk-footer');
    // The browser starts from the same decision (no hydration mismatch) and can retry.
    expect(res.body).toContain('"failed":"render"');
  }, 180_000);
});
