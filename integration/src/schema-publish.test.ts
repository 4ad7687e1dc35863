/**
 * `npm run schema:publish` under load (issue 18): the running gateway takes a new supergraph without a
 * restart and no request fails while it swaps; a broken file is refused and the current one kept.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { testBackends } from '@sumika/storage-kit/testing';
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

  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await stack.gateway.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.json<{ data?: Record<string, unknown>; errors?: unknown[] }>() };
  };
  const description = async () => ((await post(DESCRIPTION)).body.data?.__type as { description: string | null } | undefined)?.description ?? null;
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
    return false;
  };

  /** Sends the search from `workers` loops until `stop` resolves; counts the answers and the failures (non-200 or errors). */
  async function load(workers: number, stop: Promise<void>) {
    let done = false;
    void stop.then(() => (done = true));
    const tally = { ok: 0, failed: [] as string[] };
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          const { status, body } = await post(SEARCH, { p: 'tokyo' });
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
});
