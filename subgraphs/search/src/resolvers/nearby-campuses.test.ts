import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface Near {
  campus: { id: number; instituteName: string; campusName: string; latLng: { lat: number; lng: number } };
  distanceM: number;
  walkMin: number;
}
const NEAR_FIELDS = 'campus { id instituteName campusName latLng { lat lng } } distanceM walkMin';
const ENTITIES = `query ($r: [_Any!]!, $limit: Int) { _entities(representations: $r) { ... on Building { key nearbyCampuses(limit: $limit) { ${NEAR_FIELDS} } } } }`;
const DEFAULT = `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Building { key nearbyCampuses { ${NEAR_FIELDS} } } } }`;

/** Haversine on a 6,371 km sphere, written out here so the test does not reuse the resolver's code. */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * 6371 * 1000 * Math.asin(Math.sqrt(h));
}

describe.each(testBackends())('Building.nearbyCampuses (entity from the bukken subgraph, @requires latLng) on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;

  beforeAll(async () => {
    stores = await seededStores(backend, 200);
    auth = await createTestAuth();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: stores.search.pool }) });
    app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** The master's campuses within 2 km of `at`, nearest first, as the contract shapes them. */
  const expected = (at: { lat: number; lng: number }) =>
    stores.master.campuses
      .map((c) => ({ c, d: Math.round(metres(at, { lat: c.lat, lng: c.lng })) }))
      .filter(({ d }) => d <= 2000)
      .sort((a, b) => a.d - b.d || a.c.id - b.c.id)
      .map(({ c, d }) => ({
        campus: { id: c.id, instituteName: c.instituteName, campusName: c.campusName, latLng: { lat: c.lat, lng: c.lng } },
        distanceM: d,
        walkMin: Math.max(1, Math.ceil(d / 80)),
      }));

  /** A point among the most campuses: 300 m north of the campus with the most others within 2 km. */
  const busiest = () => {
    const all = stores.master.campuses;
    const c = [...all].sort((a, b) => all.filter((o) => metres(b, o) <= 2000).length - all.filter((o) => metres(a, o) <= 2000).length || a.id - b.id)[0]!;
    return { lat: c.lat + 0.0027, lng: c.lng };
  };

  it('lists the campuses within 2 km of the building, nearest first, with the distance and the walk at 80 m a minute', async () => {
    const at = busiest();
    const all = expected(at);
    expect(all.length).toBeGreaterThan(5);
    const res = await auth.query<{ _entities: { key: string; nearbyCampuses: Near[] }[] }>(app, ENTITIES, {
      r: [{ __typename: 'Building', key: 'bld00000001', latLng: at }],
      limit: 10,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual([{ key: 'bld00000001', nearbyCampuses: all.slice(0, 10) }]);
    const walks = res.data!._entities[0]!.nearbyCampuses.map((n) => n.distanceM);
    expect(walks).toEqual([...walks].sort((a, b) => a - b));
  });

  it('answers five by default, and nothing for a building far from any campus', async () => {
    const at = busiest();
    const sea = { lat: 30.5, lng: 136.5 };
    const res = await auth.query<{ _entities: { key: string; nearbyCampuses: Near[] }[] }>(app, DEFAULT, {
      r: [
        { __typename: 'Building', key: 'bld00000001', latLng: at },
        { __typename: 'Building', key: 'bld00000002', latLng: sea },
      ],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?._entities).toEqual([
      { key: 'bld00000001', nearbyCampuses: expected(at).slice(0, 5) },
      { key: 'bld00000002', nearbyCampuses: [] },
    ]);
  });

  it('rejects a limit outside 1–10', async () => {
    for (const limit of [0, 11]) {
      const res = await auth.query(app, ENTITIES, { r: [{ __typename: 'Building', key: 'bld00000001', latLng: busiest() }], limit });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });
});
