import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { build } from '../app.js';

// searchBukkens' commutes: each listing's time to each destination, checked against an independent
// search over the station graph and against the filter (every listing it admits has its times).

const SEARCH = `query ($d: [DestinationStationInput!], $perPage: Int, $page: Int) {
  searchBukkens(destinationStations: $d, perPage: $perPage, page: $page) {
    result { bukkenList { globalKey } bukkenTotal { count } }
    commutes { globalKey destinations { stationCode stationName minutes transfers fromStationName } }
  }
}`;

interface Out {
  searchBukkens: {
    result: { bukkenList: { globalKey: string }[]; bukkenTotal: { count: number } };
    commutes: {
      globalKey: string;
      destinations: { stationCode: number; stationName: string; minutes: number; transfers: number; fromStationName: string }[];
    }[];
  };
}

describe.each(testBackends())('searchBukkens commutes on $name', (backend) => {
  let stores: Awaited<ReturnType<typeof seededStores>>;
  let app: FastifyInstance;
  let auth: TestAuth;
  let db: Kysely<unknown>;
  /** Best tenths of a minute and the fewest line changes at that time, per (station group) towards a destination group. */
  let reach: (group: number, minutes: number, maxTransfers: number | null) => Map<number, { tenths: number; transfers: number[] }>;
  let groupsOf: Map<string, number[]>;
  let names: Map<number, string>;

  const gql = async (variables: Record<string, unknown>) => {
    const res = await auth.query<Out>(app, SEARCH, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.searchBukkens;
  };

  beforeAll(async () => {
    stores = await seededStores(backend, 2000);
    auth = await createTestAuth();
    db = stores.search.db as Kysely<unknown>;
    app = await build({ db: stores.search.db as never, cache: new MemoryCache(), auth: auth.auth });
    const stations = (await sql<{ code: number; group_code: number }>`SELECT code, group_code FROM station`.execute(db)).rows;
    const edges = (
      await sql<{
        from_station: number;
        to_station: number;
        minutes: number;
        kind: string;
      }>`SELECT from_station, to_station, minutes, kind FROM station_edge`.execute(db)
    ).rows;
    const listings = (
      await sql<{ global_key: string; station_groups: number[] }>`SELECT global_key, station_groups FROM listing WHERE NOT archived`.execute(db)
    ).rows;
    groupsOf = new Map(listings.map((l) => [l.global_key, l.station_groups.map(Number)]));
    names = new Map((await sql<{ code: number; name: string }>`SELECT code, name FROM station_group`.execute(db)).rows.map((g) => [Number(g.code), g.name]));
    const groupOf = new Map(stations.map((s) => [s.code, s.group_code]));
    const into = new Map<number, { from: number; tenths: number; transfer: number }[]>();
    for (const e of edges) {
      const list = into.get(e.to_station) ?? [];
      list.push({ from: e.from_station, tenths: Math.max(1, Math.round(Number(e.minutes) * 10)), transfer: e.kind === 'transfer' ? 1 : 0 });
      into.set(e.to_station, list);
    }
    // Plain label-correcting search over (station, line changes so far), changes capped at 8 when unlimited (deeper than any fastest way in the seed).
    reach = (group, minutes, maxTransfers) => {
      const cap = maxTransfers ?? 8;
      const best = new Map<string, number>();
      const queue: [number, number, number][] = stations.filter((s) => s.group_code === group).map((s) => [0, s.code, 0]);
      for (const [, s] of queue) best.set(`${s}|0`, 0);
      const out = new Map<number, { tenths: number; transfers: number[] }>();
      while (queue.length) {
        queue.sort((a, b) => a[0] - b[0]);
        const [t, s, k] = queue.shift()!;
        if (t > (best.get(`${s}|${k}`) ?? Infinity)) continue;
        const g = groupOf.get(s)!;
        const known = out.get(g);
        if (!known || t < known.tenths) out.set(g, { tenths: t, transfers: [k] });
        else if (t === known.tenths) known.transfers.push(k);
        for (const e of into.get(s) ?? []) {
          const nt = t + e.tenths;
          const nk = k + e.transfer;
          if (nt > minutes * 10 || nk > cap) continue;
          if (nt < (best.get(`${e.from}|${nk}`) ?? Infinity)) {
            best.set(`${e.from}|${nk}`, nt);
            queue.push([nt, e.from, nk]);
          }
        }
      }
      return out;
    };
  });
  afterAll(async () => {
    await app?.close();
    if (stores) await closeSeeded(stores);
  });

  it('gives every listing of the page its minutes and line changes to each destination, as the filter counts them', async () => {
    const [tokyo, shinjuku] = [1130101, 1130208];
    const dests = [
      { stationCode: tokyo, maxMinutes: 30 },
      { stationCode: shinjuku, maxMinutes: 25, maxTransfers: 1 },
    ];
    const refs = [reach(tokyo, 30, null), reach(shinjuku, 25, 1)];
    const page = await gql({ d: dests, perPage: 50 });
    expect(page.result.bukkenTotal.count).toBeGreaterThan(0);
    // One entry per listing of the page, in its order.
    expect(page.commutes.map((c) => c.globalKey)).toEqual(page.result.bukkenList.map((b) => b.globalKey));
    for (const { globalKey, destinations } of page.commutes) {
      expect(destinations.map((d) => d.stationCode)).toEqual([tokyo, shinjuku]);
      expect(destinations.map((d) => d.stationName)).toEqual(['東京', '新宿']);
      destinations.forEach((d, i) => {
        const dest = dests[i]!;
        const times = groupsOf.get(globalKey)!.flatMap((g) => {
          const r = refs[i]!.get(g);
          return r ? [{ g, ...r }] : [];
        });
        const fastest = Math.min(...times.map((t) => t.tenths));
        expect(d.minutes).toBe(Math.ceil(fastest / 10));
        expect(d.minutes).toBeLessThanOrEqual(dest.maxMinutes);
        // The line changes are those of a fastest way from the named station, within the cap.
        const from = times.filter((t) => t.tenths === fastest && names.get(t.g) === d.fromStationName);
        expect(from.length).toBeGreaterThan(0);
        expect(from.some((t) => t.transfers.includes(d.transfers))).toBe(true);
        if (dest.maxTransfers !== undefined) expect(d.transfers).toBeLessThanOrEqual(dest.maxTransfers);
      });
    }
  });

  it('answers with no transfers allowed as zero changes, and nothing for a search without destinations', async () => {
    const page = await gql({ d: [{ stationCode: 1130208, maxMinutes: 20, maxTransfers: 0 }], perPage: 30 });
    expect(page.commutes.length).toBe(page.result.bukkenList.length);
    expect(page.commutes.length).toBeGreaterThan(0);
    for (const c of page.commutes) expect(c.destinations[0]!.transfers).toBe(0);
    const none = await gql({ perPage: 5 });
    expect(none.result.bukkenList.length).toBe(5);
    expect(none.commutes).toEqual([]);
  });

  it('refuses more than three destinations (the codec and the user subgraph share the limit)', async () => {
    const d = [1130101, 1130208, 1130101, 1130208].map((stationCode) => ({ stationCode, maxMinutes: 30 }));
    const res = await auth.query(app, SEARCH, { d });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
