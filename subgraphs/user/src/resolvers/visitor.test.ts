import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { openHarness, type Harness } from '../testing/harness.js';

describe.each(testBackends())('visitor identity on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const countVisitors = async (uid: string) =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM visitor WHERE uid = ${uid}`.execute(h.db)).rows[0]?.n);

  it('registerVisitor with fresh creates the record once; again it returns the same record', async () => {
    const uid = `v_${randomUUID()}`;
    const first = await h.auth.query<{ registerVisitor: { uid: string; admin: boolean; createdAt: string } }>(
      h.app,
      'mutation { registerVisitor { uid admin createdAt } }',
      {},
      { uid, fresh: true },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data?.registerVisitor).toMatchObject({ uid, admin: false });
    const again = await h.auth.query<{ registerVisitor: { uid: string; createdAt: string } }>(
      h.app,
      'mutation { registerVisitor { uid createdAt } }',
      {},
      { uid, fresh: true },
    );
    const plain = await h.auth.query<{ registerVisitor: { uid: string; createdAt: string } }>(h.app, 'mutation { registerVisitor { uid createdAt } }', {}, uid);
    expect(again.data?.registerVisitor.createdAt).toBe(first.data?.registerVisitor.createdAt);
    expect(plain.data?.registerVisitor.createdAt).toBe(first.data?.registerVisitor.createdAt);
    expect(await countVisitors(uid)).toBe(1);
  });

  it('an unknown uid without fresh is USER_ID_ERROR and creates nothing', async () => {
    const uid = `v_${randomUUID()}`;
    for (const op of [
      'mutation { registerVisitor { uid } }',
      '{ requiredUserData { lastUpdatedAt } }',
      '{ user { stockCount { favorite } } }',
      '{ abTests { name } }',
      'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }',
      'mutation { recordHistory(globalKey: "bk000000001") { kind } }',
      'mutation { createSearchCondition(prefecturePath: "tokyo") { rest } }',
      'mutation { setRequiredData(requestInfo: { path: "/" }) { lastUpdatedAt } }',
      'mutation { setRequiredData(user: { recommendType: null }) { lastUpdatedAt } }',
    ]) {
      const res = await h.auth.query(h.app, op, {}, uid);
      expect({ op, code: res.errors?.[0]?.extensions?.code }).toEqual({ op, code: 'USER_ID_ERROR' });
    }
    expect(await countVisitors(uid)).toBe(0);
  });

  it('no uid at all is USER_ID_ERROR, even with fresh', async () => {
    for (const claims of [{}, { fresh: true }]) {
      const res = await h.auth.query(h.app, '{ requiredUserData { admin } }', {}, claims);
      expect(res.errors?.[0]?.extensions?.code).toBe('USER_ID_ERROR');
      const write = await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, claims);
      expect(write.errors?.[0]?.extensions?.code).toBe('USER_ID_ERROR');
    }
  });

  it('any operation carrying fresh creates the visitor first (the gateway minted the uid on this request)', async () => {
    const read = `v_${randomUUID()}`;
    const res = await h.auth.query<{ requiredUserData: { stockCount: { favorite: number } } }>(
      h.app,
      '{ requiredUserData { stockCount { favorite } } }',
      {},
      { uid: read, fresh: true },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.requiredUserData.stockCount.favorite).toBe(0);
    expect(await countVisitors(read)).toBe(1);

    const write = `v_${randomUUID()}`;
    const added = await h.auth.query<{ addFavorites: { addGlobalKeys: string[] } }>(
      h.app,
      'mutation { addFavorites(globalKeys: ["bk000000007"]) { addGlobalKeys } }',
      {},
      { uid: write, fresh: true },
    );
    expect(added.data?.addFavorites.addGlobalKeys).toEqual(['bk000000007']);
    expect(await countVisitors(write)).toBe(1);
  });

  it('requests without the gateway token are refused before any resolver runs', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ requiredUserData { admin } }' } });
    expect(res.statusCode).toBe(401);
  });

  it('requiredUserData carries SPEC §3 user fields for a new visitor', async () => {
    const uid = await h.visitor();
    const res = await h.auth.query<{ requiredUserData: Record<string, unknown> }>(
      h.app,
      `{ requiredUserData {
      lastUpdatedAt existApplyData admin trafficSource recommendType lastSearchCondition { searchPath }
      bukken { favorites { globalKey } histories { globalKey } incompleteInquiries { globalKey } }
      stockCount { favorite detail search } searchConditions { id } alerts { unreadCount items { id } }
      newsLetter { favoriteHistory list stopped } } }`,
      {},
      uid,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.requiredUserData).toMatchObject({
      existApplyData: false,
      admin: false,
      trafficSource: 'organic',
      recommendType: null,
      lastSearchCondition: null,
      bukken: { favorites: [], histories: [], incompleteInquiries: [] },
      stockCount: { favorite: 0, detail: 0, search: 0 },
      searchConditions: [],
      alerts: { unreadCount: 0, items: [] },
      newsLetter: { favoriteHistory: false, list: false, stopped: false },
    });
    expect(Date.parse(String(res.data?.requiredUserData.lastUpdatedAt))).not.toBeNaN();
  });

  it("a known visitor's page visit records the request and answers the badge counts and favorites in one statement", async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001", "bk000000002"]) { saved } }', {}, uid);
    await h.auth.query(h.app, 'mutation { recordHistory(globalKey: "bk000000003") { kind } }', {}, uid);
    h.log.clear();
    const res = await h.auth.query<{ setRequiredData: Record<string, unknown> }>(
      h.app,
      `mutation { setRequiredData(requestInfo: { path: "/bukken/detail/bk000000003" }) {
        existApplyData stockCount { favorite detail search incomplete alert }
        bukken(favorites: true, histories: false, incompleteInquiries: false) { favorites { globalKey addedAt } } } }`,
      {},
      uid,
    );
    expect(res.errors).toBeUndefined();
    const statements = [...h.log.statements];
    // The favorites as their own read gives them (newest first, the same instants).
    const read = await h.auth.query<{ requiredUserData: { bukken: { favorites: unknown[] } } }>(
      h.app,
      '{ requiredUserData { bukken(favorites: true, histories: false, incompleteInquiries: false) { favorites { globalKey addedAt } } } }',
      {},
      uid,
    );
    const favorites = read.data!.requiredUserData.bukken.favorites;
    expect(favorites.map((f) => (f as { globalKey: string }).globalKey)).toEqual(['bk000000002', 'bk000000001']);
    expect(res.data?.setRequiredData).toEqual({
      existApplyData: false,
      stockCount: { favorite: 2, detail: 1, search: 0, incomplete: 0, alert: 0 },
      bukken: { favorites },
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^update "visitor".*returning \*, \(select count\(\*\)/is);
    const stored = await sql<{ info: { path?: string } }>`SELECT request_info AS info FROM visitor WHERE uid = ${uid}`.execute(h.db);
    expect(stored.rows[0]?.info.path).toBe('/bukken/detail/bk000000003');
    // A count asked after a change in the same request is read again, not the visit's.
    h.log.clear();
    const later = await h.auth.query<{ setRequiredData: { stockCount: { favorite: number } } }>(
      h.app,
      'mutation { setRequiredData(requestInfo: { path: "/" }) { stockCount { favorite } } }',
      {},
      uid,
    );
    expect(later.data?.setRequiredData.stockCount.favorite).toBe(2);
  });

  it("a first visit's locked path answers the counts, favorites and A/B variants from the visit's statement too", async () => {
    const uid = `v_${randomUUID()}`;
    h.log.clear();
    const res = await h.auth.query<{ setRequiredData: Record<string, unknown> }>(
      h.app,
      `mutation { setRequiredData(requestInfo: { path: "/" }) {
        stockCount { favorite detail } bukken(favorites: true, histories: false, incompleteInquiries: false) { favorites { globalKey } }
        abTests { name } } }`,
      {},
      { uid, fresh: true },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.setRequiredData).toMatchObject({ stockCount: { favorite: 0, detail: 0 }, bukken: { favorites: [] } });
    // Created, locked, recorded, read again, the new variants saved: no read of its own for the counts, favorites or variants.
    const reads = h.log.statements.filter((q) => /^select/i.test(q.trim()));
    expect(reads.filter((q) => /^select \(select count|^select "global_key"|^select "name", "value", "forced" from "ab_assignment"/i.test(q))).toEqual([]);
  });
});
