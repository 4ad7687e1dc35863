import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { seededStores, closeSeeded } from '@sumika/infra/testing/seeded';
import { MemoryCache } from '@sumika/server-kit';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';
import { StationGraph } from '../domain/commute.js';
import type { DB } from '../repositories/db.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

interface StationOut {
  code: number;
  groupCode: number;
  name: string;
  kana: string;
  lineCode: number;
  latLng: { lat: number; lng: number };
  cityCode: number;
  bukkenCount: number;
}

const QUERY = `query ($pref: String!, $dest: Int!, $minutes: Int!) {
  nminStations(prefecturePath: $pref, destinationStationCode: $dest, minutes: $minutes) {
    code groupCode name kana lineCode latLng { lat lng } cityCode bukkenCount
  }
}`;

describe.each(testBackends())('nminStations on $name', (backend) => {
  let stores: Stores;
  let app: FastifyInstance;
  let auth: TestAuth;
  let tokyo: number;

  beforeAll(async () => {
    stores = await seededStores(backend, 1500);
    auth = await createTestAuth();
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    tokyo = stores.master.stationGroups.find((g) => g.name === '東京' && g.prefectureCode === 13)!.code;
  });
  afterAll(async () => {
    await app.close();
    await closeSeeded(stores);
  });

  /** Expected answer from the master data and plain per-group SQL counts; minutes from the (separately tested) graph. */
  async function expected(prefectureCode: number, dest: number, minutes: number): Promise<StationOut[]> {
    const m = stores.master;
    const graph = new StationGraph({ stations: m.stations, edges: m.edges });
    const reach = graph.reachableGroups({ stationGroupCode: dest, maxMinutes: minutes, maxTransfers: null });
    const groups = new Map(m.stationGroups.map((g) => [g.code, g]));
    const out: (StationOut & { minutes: number })[] = [];
    for (const [groupCode, best] of reach) {
      const rows = m.stations.filter((s) => s.groupCode === groupCode && s.prefectureCode === prefectureCode).sort((a, b) => a.code - b.code);
      const s = rows[0];
      if (!s) continue;
      const g = groups.get(groupCode)!;
      const { rows: count } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM listing WHERE NOT archived AND station_groups @> ARRAY[${groupCode}]::int[]`.execute(
        stores.search.db as unknown as Kysely<DB>,
      );
      out.push({
        code: s.code,
        groupCode,
        name: s.name,
        kana: g.kana,
        lineCode: s.lineCode,
        latLng: { lat: s.lat, lng: s.lng },
        cityCode: g.cityCode,
        bukkenCount: count[0]!.n,
        minutes: best,
      });
    }
    return out.sort((a, b) => a.minutes - b.minutes || a.code - b.code).map(({ minutes: _, ...s }) => s);
  }

  it('lists one station per reachable group in the prefecture, fastest first, with listing counts', async () => {
    const res = await auth.query<{ nminStations: StationOut[] }>(app, QUERY, { pref: 'tokyo', dest: tokyo, minutes: 30 });
    expect(res.errors).toBeUndefined();
    const want = await expected(13, tokyo, 30);
    expect(want.length).toBeGreaterThan(20);
    expect(want.some((s) => s.bukkenCount > 0)).toBe(true);
    const got = res.data!.nminStations;
    expect(got.map((s) => ({ ...s, latLng: { lat: s.latLng.lat.toFixed(6), lng: s.latLng.lng.toFixed(6) } }))).toEqual(
      want.map((s) => ({ ...s, latLng: { lat: s.latLng.lat.toFixed(6), lng: s.latLng.lng.toFixed(6) } })),
    );
    expect(got[0]!.groupCode).toBe(tokyo);
  });

  it('restricts to the requested prefecture (Kanagawa stations within 60 minutes of Tokyo)', async () => {
    const res = await auth.query<{ nminStations: StationOut[] }>(app, QUERY, { pref: 'kanagawa', dest: tokyo, minutes: 60 });
    expect(res.errors).toBeUndefined();
    const want = await expected(14, tokyo, 60);
    expect(want.length).toBeGreaterThan(5);
    expect(res.data!.nminStations.map((s) => [s.code, s.bukkenCount, s.cityCode])).toEqual(want.map((s) => [s.code, s.bukkenCount, s.cityCode]));
    expect(res.data!.nminStations.some((s) => s.groupCode === tokyo)).toBe(false);
  });

  it.each([
    ['an unknown prefecture', { pref: 'atlantis', minutes: 30 }, 'NOT_FOUND'],
    ['an unknown destination', { pref: 'tokyo', dest: 987654321, minutes: 30 }, 'NOT_FOUND'],
    ['zero minutes', { pref: 'tokyo', minutes: 0 }, 'BAD_REQUEST'],
    ['too many minutes', { pref: 'tokyo', minutes: 181 }, 'BAD_REQUEST'],
  ])('answers %s with its code', async (_, vars, code) => {
    const res = await auth.query(app, QUERY, { dest: tokyo, ...vars });
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe(code);
  });
});
