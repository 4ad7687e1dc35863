import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { HISTORY_LIMIT } from '../constants.js';
import { keys, openHarness, type Harness } from '../testing/harness.js';

const RECORD = 'mutation($k: ID!, $kind: HistoryKind) { recordHistory(globalKey: $k, kind: $kind) { globalKey kind viewedAt bukken { globalKey } } }';
const LIST = '{ user { bukken(favorites: false, incompleteInquiries: false) { histories { globalKey kind } favorites { globalKey } } stockCount { detail } } }';

type ListResult = { user: { bukken: { histories: { globalKey: string; kind: string }[]; favorites: unknown[] }; stockCount: { detail: number } } };

describe.each(testBackends())('detail history on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const record = (uid: string, k: string, kind?: string) =>
    h.auth.query<{ recordHistory: { globalKey: string; kind: string } }>(h.app, RECORD, { k, ...(kind ? { kind } : {}) }, uid);
  const list = async (uid: string) => (await h.auth.query<ListResult>(h.app, LIST, {}, uid)).data!.user;

  it('records a view (kind viewed by default), newest first, a re-view moving to the top', async () => {
    const uid = await h.visitor();
    const first = await record(uid, 'bk000000001');
    expect(first.errors).toBeUndefined();
    expect(first.data?.recordHistory).toMatchObject({ globalKey: 'bk000000001', kind: 'viewed', bukken: { globalKey: 'bk000000001' } });
    await record(uid, 'bk000000002');
    await record(uid, 'bk000000003');
    await record(uid, 'bk000000001');
    const user = await list(uid);
    expect(user.bukken.histories.map((x) => x.globalKey)).toEqual(['bk000000001', 'bk000000003', 'bk000000002']);
    expect(user.bukken.favorites).toEqual([]); // flag false
    expect(user.stockCount.detail).toBe(3);
  });

  it(`keeps the newest ${HISTORY_LIMIT}, dropping the oldest`, async () => {
    const uid = await h.visitor();
    const all = keys(HISTORY_LIMIT + 5, 1);
    for (const k of all) await record(uid, k);
    await record(uid, all[0]!); // dropped, then viewed again: back on top
    const user = await list(uid);
    expect(user.bukken.histories).toHaveLength(HISTORY_LIMIT);
    expect(user.stockCount.detail).toBe(HISTORY_LIMIT);
    expect(user.bukken.histories[0]?.globalKey).toBe(all[0]);
    expect(user.bukken.histories[1]?.globalKey).toBe(all[all.length - 1]);
    expect(user.bukken.histories.at(-1)?.globalKey).toBe(all[6]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM history WHERE uid = ${uid}`.execute(h.db);
    expect(rows[0]?.n).toBe(HISTORY_LIMIT);
  });

  it('a stronger kind is kept when viewed again; the kinds of SPEC §3 are accepted', async () => {
    const uid = await h.visitor();
    await record(uid, 'bk000000001', 'applied');
    expect((await record(uid, 'bk000000001')).data?.recordHistory.kind).toBe('applied');
    await record(uid, 'bk000000002', 'viewed_incompleted');
    expect((await record(uid, 'bk000000002', 'viewed')).data?.recordHistory.kind).toBe('viewed_incompleted');
    expect((await record(uid, 'bk000000002', 'applied')).data?.recordHistory.kind).toBe('applied');
    expect((await record(uid, 'bk000000003', 'bogus')).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect((await record(uid, 'nope')).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('deleteHistories removes entries, naming those it removed', async () => {
    const uid = await h.visitor();
    await record(uid, 'bk000000001');
    await record(uid, 'bk000000002');
    const res = await h.auth.query<{ deleteHistories: { deleteGlobalKeys: string[] } }>(
      h.app,
      'mutation($k: [ID!]!) { deleteHistories(globalKeys: $k) { deleteGlobalKeys } }',
      { k: ['bk000000002', 'bk000000005'] },
      uid,
    );
    expect(res.data?.deleteHistories.deleteGlobalKeys).toEqual(['bk000000002']);
    expect((await list(uid)).bukken.histories.map((x) => x.globalKey)).toEqual(['bk000000001']);
  });
});
