import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { build } from '../app.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;
type MasterCampus = Stores['master']['campuses'][number];

interface CampusOut {
  id: number;
  instituteId: number;
  instituteName: string;
  campusName: string;
  initial: string;
  prefectureCode: number;
  address: string;
  latLng: { lat: number; lng: number };
  nearStations: { code: number; name: string; distanceM: number; walkMin: number }[];
}

const CAMPUS_FIELDS = 'id instituteId instituteName campusName initial prefectureCode address latLng { lat lng } nearStations { code name distanceM walkMin }';

describe.each(testBackends())('campuses on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let rows: { station_groups: number[]; archived: boolean }[];
  const queries: string[] = [];

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.search.pool }),
      log: (e) => {
        if (e.level === 'query') queries.push(e.query.sql);
      },
    });
    app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
    ({ rows } = await sql<{ station_groups: number[]; archived: boolean }>`SELECT station_groups, archived FROM listing`.execute(stores.search.db));
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  /** The campus as the contract shapes it, from the master data. */
  const campusOut = (c: MasterCampus): CampusOut => ({
    id: c.id,
    instituteId: c.instituteId,
    instituteName: c.instituteName,
    campusName: c.campusName,
    initial: c.initial,
    prefectureCode: c.prefectureCode,
    address: c.address,
    latLng: { lat: c.lat, lng: c.lng },
    nearStations: c.nearStations.map((s) => ({
      code: s.groupCode,
      name: stores.master.stationGroups.find((g) => g.code === s.groupCode)?.name ?? '?',
      distanceM: s.distanceM,
      walkMin: s.walkMin,
    })),
  });

  /** Institutes in kana order (code point order), campuses by id, from the master data. */
  const expectedInstitutes = (filter: (c: MasterCampus) => boolean) => {
    const list = stores.master.campuses.filter(filter);
    const ids = [...new Set(list.map((c) => c.instituteId))];
    const first = (id: number) => list.find((c) => c.instituteId === id) as MasterCampus;
    ids.sort((a, b) => (first(a).instituteKana < first(b).instituteKana ? -1 : first(a).instituteKana > first(b).instituteKana ? 1 : a - b));
    return ids.map((id) => ({
      id,
      name: first(id).instituteName,
      kana: first(id).instituteKana,
      campuses: list
        .filter((c) => c.instituteId === id)
        .sort((a, b) => a.id - b.id)
        .map(campusOut),
    }));
  };

  it('groups campuses by institute in kana order', async () => {
    const res = await auth.query<{ institutes: unknown[] }>(app, `{ institutes { id name kana campuses { ${CAMPUS_FIELDS} } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.institutes).toEqual(expectedInstitutes(() => true));
    expect(res.data?.institutes.length).toBeGreaterThan(10);
  });

  it('filters by prefecture and gojūon row', async () => {
    const res = await auth.query<{ tokyo: unknown[]; tokyoWa: { campuses: { initial: string; prefectureCode: number }[] }[] }>(
      app,
      `{ tokyo: institutes(prefecturePath: "tokyo") { id name kana campuses { ${CAMPUS_FIELDS} } }
         tokyoWa: institutes(prefecturePath: "tokyo", initial: "wa") { id name kana campuses { ${CAMPUS_FIELDS} } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.tokyo).toEqual(expectedInstitutes((c) => c.prefectureCode === 13));
    expect(res.data?.tokyoWa).toEqual(expectedInstitutes((c) => c.prefectureCode === 13 && c.initial === 'wa'));
    expect(res.data?.tokyoWa.length).toBeGreaterThan(0);
    expect(res.data?.tokyoWa.flatMap((i) => i.campuses).every((c) => c.initial === 'wa' && c.prefectureCode === 13)).toBe(true);
  });

  it('answers one campus, or null', async () => {
    const c = stores.master.campuses.find((x) => x.nearStations.length >= 2) as MasterCampus;
    const res = await auth.query<{ campus: CampusOut; none: null }>(
      app,
      `query ($id: Int!) { campus(id: $id) { ${CAMPUS_FIELDS} } none: campus(id: -5) { id } }`,
      { id: c.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.campus).toEqual(campusOut(c));
    expect(res.data?.none).toBeNull();
  });

  it('counts active listings near each station of a campus', async () => {
    // The campus whose near stations have the most listings, so counts are not all zero.
    const near = (g: number) => rows.filter((r) => !r.archived && r.station_groups.includes(g)).length;
    const c = [...stores.master.campuses].sort(
      (a, b) => b.nearStations.reduce((s, x) => s + near(x.groupCode), 0) - a.nearStations.reduce((s, x) => s + near(x.groupCode), 0),
    )[0] as MasterCampus;
    queries.length = 0;
    const res = await auth.query<{ nearStationsForCampusBukkenCounts: { code: number; count: number }[] }>(
      app,
      'query ($id: Int!) { nearStationsForCampusBukkenCounts(instituteCampusId: $id) { code count } }',
      { id: c.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.nearStationsForCampusBukkenCounts).toEqual(c.nearStations.map((s) => ({ code: s.groupCode, count: near(s.groupCode) })));
    expect(res.data?.nearStationsForCampusBukkenCounts.some((s) => s.count > 0)).toBe(true);
    expect(queries.filter((q) => /\bfrom\s+"?listing"?/i.test(q))).toHaveLength(1);
  });

  it('rejects unknown campuses, prefectures and initials', async () => {
    const missing = await auth.query(app, '{ nearStationsForCampusBukkenCounts(instituteCampusId: -1) { code } }');
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const badInitial = await auth.query(app, '{ institutes(initial: "xx") { id } }');
    expect(badInitial.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const badPath = await auth.query(app, '{ institutes(prefecturePath: "atlantis") { id } }');
    expect(badPath.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
