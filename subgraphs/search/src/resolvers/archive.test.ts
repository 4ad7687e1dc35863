import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;
type Entry = { code: number; name: string; count: number };

interface Row {
  prefecture_code: number;
  city_code: number;
  station_groups: number[];
  archived: boolean;
}

describe.each(testBackends())('archive on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let archived: Row[];

  beforeAll(async () => {
    stores = await seededStores(backend, 3000);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as Kysely<DB>, cache: new MemoryCache(), auth: auth.auth });
    const { rows } = await sql<Row>`SELECT prefecture_code, city_code, station_groups, archived FROM listing`.execute(stores.search.db);
    archived = rows.filter((r) => r.archived);
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('lists the cities of a prefecture that have archived listings', async () => {
    const res = await auth.query<{ archiveCities: Entry[] }>(app, '{ archiveCities(prefecturePath: "tokyo") { code name count } }');
    expect(res.errors).toBeUndefined();
    const counts = new Map<number, number>();
    for (const r of archived) if (r.prefecture_code === 13) counts.set(r.city_code, (counts.get(r.city_code) ?? 0) + 1);
    const expected = [...counts]
      .sort((a, b) => a[0] - b[0])
      .map(([code, count]) => ({ code, name: stores.master.cities.find((c) => c.code === code)?.name, count }));
    expect(res.data?.archiveCities).toEqual(expected);
    expect(expected.length).toBeGreaterThan(2);
  });

  it('lists the stations of a line in a prefecture with their archived counts', async () => {
    const m = stores.master;
    // The Tokyo line whose stations have the most archived Tokyo listings.
    const tokyoArchived = archived.filter((r) => r.prefecture_code === 13);
    const near = (g: number) => tokyoArchived.filter((r) => r.station_groups.includes(g)).length;
    const lineCode = m.lines
      .filter((l) => l.prefectureCodes.includes(13))
      .map((l) => [l.code, m.stations.filter((s) => s.lineCode === l.code && s.prefectureCode === 13).reduce((s, x) => s + near(x.groupCode), 0)] as const)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] as number;
    const res = await auth.query<{ archiveLineStations: Entry[] }>(
      app,
      'query ($l: Int!) { archiveLineStations(prefecturePath: "tokyo", lineCode: $l) { code name count } }',
      { l: lineCode },
    );
    expect(res.errors).toBeUndefined();
    const stations = m.stations.filter((s) => s.lineCode === lineCode && s.prefectureCode === 13).sort((a, b) => a.seq - b.seq);
    expect(res.data?.archiveLineStations).toEqual(stations.map((s) => ({ code: s.groupCode, name: s.name, count: near(s.groupCode) })));
    expect(res.data?.archiveLineStations.some((s) => s.count > 0)).toBe(true);
  });

  it('rejects unknown prefectures and lines', async () => {
    expect((await auth.query(app, '{ archiveCities(prefecturePath: "atlantis") { code } }')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await auth.query(app, '{ archiveLineStations(prefecturePath: "atlantis", lineCode: 1) { code } }')).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await auth.query(app, '{ archiveLineStations(prefecturePath: "tokyo", lineCode: -1) { code } }')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
