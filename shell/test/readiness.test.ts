/**
 * @jest-environment node
 *
 * The shell is ready (/readyz 200) only once the remotes' page modules are loaded: after a start, the
 * first pages under load each waited for them and passed their deadline (503). A remote that is down or
 * hangs delays readiness by the load timeout at most (its pages degrade as they would anyway).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';

const closed = 'http://127.0.0.1:9';

describe('/readyz waits for the page modules', () => {
  let remote: FastifyInstance;
  let shell: FastifyInstance | undefined;
  let dataDir: string;
  let release: () => void = () => undefined;
  const asked: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shell-readiness-'));
    // A remote whose server manifest answers only when the test says so (a remote still starting).
    const held = new Promise<void>((resolve) => (release = resolve));
    remote = Fastify({ forceCloseConnections: true });
    remote.get('/*', async (req, reply) => {
      asked.push(req.url);
      await held;
      return reply.code(404).send();
    });
    await remote.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    release();
    await shell?.close();
    await remote.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const build_ = (env: Record<string, string>) =>
    build({
      config: configFromEnv({
        GATEWAY_URL: `${closed}/graphql`,
        DATA_DIR: dataDir,
        MF_DETAIL_URL: closed,
        MF_USER_URL: closed,
        MF_FORMS_URL: closed,
        ...env,
      }),
    });

  it('answers 503 warming while a remote page module loads, 200 once it settled, before any page was asked', async () => {
    const base = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
    shell = await build_({ MF_SEARCH_URL: base, REMOTE_LOAD_TIMEOUT_MS: '20000' });
    await shell.ready();
    for (let i = 0; i < 50 && asked.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    // The shell asked the remote for its build on its own: no page was requested.
    expect(asked).toContain('/server/mf-manifest.json');
    const warming = await shell.inject({ url: '/readyz' });
    expect(warming.statusCode).toBe(503);
    expect(warming.json()).toEqual({ status: 'warming' });
    expect((await shell.inject({ url: '/healthz' })).statusCode).toBe(200);

    release();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await shell.inject({ url: '/readyz' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
  });

  it('is ready within the load timeout when a remote hangs', async () => {
    await shell?.close();
    // A port that accepts and never answers: the remote's manifest check times out.
    const silent = Fastify({ forceCloseConnections: true });
    silent.get('/*', () => new Promise(() => undefined));
    await silent.listen({ port: 0, host: '127.0.0.1' });
    try {
      shell = await build_({ MF_SEARCH_URL: `http://127.0.0.1:${(silent.server.address() as AddressInfo).port}`, REMOTE_LOAD_TIMEOUT_MS: '300' });
      const started = Date.now();
      await shell.ready();
      expect((await shell.inject({ url: '/readyz' })).statusCode).toBe(503);
      let status = 0;
      while (status !== 200 && Date.now() - started < 5_000) {
        status = (await shell.inject({ url: '/readyz' })).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await shell?.close();
      shell = undefined;
      await silent.close();
    }
  });
});
