import { MemoryCache } from '@sumika/server-kit';
import { prefectureCodeOf } from '@sumika/domain';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';

// Sort by initial cost (issue 16). Expectations come from plain SQL over both stores, never from the code under test.

interface Row {
  id: number;
  global_key: string;
  prefecture_code: number;
  initial_cost: number;
  archived: boolean;
}

const SEARCH = `query($page: Int, $perPage: Int, $sort: String, $prefecturePath: String) {
  searchBukkens(page: $page, perPage: $perPage, sort: $sort, prefecturePath: $prefecturePath) { result { bukkenList { globalKey } } } }`;

describe.each(testBackends())('searchBukkens sorted by initial cost on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let rows: Row[];
  /** Each listing's initial cost total as the bukken subgraph computes it, from the bukken store's columns. */
  let cost: Map<string, number>;

  const keys = async (v: Record<string, unknown>): Promise<string[]> => {
    const res = await auth.query<{ searchBukkens: { result: { bukkenList: { globalKey: string }[] } } }>(app, SEARCH, v);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.searchBukkens.result.bukkenList.map((b) => b.globalKey);
  };

  beforeAll(async () => {
    stores = await seededStores(backend, 1500);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    rows = (
      await sql<Row>`SELECT id, global_key, prefecture_code, initial_cost, archived FROM listing ORDER BY id`.execute(stores.search.db as Kysely<unknown>)
    ).rows;
    // Bukken.initialCost, part by part: deposit, key money, first month (rent + fee), agent fee,
    // guarantee company's half month of rent + fee, key exchange.
    const priced = await sql<{ global_key: string; total: number }>`
      SELECT global_key, (shikikin + reikin + chinryou + kanri_kyoeki + floor(chinryou * agent_fee_months)
        + CASE WHEN guarantee_company THEN floor((chinryou + kanri_kyoeki) * 0.5) ELSE 0 END + 16500)::int AS total
      FROM bukken`.execute(stores.bukken.db as Kysely<unknown>);
    cost = new Map(priced.rows.map((r) => [r.global_key, Number(r.total)]));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it("stores each listing's initial cost as the bukken subgraph prices it", () => {
    expect(cost.size).toBe(rows.length);
    const mismatched = rows.filter((r) => r.initial_cost !== cost.get(r.global_key));
    expect(mismatched).toEqual([]);
  });

  it.each([
    ['asc', 1],
    ['desc', -1],
  ] as const)('orders initial_cost_%s by that total with id as the tie-breaker, with and without a prefecture', async (dir, sign) => {
    const tokyo = prefectureCodeOf('tokyo')!;
    const order = (list: Row[]) =>
      [...list].sort((a, b) => sign * (cost.get(a.global_key)! - cost.get(b.global_key)!) || sign * (a.id - b.id)).map((r) => r.global_key);
    const active = rows.filter((r) => !r.archived);
    const inTokyo = order(active.filter((r) => r.prefecture_code === tokyo));
    expect(inTokyo.length).toBeGreaterThan(60);
    expect(await keys({ prefecturePath: 'tokyo', sort: `initial_cost_${dir}`, perPage: 30, page: 2 })).toEqual(inTokyo.slice(30, 60));
    expect(await keys({ sort: `initial_cost_${dir}`, perPage: 40 })).toEqual(order(active).slice(0, 40));
  });
});
