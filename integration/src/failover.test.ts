/**
 * Several instances of a subgraph behind the gateway (issue 18): `SEARCH_URL` names two instances; the
 * gateway balances over them, and when one is killed under load no request fails (a call it had in flight
 * or sent there is retried on the other, and it is out of rotation until its readiness answers); when it
 * is started again it rejoins by itself.
 */
import type { FastifyInstance } from 'fastify';
import { MemoryCache } from '@sumika/server-kit';
import { freePort } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildGateway } from '@sumika/gateway/app';
import { HEALTH_EVERY_MS } from '@sumika/gateway/federation/instances';
import { build as buildSearch } from '@sumika/subgraph-search/app';
import { startStack, type Stack } from './stack.js';

const [backend] = testBackends();
const SEARCH = `query ($p: String) { searchBukkensCount(prefecturePath: $p) { count } }`;
const PREFECTURES = ['tokyo', 'osaka', 'kanagawa', 'saitama', 'chiba', 'aichi', 'hyogo', 'fukuoka'];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe(`a subgraph at two instances behind the gateway, on ${backend!.name}`, () => {
  let stack: Stack;
  let gateway: FastifyInstance;
  let port: number;
  /** The second instance (replaced when restarted) and the GraphQL calls it has taken. */
  let second: FastifyInstance | undefined;
  let secondCalls = 0;
  /** While set, the second instance holds each call this long before answering (calls pile up in flight there). */
  let holdMs = 0;
  let secondInFlight = 0;

  const startSecond = async () => {
    const app = await buildSearch({ db: stack.stores.search.db as never, cache: new MemoryCache(), auth: { jwks: { keys: [stack.key.publicJwk] } } });
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/graphql')) return;
      secondCalls++;
      secondInFlight++;
      if (holdMs) await sleep(holdMs);
    });
    app.addHook('onResponse', async (req) => {
      if (req.url.startsWith('/graphql')) secondInFlight--;
    });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  /** A crash as the gateway sees it: the port closes and every open connection is cut, requests in flight included. */
  const kill = (app: FastifyInstance) => {
    app.server.close();
    app.server.closeAllConnections();
  };

  beforeAll(async () => {
    stack = await startStack(backend!, { listings: 200 });
    port = await freePort();
    second = await startSecond();
    gateway = await buildGateway({
      // No response cache: every request goes to a search instance. A subgraph budget beyond what a loaded CI
      // machine needs: one run there failed 127 calls SERVICE_UNAVAILABLE over the test's ~32 s, the pace of
      // 2 s timeouts (the default budget) across its 8 loops. This test is about a killed instance, whose cut
      // calls are retried at once; budgets have their own tests.
      config: {
        ...stack.config,
        responseCacheTtl: 0,
        subgraphTimeoutMs: 20_000,
        // A breaker that opens after two failures in a row: the calls a kill cuts all fail in one tick
        // (chaos case H once answered 42 pages 503 so), and each is retried on the other instance, so
        // none of them may count against the subgraph while another instance answers.
        subgraphBreakAfter: 2,
        subgraphUrls: { ...stack.urls, search: `${stack.urls.search},http://127.0.0.1:${port}/graphql` },
      },
      cache: new MemoryCache(),
    });
    await gateway.ready();
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await second?.close();
    await stack?.close();
  });

  const post = async (p = 'tokyo') => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: SEARCH, variables: { p } },
      headers: { 'content-type': 'application/json' },
    });
    return { status: res.statusCode, body: res.json<{ data?: { searchBukkensCount?: { count: number } }; errors?: unknown[] }>() };
  };

  /** `workers` loops of the search until `stop` resolves: the answers, and the failures (non-200, errors, no count). */
  async function load(workers: number, stop: Promise<void>) {
    let done = false;
    void stop.then(() => (done = true));
    const tally = { ok: 0, failed: [] as string[] };
    await Promise.all(
      // Each loop its own prefecture: identical reads in flight are one call at the gateway.
      Array.from({ length: workers }, async (_, i) => {
        while (!done) {
          const { status, body } = await post(PREFECTURES[i % PREFECTURES.length]);
          if (status === 200 && !body.errors && body.data?.searchBukkensCount) tally.ok++;
          else tally.failed.push(`${status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }),
    );
    return tally;
  }
  /** Waits until `check` holds (a loaded CI machine answers slowly), at most `ms`. */
  const until = async (check: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end && !check();) await sleep(20);
    return check();
  };

  it('balances the calls over both instances', async () => {
    const [first0, second0] = [stack.calls.search, secondCalls];
    for (let i = 0; i < 20; i++) expect((await post()).status).toBe(200);
    expect(stack.calls.search - first0).toBeGreaterThanOrEqual(5);
    expect(secondCalls - second0).toBeGreaterThanOrEqual(5);
  });

  /** Started again on its port (a new server; the old one's close is not waited for). */
  const restartSecond = async () => {
    const old = second!;
    second = await startSecond();
    void old.close();
  };

  /** Eight loops of the search while `during` runs; then none of their requests may have failed. */
  async function underLoad(during: () => Promise<void>) {
    let release!: () => void;
    const stop = new Promise<void>((r) => (release = r));
    const running = load(8, stop);
    try {
      await during();
    } finally {
      // The loops stop before anything else is checked or closed.
      release();
    }
    const tally = await running;
    expect(tally.failed).toEqual([]);
    expect(tally.ok).toBeGreaterThan(20);
  }

  it('loses no request when one instance is killed under load, and takes it back once it is started again', async () => {
    await underLoad(async () => {
      await until(() => secondCalls > 0, 10_000);
      kill(second!);
      // Down: the first instance takes the calls.
      const first0 = stack.calls.search;
      expect(await until(() => stack.calls.search - first0 >= 10, 20_000)).toBe(true);
      // Started again on its port: back in rotation after its next readiness probe.
      await restartSecond();
      const rejoined = secondCalls;
      expect(await until(() => secondCalls - rejoined > 0, HEALTH_EVERY_MS * 2 + 20_000)).toBe(true);
    });
  }, 90_000);

  it('a kill that cuts several calls at once opens no breaker while the other instance answers', async () => {
    holdMs = 2000;
    await underLoad(async () => {
      // Several calls held in flight at the second instance, then the kill cuts them all in one tick.
      expect(await until(() => secondInFlight >= 3, 20_000)).toBe(true);
      kill(second!);
      holdMs = 0;
      secondInFlight = 0;
      const first0 = stack.calls.search;
      expect(await until(() => stack.calls.search - first0 >= 20, 20_000)).toBe(true);
      await restartSecond();
    });
  }, 90_000);
});
