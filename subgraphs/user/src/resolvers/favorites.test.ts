import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { FAVORITE_LIMIT } from '@sumika/spec';
import { keys, openHarness, type Harness } from '../testing/harness.js';

const ADD = `mutation($k: [ID!]!, $dup: Boolean, $force: Boolean, $restrict: Boolean) {
  addFavorites(globalKeys: $k, allowDuplicates: $dup, forceCreate: $force, restrictDialog: $restrict) { addGlobalKeys deleteGlobalKeys saved } }`;
const DELETE = 'mutation($k: [ID!]!) { deleteFavorites(globalKeys: $k) { deleteGlobalKeys saved } }';
const LIST =
  '{ user { bukken(histories: false, incompleteInquiries: false) { favorites { globalKey addedAt bukken { globalKey } } } stockCount { favorite detail search } } }';

type AddResult = { addFavorites: { addGlobalKeys: string[]; deleteGlobalKeys: string[]; saved: boolean } };
type ListResult = {
  user: { bukken: { favorites: { globalKey: string; addedAt: string; bukken: { globalKey: string } }[] }; stockCount: { favorite: number } };
};

describe.each(testBackends())('favorites on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const add = (uid: string, k: string[], opts: { dup?: boolean; force?: boolean; restrict?: boolean } = {}) =>
    h.auth.query<AddResult>(h.app, ADD, { k, ...opts }, uid);
  const list = async (uid: string) => {
    const res = await h.auth.query<ListResult>(h.app, LIST, {}, uid);
    expect(res.errors).toBeUndefined();
    return res.data!.user;
  };
  const stored = async (uid: string) =>
    (await sql<{ global_key: string }>`SELECT global_key FROM favorite WHERE uid = ${uid} ORDER BY added_at, id`.execute(h.db)).rows.map((r) => r.global_key);

  it('adds, lists newest first with addedAt and the Bukken reference, and counts', async () => {
    const uid = await h.visitor();
    const a = await add(uid, ['bk000000010', 'bk000000011']);
    expect(a.errors).toBeUndefined();
    expect(a.data?.addFavorites).toEqual({ addGlobalKeys: ['bk000000010', 'bk000000011'], deleteGlobalKeys: [], saved: true });
    await add(uid, ['bk000000012']);
    const user = await list(uid);
    expect(user.bukken.favorites.map((f) => f.globalKey)).toEqual(['bk000000012', 'bk000000011', 'bk000000010']);
    expect(user.bukken.favorites[0]?.bukken).toEqual({ globalKey: 'bk000000012' });
    expect(Date.parse(user.bukken.favorites[0]!.addedAt)).not.toBeNaN();
    expect(user.stockCount.favorite).toBe(3);
  });

  it('repeated keys in one call count once', async () => {
    const uid = await h.visitor();
    const a = await add(uid, ['bk000000001', 'bk000000001', 'bk000000002']);
    expect(a.data?.addFavorites.addGlobalKeys).toEqual(['bk000000001', 'bk000000002']);
    expect(await stored(uid)).toEqual(['bk000000001', 'bk000000002']);
  });

  it('empty globalKeys is BAD_REQUEST with the SPEC §5 message', async () => {
    const uid = await h.visitor();
    const res = await add(uid, []);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(res.errors?.[0]?.message).toBe('お気に入りに追加する物件を1件以上選択してください。');
  });

  it('malformed keys are BAD_REQUEST and nothing is stored', async () => {
    const uid = await h.visitor();
    for (const bad of [['bk12'], ['BK000000001'], ['bk000000001', 'st000001'], ["bk000000001'; DROP TABLE favorite; --"]]) {
      const res = await add(uid, bad);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
    expect(await stored(uid)).toEqual([]);
  });

  it('CONFLICT when a key already is a favorite, naming it; nothing of the call is stored', async () => {
    const uid = await h.visitor();
    await add(uid, ['bk000000001']);
    const res = await add(uid, ['bk000000002', 'bk000000001']);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', globalKeys: ['bk000000001'] });
    expect(await stored(uid)).toEqual(['bk000000001']);
  });

  it('allowDuplicates skips kept keys and adds the rest', async () => {
    const uid = await h.visitor();
    await add(uid, ['bk000000001']);
    const res = await add(uid, ['bk000000002', 'bk000000001'], { dup: true });
    expect(res.errors).toBeUndefined();
    expect(res.data?.addFavorites).toEqual({ addGlobalKeys: ['bk000000002'], deleteGlobalKeys: [], saved: true });
    expect(await stored(uid)).toEqual(['bk000000001', 'bk000000002']);
  });

  it('OVER_LIMIT past 50, leaving the 50 untouched', async () => {
    const uid = await h.visitor();
    expect((await add(uid, keys(FAVORITE_LIMIT, 100))).errors).toBeUndefined();
    const res = await add(uid, ['bk000000001']);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'OVER_LIMIT', limit: 50, count: 50 });
    expect(res.errors?.[0]?.message).toContain('50件');
    expect(await stored(uid)).toEqual(keys(50, 100));
    const partly = await add(await h.visitor(), keys(51, 1));
    expect(partly.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST'); // more than one call may name
  });

  it('forceCreate deletes exactly the oldest to make room, in the same transaction', async () => {
    const uid = await h.visitor();
    await add(uid, keys(30, 100));
    await add(uid, keys(20, 200));
    const one = await add(uid, ['bk000000001'], { force: true });
    expect(one.data?.addFavorites).toEqual({ addGlobalKeys: ['bk000000001'], deleteGlobalKeys: ['bk000000100'], saved: true });
    const three = await add(uid, ['bk000000002', 'bk000000003', 'bk000000004'], { force: true });
    expect(three.data?.addFavorites.deleteGlobalKeys).toEqual(['bk000000101', 'bk000000102', 'bk000000103']);
    const after = await stored(uid);
    expect(after).toHaveLength(50);
    expect(after.slice(0, 2)).toEqual(['bk000000104', 'bk000000105']);
    expect(after.slice(-4)).toEqual(['bk000000001', 'bk000000002', 'bk000000003', 'bk000000004']);
    // Under the limit forceCreate deletes nothing.
    const other = await h.visitor();
    expect((await add(other, ['bk000000009'], { force: true })).data?.addFavorites.deleteGlobalKeys).toEqual([]);
  });

  it('forceCreate with allowDuplicates never deletes a key the call asks for', async () => {
    const uid = await h.visitor();
    await add(uid, keys(50, 100));
    const res = await add(uid, ['bk000000100', 'bk000000001'], { force: true, dup: true });
    expect(res.data?.addFavorites).toEqual({ addGlobalKeys: ['bk000000001'], deleteGlobalKeys: ['bk000000101'], saved: true });
    expect(await stored(uid)).toContain('bk000000100');
  });

  it('20 concurrent adds for one visitor never pass 50', async () => {
    const uid = await h.visitor();
    await add(uid, keys(45, 500));
    const results = await Promise.all(keys(20, 900).map((k) => add(uid, [k])));
    const ok = results.filter((r) => !r.errors);
    const over = results.filter((r) => r.errors?.[0]?.extensions?.code === 'OVER_LIMIT');
    expect(ok).toHaveLength(5);
    expect(over).toHaveLength(15);
    expect(await stored(uid)).toHaveLength(50);
  });

  it('20 concurrent multi-key adds never pass 50 either', async () => {
    const uid = await h.visitor();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => add(uid, keys(3, 1000 + i * 3))));
    expect(results.filter((r) => !r.errors)).toHaveLength(16);
    expect(await stored(uid)).toHaveLength(48);
  });

  it('20 concurrent forceCreate adds keep exactly 50, each removing the then-oldest', async () => {
    const uid = await h.visitor();
    await add(uid, keys(50, 100));
    const results = await Promise.all(keys(20, 700).map((k) => add(uid, [k], { force: true })));
    expect(results.every((r) => !r.errors)).toBe(true);
    const deleted = results.flatMap((r) => r.data!.addFavorites.deleteGlobalKeys).sort();
    expect(deleted).toEqual(keys(20, 100));
    const after = await stored(uid);
    expect(after).toHaveLength(50);
    expect(after.slice(0, 30)).toEqual(keys(30, 120));
  });

  it('deletes, naming only the keys that were favorites; the count follows', async () => {
    const uid = await h.visitor();
    await add(uid, ['bk000000001', 'bk000000002', 'bk000000003']);
    const res = await h.auth.query<{ deleteFavorites: { deleteGlobalKeys: string[]; saved: boolean } }>(
      h.app,
      DELETE,
      { k: ['bk000000002', 'bk000000009'] },
      uid,
    );
    expect(res.data?.deleteFavorites).toEqual({ deleteGlobalKeys: ['bk000000002'], saved: true });
    expect((await list(uid)).stockCount.favorite).toBe(2);
    expect((await h.auth.query(h.app, DELETE, { k: [] }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    // A deleted favorite can be added again without CONFLICT.
    expect((await add(uid, ['bk000000002'])).errors).toBeUndefined();
  });

  it('restrictDialog sets the 90-day favorite_dialog_restriction cookie; otherwise none', async () => {
    const uid = await h.visitor();
    const plain = await h.auth.inject(h.app, ADD, { k: ['bk000000001'] }, uid);
    expect(plain.headers['set-cookie']).toBeUndefined();
    const asked = await h.auth.inject(h.app, ADD, { k: ['bk000000002'], restrict: true }, uid);
    expect(asked.headers['set-cookie']).toBe('favorite_dialog_restriction=1; Max-Age=7776000; Path=/; SameSite=Lax');
  });

  it('moves lastUpdatedAt on a change, not on a refused one', async () => {
    const uid = await h.visitor();
    const at = async () => (await h.auth.query<{ user: { lastUpdatedAt: string } }>(h.app, '{ user { lastUpdatedAt } }', {}, uid)).data!.user.lastUpdatedAt;
    const before = await at();
    await new Promise((r) => setTimeout(r, 5));
    await add(uid, ['bk000000001']);
    const afterAdd = await at();
    expect(Date.parse(afterAdd)).toBeGreaterThan(Date.parse(before));
    await add(uid, ['bk000000001']); // CONFLICT
    expect(await at()).toBe(afterAdd);
  });
});
