/**
 * `npm run schema:publish` under load (issue 18): the running gateway takes a new supergraph without a
 * restart and no request fails while it swaps; a broken file is refused and the current one kept; a
 * gateway following Redis (SUPERGRAPH_REDIS_URL, every instance of a scaled-out gateway) takes a
 * supergraph published there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { MemoryCache, publishLatest, SUPERGRAPH_REDIS } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildGateway } from '@sumika/gateway/app';
import { publishSupergraph } from '@sumika/infra/compose/publish';
import { startStack, type Stack } from './stack.js';

const [backend] = testBackends();
const SEARCH = `query ($p: String) { searchBukkensCount(prefecturePath: $p) { count } prefectures { code name } }`;
const DESCRIPTION = `query { __type(name: "BukkenTotal") { description } }`;

describe(`schema:publish under load on ${backend!.name}`, () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(backend!, { listings: 200 });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const post = async (query: string, variables: Record<string, unknown> = {}, gateway: FastifyInstance = stack.gateway) => {
    const res = await gateway.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.json<{ data?: Record<string, unknown>; errors?: unknown[] }>() };
  };
  const description = async (gateway?: FastifyInstance) =>
    ((await post(DESCRIPTION, {}, gateway)).body.data?.__type as { description: string | null } | undefined)?.description ?? null;
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
    return false;
  };

  /** Sends the search from `workers` loops until `stop` resolves; counts the answers and the failures (non-200 or errors). */
  async function load(workers: number, stop: Promise<void>, gateway?: FastifyInstance) {
    let done = false;
    void stop.then(() => (done = true));
    const tally = { ok: 0, failed: [] as string[] };
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          const { status, body } = await post(SEARCH, { p: 'tokyo' }, gateway);
          if (status === 200 && !body.errors && body.data?.searchBukkensCount) tally.ok++;
          else tally.failed.push(`${status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }),
    );
    return tally;
  }

  it('takes a published supergraph while answering every request, and refuses a file that does not parse', async () => {
    const original = readFileSync(stack.supergraphFile, 'utf8');
    expect(await description()).not.toBe('Published under load.');
    const changed = original.replace(/\ntype BukkenTotal\b/, '\n"Published under load."\ntype BukkenTotal');
    expect(changed).not.toBe(original);

    let stop!: () => void;
    const running = load(6, new Promise<void>((r) => (stop = r)));
    await new Promise((r) => setTimeout(r, 300));
    publishSupergraph(stack.supergraphFile, changed);
    expect(await until(async () => (await description()) === 'Published under load.')).toBe(true);
    // A half-written or foreign file: refused, the published one kept.
    writeFileSync(stack.supergraphFile, original.slice(0, original.length / 2));
    await new Promise((r) => setTimeout(r, 300));
    expect(await description()).toBe('Published under load.');
    // Back to the original, still under load.
    publishSupergraph(stack.supergraphFile, original);
    expect(await until(async () => (await description()) !== 'Published under load.')).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    stop();
    const tally = await running;
    expect(tally.failed).toEqual([]);
    expect(tally.ok).toBeGreaterThan(20);
  });

  const redisUrl = process.env.REDIS_URL;
  (redisUrl ? it : it.skip)('a gateway following Redis takes a supergraph published there, under load', async () => {
    const url = redisUrl as string;
    const original = readFileSync(stack.supergraphFile, 'utf8');
    const follower = await buildGateway({ config: { ...stack.config, supergraphRedisUrl: url }, cache: new MemoryCache() });
    await follower.ready();
    try {
      const changed = original.replace(/\ntype BukkenTotal\b/, '\n"Published through Redis."\ntype BukkenTotal');
      let stop!: () => void;
      const running = load(4, new Promise<void>((r) => (stop = r)), follower);
      await new Promise((r) => setTimeout(r, 300));
      expect(await publishLatest(url, SUPERGRAPH_REDIS, changed)).toBeGreaterThan(0);
      expect(await until(async () => (await description(follower)) === 'Published through Redis.')).toBe(true);
      // The file's gateway is not following Redis: it keeps its own.
      expect(await description()).not.toBe('Published through Redis.');
      await publishLatest(url, SUPERGRAPH_REDIS, original);
      expect(await until(async () => (await description(follower)) !== 'Published through Redis.')).toBe(true);
      stop();
      const tally = await running;
      expect(tally.failed).toEqual([]);
      expect(tally.ok).toBeGreaterThan(10);
    } finally {
      await follower.close();
    }
  });
});
