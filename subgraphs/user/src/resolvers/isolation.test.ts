import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { openHarness, type Harness } from '../testing/harness.js';

const STATE = `{ requiredUserData {
  bukken { favorites { globalKey } histories { globalKey } incompleteInquiries { globalKey } }
  stockCount { favorite detail search } searchConditions { id searchPath } existApplyData
  lastSearchCondition { searchPath } alerts { unreadCount items { id read } } newsLetter { favoriteHistory list stopped } } }`;

interface State {
  bukken: { favorites: { globalKey: string }[]; histories: { globalKey: string }[]; incompleteInquiries: { globalKey: string }[] };
  stockCount: { favorite: number; detail: number; search: number };
  searchConditions: { id: string; searchPath: string }[];
  existApplyData: boolean;
  lastSearchCondition: { searchPath: string } | null;
  alerts: { unreadCount: number; items: { id: string; read: boolean }[] };
  newsLetter: { favoriteHistory: boolean; list: boolean; stopped: boolean };
}

describe.each(testBackends())('visitor isolation on $name', (backend) => {
  let h: Harness;
  let a: string;
  let b: string;
  let aState: State;

  const state = async (uid: string): Promise<State> => {
    const res = await h.auth.query<{ requiredUserData: State }>(h.app, STATE, {}, uid);
    expect(res.errors).toBeUndefined();
    return res.data!.requiredUserData;
  };

  beforeAll(async () => {
    h = await openHarness(backend);
    a = await h.visitor();
    b = await h.visitor();
    const q = (op: string) => h.auth.query(h.app, op, {}, a);
    await q('mutation { addFavorites(globalKeys: ["bk000000001", "bk000000002"]) { saved } }');
    await q('mutation { recordHistory(globalKey: "bk000000003") { kind } }');
    await q('mutation { startInquiry(globalKeys: ["bk000000004", "bk000000005"], listKind: favorite_bukken) { globalKeys } }');
    await q('mutation { markInquiriesSent(globalKeys: ["bk000000005"]) { existApplyData } }');
    await q('mutation { createSearchCondition(prefecturePath: "tokyo", cityCodes: [13101]) { rest } }');
    await q('mutation { setLastSearchCondition(prefecturePath: "tokyo") { searchPath } }');
    await q('mutation { registerNewsLetterForList(email: "a@example.jp") { reviewPeriod } }');
    await sql`INSERT INTO alert (uid, kind, global_key, from_rent, to_rent) VALUES (${a}, 'price_drop', 'bk000000001', 90000, 85000)`.execute(h.db);
    aState = await state(a);
  });
  afterAll(async () => {
    await h.close();
  });

  it("B sees none of A's stock", async () => {
    expect(aState.stockCount).toEqual({ favorite: 2, detail: 3, search: 1 });
    expect(aState.alerts.unreadCount).toBe(1);
    const s = await state(b);
    expect(s).toEqual({
      bukken: { favorites: [], histories: [], incompleteInquiries: [] },
      stockCount: { favorite: 0, detail: 0, search: 0 },
      searchConditions: [],
      existApplyData: false,
      lastSearchCondition: null,
      alerts: { unreadCount: 0, items: [] },
      newsLetter: { favoriteHistory: false, list: false, stopped: false },
    });
  });

  it("B cannot change A's stock with A's keys, ids or indexes", async () => {
    const q = (op: string, vars: Record<string, unknown> = {}) => h.auth.query<Record<string, unknown>>(h.app, op, vars, b);
    expect((await q('mutation { deleteFavorites(globalKeys: ["bk000000001", "bk000000002"]) { deleteGlobalKeys } }')).data).toEqual({
      deleteFavorites: { deleteGlobalKeys: [] },
    });
    expect((await q('mutation { deleteHistories(globalKeys: ["bk000000003"]) { deleteGlobalKeys } }')).data).toEqual({
      deleteHistories: { deleteGlobalKeys: [] },
    });
    expect((await q('mutation { incompleteInquiriesDelete(globalKeys: ["bk000000004"]) { success notFound } }')).data).toEqual({
      incompleteInquiriesDelete: { success: false, notFound: ['bk000000004'] },
    });
    const aSearch = aState.searchConditions[0]!.id;
    expect((await q('mutation($id: ID) { deleteSearchCondition(id: $id) { status } }', { id: aSearch })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await q('mutation { deleteSearchCondition(deleteIndex: 0) { status } }')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await q('mutation($ids: [ID!]) { markAlertsRead(ids: $ids) { unreadCount } }', { ids: aState.alerts.items.map((i) => i.id) })).data).toEqual({
      markAlertsRead: { unreadCount: 0 },
    });
    expect((await q('mutation { markAlertsRead { unreadCount } }')).data).toEqual({ markAlertsRead: { unreadCount: 0 } });
    expect((await q('mutation { stopAllMailMagazine { stopped } }')).data).toEqual({ stopAllMailMagazine: { stopped: false } });
    // Adding A's favorites makes them B's, not a CONFLICT with A's.
    expect((await q('mutation { addFavorites(globalKeys: ["bk000000001"]) { addGlobalKeys } }')).data).toEqual({
      addFavorites: { addGlobalKeys: ['bk000000001'] },
    });
    await q('mutation { deleteFavorites(globalKeys: ["bk000000001"]) { saved } }');

    expect(await state(a)).toEqual(aState);
  });

  it('no argument, header or cookie can name another visitor', async () => {
    // There is no uid argument anywhere in the schema.
    const arg = await h.auth.query(h.app, `{ user(uid: "${a}") { stockCount { favorite } } }`, {}, b);
    expect(arg.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const sneaky = await h.auth.inject(h.app, '{ requiredUserData { stockCount { favorite } } }', {}, b, {
      'x-uid': a,
      'x-user-id': a,
      cookie: `_uid=${a}; uid=${a}`,
    });
    expect(sneaky.json()).toEqual({ data: { requiredUserData: { stockCount: { favorite: 0 } } } });
    const mutate = await h.auth.inject(h.app, 'mutation { deleteFavorites(globalKeys: ["bk000000001"]) { deleteGlobalKeys } }', {}, b, {
      cookie: `_uid=${a}`,
      'x-uid': a,
    });
    expect(mutate.json()).toEqual({ data: { deleteFavorites: { deleteGlobalKeys: [] } } });
    expect(await state(a)).toEqual(aState);
  });

  it('a token signed by anyone but the gateway is refused', async () => {
    const { createTestAuth } = await import('@sumika/server-kit/testing');
    const stranger = await createTestAuth();
    const res = await stranger.inject(h.app, '{ requiredUserData { stockCount { favorite } } }', {}, a);
    expect(res.statusCode).toBe(401);
  });
});
