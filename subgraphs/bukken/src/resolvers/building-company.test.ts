import { Kysely, PostgresDialect, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openCache, type Cache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { initialCost } from '@sumika/domain';
import { SORT_OPTIONS } from '@sumika/spec';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

// Issue 17: the building page's vacancies by plan, exterior and stores; a store page's listings in the
// search's sorts. Expectations are computed here in plain JS over rows read with plain SQL.

const PLANS = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'];

interface Raw {
  id: number;
  global_key: string;
  building_id: number;
  building_key: string;
  store_id: number;
  room_num: string;
  floor: number;
  plan: string;
  chinryou: number;
  kanri_kyoeki: number;
  shikikin: number;
  reikin: number;
  agent_fee_months: number;
  guarantee_company: boolean;
  area: number;
  archived: boolean;
  arrived_at: string;
  built_date: string;
  walk1: number | null;
}

type Gql = { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe.each(testBackends())('bukken subgraph, building rooms and store listings, on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let cache: Cache;
  const statements: string[] = [];
  let rows: Raw[];

  const query = async (q: string, variables?: Record<string, unknown>): Promise<Gql> => (await auth.query(app, q, variables)) as Gql;
  const counted = async (q: string, variables?: Record<string, unknown>): Promise<{ res: Gql; sql: string[] }> => {
    const from = statements.length;
    const res = await query(q, variables);
    return { res, sql: statements.slice(from) };
  };
  /** A building's rooms in the page's order: floor, room number, id. */
  const roomsOf = (buildingId: number): Raw[] =>
    rows.filter((r) => r.building_id === buildingId).sort((x, y) => x.floor - y.floor || byText(x.room_num, y.room_num) || x.id - y.id);

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    cache = await openCache({ prefix: `test:bukken-b:${backend.name}:${process.pid}:${Date.now()}:` });
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.bukken.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    app = await build({ db, cache, auth: auth.auth, imageOrigin: 'http://img.test' });
    // The seed lets each building through one store: two buildings get a room of another store (one
    // active, one archived), so the order of several stores is seen.
    const shared = (
      await sql<{ building_id: number; store_id: number }>`
        SELECT building_id, min(store_id) AS store_id FROM bukken GROUP BY building_id HAVING count(*) >= 3 ORDER BY building_id LIMIT 2`.execute(
        stores.bukken.db,
      )
    ).rows;
    const other = (await sql<{ store_id: number }>`SELECT max(store_id) AS store_id FROM bukken`.execute(stores.bukken.db)).rows[0]?.store_id as number;
    for (const [i, s] of shared.entries()) {
      await sql`UPDATE bukken SET store_id = ${other}, archived_at = ${i === 0 ? null : new Date('2026-01-01T00:00:00Z')}
        WHERE id = (SELECT max(id) FROM bukken WHERE building_id = ${s.building_id})`.execute(stores.bukken.db);
    }
    rows = (
      await sql<Raw>`
      SELECT k.id::int AS id, k.global_key, k.building_id, b.key AS building_key, k.store_id, k.room_num, k.floor, k.plan,
        k.chinryou, k.kanri_kyoeki, k.shikikin, k.reikin, k.agent_fee_months::float8 AS agent_fee_months, k.guarantee_company,
        k.area::float8 AS area, k.archived_at IS NOT NULL AS archived, to_char(k.arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS arrived_at,
        to_char(b.built_date, 'YYYY-MM-DD') AS built_date, t.walk_min AS walk1
      FROM bukken k JOIN building b ON b.id = k.building_id LEFT JOIN bukken_traffic t ON t.bukken_id = k.id AND t.seq = 1
      ORDER BY k.id`.execute(stores.bukken.db)
    ).rows;
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await cache?.close();
    if (stores) await closeSeeded(stores);
  });

  it('tables a building’s vacancies by plan, gives its exterior and the stores of its rooms, batched', async () => {
    const buildingIds = [...new Set(rows.map((r) => r.building_id))];
    const storesOf = (id: number) => new Set(rows.filter((r) => r.building_id === id).map((r) => r.store_id)).size;
    const chosen = [
      ...buildingIds.filter((id) => new Set(rows.filter((r) => r.building_id === id && !r.archived).map((r) => r.plan)).size >= 2).slice(0, 4),
      ...buildingIds.filter((id) => storesOf(id) >= 2).slice(0, 4),
      ...buildingIds.filter((id) => rows.some((r) => r.building_id === id && r.archived)).slice(0, 3),
    ];
    const { res, sql: ran } = await counted(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Building {
        key exteriorUrl companies { id }
        vacancyPlans { plan count chinryouMin chinryouMax areaMin areaMax rooms { globalKey } }
      } } }`,
      { r: chosen.map((id) => ({ __typename: 'Building', key: rows.find((r) => r.building_id === id)?.building_key })) },
    );
    expect(res.errors).toBeUndefined();
    const out = res.data?._entities as {
      key: string;
      exteriorUrl: string | null;
      companies: { id: string }[];
      vacancyPlans: {
        plan: string;
        count: number;
        chinryouMin: number;
        chinryouMax: number;
        areaMin: number;
        areaMax: number;
        rooms: { globalKey: string }[];
      }[];
    }[];
    let multiPlan = 0;
    let multiStore = 0;
    out.forEach((b, i) => {
      const rooms = roomsOf(chosen[i] as number);
      const active = rooms.filter((r) => !r.archived);
      const plans = [...new Set(active.map((r) => r.plan))].sort((x, y) => {
        const rank = (p: string) => (PLANS.includes(p) ? PLANS.indexOf(p) : PLANS.length);
        return rank(x) - rank(y) || byText(x, y);
      });
      expect(b.vacancyPlans).toEqual(
        plans.map((plan) => {
          const list = active.filter((r) => r.plan === plan);
          return {
            plan,
            count: list.length,
            chinryouMin: Math.min(...list.map((r) => r.chinryou)),
            chinryouMax: Math.max(...list.map((r) => r.chinryou)),
            areaMin: Math.min(...list.map((r) => r.area)),
            areaMax: Math.max(...list.map((r) => r.area)),
            rooms: list.map((r) => ({ globalKey: r.global_key })),
          };
        }),
      );
      if (plans.length >= 2) multiPlan++;
      // The exterior is the lowest-id room's, from the listing image generator.
      const first = [...rooms].sort((x, y) => x.id - y.id)[0] as Raw;
      expect(b.exteriorUrl).toBe(`http://img.test/images/bukken/${first.global_key}/gaikan.svg`);
      // Stores: most active rooms first, then most rooms, then id.
      const stats = new Map<number, { active: number; all: number }>();
      for (const r of rooms) {
        const s = stats.get(r.store_id) ?? { active: 0, all: 0 };
        s.all++;
        if (!r.archived) s.active++;
        stats.set(r.store_id, s);
      }
      const expectedStores = [...stats].sort(([x, a], [y, c]) => c.active - a.active || c.all - a.all || x - y).map(([id]) => ({ id: String(id) }));
      expect(b.companies).toEqual(expectedStores);
      if (expectedStores.length >= 2) multiStore++;
    });
    expect(multiPlan).toBeGreaterThan(0);
    expect(multiStore).toBeGreaterThan(0);
    // Buildings and their rooms: one query each, however many buildings.
    expect(ran.length).toBeLessThanOrEqual(2);
  });

  it("lists a store's active listings in each of the search's sorts, a page at a time, batched across stores", async () => {
    const counts = new Map<number, number>();
    for (const r of rows) if (!r.archived) counts.set(r.store_id, (counts.get(r.store_id) ?? 0) + 1);
    const [big, second] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id) as [number, number];
    const perPage = 3;
    for (const { value } of SORT_OPTIONS) {
      const [key, direction] = [value.replace(/_(asc|desc)$/, ''), value.endsWith('_asc') ? 1 : -1];
      const valueOf = (r: Raw): number | string | null =>
        key === 'arrived_at'
          ? new Date(`${r.arrived_at}Z`).getTime()
          : key === 'walk_min_for_sort'
            ? r.walk1
            : key === 'built_date'
              ? r.built_date
              : key === 'area'
                ? r.area
                : key === 'chinryou'
                  ? r.chinryou
                  : initialCost({
                      chinryou: r.chinryou,
                      kanriKyoeki: r.kanri_kyoeki,
                      shikikin: r.shikikin,
                      reikin: r.reikin,
                      agentFeeMonths: r.agent_fee_months,
                      guaranteeCompany: r.guarantee_company,
                    }).total;
      const expected = (storeId: number) =>
        rows
          .filter((r) => r.store_id === storeId && !r.archived)
          .sort((a, b) => {
            const x = valueOf(a);
            const y = valueOf(b);
            if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
            return (x < y ? -direction : x > y ? direction : 0) || a.id - b.id;
          })
          .map((r) => r.global_key);
      const { res, sql: ran } = await counted(
        `query($r: [_Any!]!, $s: String, $n: Int) { _entities(representations: $r) { ... on Company {
          id p1: bukkens(sort: $s, perPage: $n) { bukkenList { globalKey } count page perPage totalPages sort }
          p2: bukkens(sort: $s, page: 2, perPage: $n) { bukkenList { globalKey } page }
        } } }`,
        { r: [big, second].map((id) => ({ __typename: 'Company', id: String(id) })), s: value, n: perPage },
      );
      expect(res.errors).toBeUndefined();
      const out = res.data?._entities as {
        id: string;
        p1: { bukkenList: { globalKey: string }[]; count: number; page: number; perPage: number; totalPages: number; sort: string };
        p2: { bukkenList: { globalKey: string }[]; page: number };
      }[];
      [big, second].forEach((storeId, i) => {
        const all = expected(storeId);
        const got = out[i] as (typeof out)[number];
        expect(got.id).toBe(String(storeId));
        expect(got.p1).toEqual({
          bukkenList: all.slice(0, perPage).map((globalKey) => ({ globalKey })),
          count: all.length,
          page: 1,
          perPage,
          totalPages: Math.ceil(all.length / perPage),
          sort: value,
        });
        expect(got.p2.bukkenList.map((b) => b.globalKey)).toEqual(all.slice(perPage, 2 * perPage));
      });
      // The stores' listings in one query (and their traffics in one more for the station sort).
      expect(ran.length).toBeLessThanOrEqual(2);
    }
  });

  it('answers newest first without a sort, an empty page past the last, nothing for a store without listings, and BAD_REQUEST for a bad argument', async () => {
    const storeId = rows.find((r) => !r.archived)?.store_id as number;
    const active = rows.filter((r) => r.store_id === storeId && !r.archived);
    const newest = [...active].sort((a, b) => byText(b.arrived_at, a.arrived_at) || a.id - b.id).map((r) => r.global_key);
    const res = await query(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Company {
        first: bukkens { bukkenList { globalKey } count perPage sort }
        past: bukkens(page: 999) { bukkenList { globalKey } count page totalPages }
      } } }`,
      {
        r: [
          { __typename: 'Company', id: String(storeId) },
          { __typename: 'Company', id: '999999' },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const [own, none] = res.data?._entities as {
      first: { bukkenList: { globalKey: string }[]; count: number; perPage: number; sort: string };
      past: unknown;
    }[];
    expect(own?.first).toEqual({
      bukkenList: newest.slice(0, 20).map((globalKey) => ({ globalKey })),
      count: active.length,
      perPage: 20,
      sort: 'arrived_at_desc',
    });
    expect(own?.past).toEqual({ bukkenList: [], count: active.length, page: 999, totalPages: Math.ceil(active.length / 20) });
    expect(none?.first).toEqual({ bukkenList: [], count: 0, perPage: 20, sort: 'arrived_at_desc' });
    for (const args of ['sort: "name_asc"', 'sort: "chinryou"', 'page: 0', 'perPage: 0', 'perPage: 101']) {
      const bad = await query(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Company { bukkens(${args}) { count } } } }`, {
        r: [{ __typename: 'Company', id: String(storeId) }],
      });
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });
});
