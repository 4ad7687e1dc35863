import { testBackends } from '@sumika/storage-kit/testing';
import { keys, openHarness, type Harness } from '../testing/harness.js';

const ENTITIES = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Bukken { globalKey favorited viewed addedAt viewedAt } } }';

type Entity = { globalKey: string; favorited: boolean; viewed: boolean; addedAt: string | null; viewedAt: string | null };

describe.each(testBackends())('Bukken entity on $name', (backend) => {
  let h: Harness;
  let uid: string;

  beforeAll(async () => {
    h = await openHarness(backend);
    uid = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001", "bk000000003"]) { saved } }', {}, uid);
    await h.auth.query(h.app, 'mutation { recordHistory(globalKey: "bk000000003") { kind } }', {}, uid);
    await h.auth.query(h.app, 'mutation { recordHistory(globalKey: "bk000000004") { kind } }', {}, uid);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => h.log.clear());

  const refs = (list: string[]) => list.map((globalKey) => ({ __typename: 'Bukken', globalKey }));

  it('_entities resolves favorited, viewed, addedAt and viewedAt for the visitor, in order', async () => {
    const res = await h.auth.query<{ _entities: Entity[] }>(
      h.app,
      ENTITIES,
      { r: refs(['bk000000004', 'bk000000001', 'bk000000002', 'bk000000003', 'junk']) },
      uid,
    );
    expect(res.errors).toBeUndefined();
    const [e4, e1, e2, e3, junk] = res.data!._entities;
    expect(e4).toMatchObject({ globalKey: 'bk000000004', favorited: false, viewed: true, addedAt: null });
    expect(e1).toMatchObject({ globalKey: 'bk000000001', favorited: true, viewed: false, viewedAt: null });
    expect(e2).toEqual({ globalKey: 'bk000000002', favorited: false, viewed: false, addedAt: null, viewedAt: null });
    expect(e3).toMatchObject({ globalKey: 'bk000000003', favorited: true, viewed: true });
    expect(Date.parse(e1!.addedAt!)).not.toBeNaN();
    expect(Date.parse(e3!.viewedAt!)).not.toBeNaN();
    expect(junk).toEqual({ globalKey: 'junk', favorited: false, viewed: false, addedAt: null, viewedAt: null });
  });

  it('N references cost one SQL statement', async () => {
    const list = keys(60, 1);
    h.log.clear();
    const res = await h.auth.query<{ _entities: Entity[] }>(h.app, ENTITIES, { r: refs(list) }, uid);
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities.filter((e) => e.favorited).map((e) => e.globalKey)).toEqual(['bk000000001', 'bk000000003']);
    expect(h.log.statements).toHaveLength(1);
    expect(h.log.statements[0]).toMatch(/from "favorite".*union all.*from "history"/is);
  });

  it('without a visitor the flags are false and nothing is read', async () => {
    const res = await h.auth.query<{ _entities: Entity[] }>(h.app, ENTITIES, { r: refs(['bk000000001']) });
    expect(res.data!._entities).toEqual([{ globalKey: 'bk000000001', favorited: false, viewed: false, addedAt: null, viewedAt: null }]);
    expect(h.log.statements).toHaveLength(0);
  });

  it("another visitor sees their own flags, not this one's", async () => {
    const other = await h.visitor();
    const res = await h.auth.query<{ _entities: Entity[] }>(h.app, ENTITIES, { r: refs(['bk000000001', 'bk000000004']) }, other);
    expect(res.data!._entities.map((e) => [e.favorited, e.viewed])).toEqual([
      [false, false],
      [false, false],
    ]);
  });

  it('bukkenSortParams combines the listing fields the router supplies (@requires) with addedAt', async () => {
    const res = await h.auth.query<{ _entities: unknown[] }>(
      h.app,
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Bukken { bukkenSortParams { addedAt area arrivedAt builtDate chinryou } } } }',
      {
        r: [
          { __typename: 'Bukken', globalKey: 'bk000000001', area: 25.5, arrivedAt: '2026-10-30T01:00:00.000Z', builtDate: '2015-03', chinryou: 82000 },
          { __typename: 'Bukken', globalKey: 'bk000000002', area: 40, arrivedAt: '2026-10-29T01:00:00.000Z', builtDate: '2001-11', chinryou: 120000 },
        ],
      },
      uid,
    );
    expect(res.errors).toBeUndefined();
    const [a, b] = res.data!._entities as { bukkenSortParams: { addedAt: string | null } }[];
    expect(a).toEqual({
      bukkenSortParams: { addedAt: expect.any(String), area: 25.5, arrivedAt: '2026-10-30T01:00:00.000Z', builtDate: '2015-03', chinryou: 82000 },
    });
    expect(b).toEqual({ bukkenSortParams: { addedAt: null, area: 40, arrivedAt: '2026-10-29T01:00:00.000Z', builtDate: '2001-11', chinryou: 120000 } });
    expect(h.log.statements).toHaveLength(1);
  });

  it("the favorites list's Bukken references carry the same flags, batched", async () => {
    const res = await h.auth.query<{ user: { bukken: { favorites: { bukken: { globalKey: string; favorited: boolean; viewed: boolean } }[] } } }>(
      h.app,
      '{ user { bukken { favorites { bukken { globalKey favorited viewed } } } } }',
      {},
      uid,
    );
    expect(res.data?.user.bukken.favorites.map((f) => f.bukken)).toEqual([
      { globalKey: 'bk000000003', favorited: true, viewed: true },
      { globalKey: 'bk000000001', favorited: true, viewed: false },
    ]);
    // The visitor, the favorites, and one batch of flags for every reference.
    expect(h.log.statements).toHaveLength(3);
    expect(h.log.reading('history')).toHaveLength(1);
  });
});
