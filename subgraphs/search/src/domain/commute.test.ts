import { testBackends } from '@sumika/storage-kit/testing';
import { seededStores, closeSeeded } from '@sumika/infra/testing/seeded';
import type { MasterData } from '@sumika/infra/master/types';
import { loadGraphData, stationGraph } from '../repositories/graph.js';
import type { DB } from '../repositories/db.js';
import type { Kysely } from 'kysely';
import { StationGraph, type Destination, type GraphData } from './commute.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

const EPS = 1e-6;

/**
 * Reference: Bellman-Ford over (station, transfers) states with float minutes, relaxing every
 * edge (backwards: to reach v within d, reach u within d + w(u→v)) until nothing changes.
 */
function bellmanFord(m: MasterData, dest: Destination): Map<number, number> {
  const layers = dest.maxTransfers === null ? 1 : dest.maxTransfers + 1;
  const index = new Map(m.stations.map((s, i) => [s.code, i]));
  const dist = new Float64Array(m.stations.length * layers).fill(Infinity);
  m.stations.forEach((s, i) => {
    if (s.groupCode === dest.stationGroupCode) dist[i * layers] = 0;
  });
  let changed = true;
  while (changed) {
    changed = false;
    for (const e of m.edges) {
      const u = index.get(e.fromStation)!;
      const v = index.get(e.toStation)!;
      const step = dest.maxTransfers !== null && e.kind === 'transfer' ? 1 : 0;
      for (let t = 0; t + step < layers; t++) {
        const dv = dist[v * layers + t]!;
        if (dv === Infinity) continue;
        const du = dv + e.minutes;
        if (du <= dest.maxMinutes + EPS && du < dist[u * layers + t + step]! - EPS) {
          dist[u * layers + t + step] = du;
          changed = true;
        }
      }
    }
  }
  const out = new Map<number, number>();
  m.stations.forEach((s, i) => {
    for (let t = 0; t < layers; t++) {
      const d = dist[i * layers + t]!;
      if (d < (out.get(s.groupCode) ?? Infinity)) out.set(s.groupCode, d);
    }
  });
  return out;
}

/** Reference in the travel direction: fastest journey from one origin group, boarding any of its lines. */
function forwardJourney(m: MasterData, origin: number, dest: Destination): number {
  const out = new Map<number, typeof m.edges>();
  for (const e of m.edges) {
    const list = out.get(e.fromStation) ?? [];
    list.push(e);
    out.set(e.fromStation, list);
  }
  const groupOf = new Map(m.stations.map((s) => [s.code, s.groupCode]));
  const best = new Map<string, number>();
  const queue: [number, number, number][] = m.stations.filter((s) => s.groupCode === origin).map((s) => [s.code, 0, 0]);
  for (const [code, t, d] of queue) best.set(`${code}:${t}`, d);
  let arrival = Infinity;
  // Label-correcting FIFO search: simple and exhaustive, no heap.
  while (queue.length > 0) {
    const [code, t, d] = queue.shift()!;
    if (d > best.get(`${code}:${t}`)!) continue;
    if (groupOf.get(code) === dest.stationGroupCode) arrival = Math.min(arrival, d);
    for (const e of out.get(code) ?? []) {
      const nt = t + (e.kind === 'transfer' && dest.maxTransfers !== null ? 1 : 0);
      const nd = d + e.minutes;
      if (dest.maxTransfers !== null && nt > dest.maxTransfers) continue;
      if (nd > dest.maxMinutes + EPS) continue;
      const key = `${e.toStation}:${nt}`;
      if (nd < (best.get(key) ?? Infinity) - EPS) {
        best.set(key, nd);
        queue.push([e.toStation, nt, nd]);
      }
    }
  }
  return arrival;
}

function expectSameMinutes(actual: Map<number, number>, expected: Map<number, number>): void {
  expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [group, minutes] of expected) expect(actual.get(group)).toBeCloseTo(minutes, 6);
}

function groupCode(m: MasterData, name: string, prefectureCode: number): number {
  const group = m.stationGroups.find((g) => g.name === name && g.prefectureCode === prefectureCode);
  if (!group) throw new Error(`no station group ${name}`);
  return group.code;
}

async function badRequestOf(f: () => unknown): Promise<string | undefined> {
  try {
    await f();
  } catch (err) {
    return (err as { extensions?: { code?: string } }).extensions?.code;
  }
  return 'no error';
}

describe.each(testBackends())('station graph on $name', (backend) => {
  let stores: Stores;
  let data: GraphData;
  let graph: StationGraph;
  let tokyo: number;
  let shinjuku: number;

  beforeAll(async () => {
    stores = await seededStores(backend, 500);
    data = await loadGraphData(stores.search.db as unknown as Kysely<DB>);
    graph = new StationGraph(data);
    tokyo = groupCode(stores.master, '東京', 13);
    shinjuku = groupCode(stores.master, '新宿', 13);
  });
  afterAll(async () => {
    await closeSeeded(stores);
  });

  it('loads every station and edge of the master data', () => {
    expect(data.stations).toHaveLength(stores.master.stations.length);
    expect(data.edges).toHaveLength(stores.master.edges.length);
    expect(data.edges.filter((e) => e.kind === 'transfer')).toHaveLength(stores.master.edges.filter((e) => e.kind === 'transfer').length);
  });

  it('memoises one graph per database', async () => {
    const db = stores.search.db as unknown as Kysely<DB>;
    const [a, b] = [await stationGraph(db), await stationGraph(db)];
    expect(a).toBe(b);
  });

  it.each([
    ['東京', 45, 1],
    ['新宿', 40, null],
    ['東京', 30, 0],
    ['新宿', 60, 2],
  ] as const)('reachableGroups(%s, %i min, %s transfers) equals Bellman-Ford', (name, maxMinutes, maxTransfers) => {
    const dest = { stationGroupCode: groupCode(stores.master, name, 13), maxMinutes, maxTransfers };
    const expected = bellmanFord(stores.master, dest);
    const actual = graph.reachableGroups(dest);
    expect(expected.size).toBeGreaterThan(10);
    expectSameMinutes(actual, expected);
    expect(actual.get(dest.stationGroupCode)).toBe(0);
  });

  it('agrees with journeys searched forwards from sample origins', () => {
    const dest: Destination = { stationGroupCode: shinjuku, maxMinutes: 40, maxTransfers: 1 };
    const reach = graph.reachableGroups(dest);
    const inside = [...reach.keys()].filter((_, i) => i % 17 === 0).slice(0, 8);
    // Tokyo groups just out of reach: within 60 minutes but not within 40 with one change.
    const outside = [...graph.reachableGroups({ ...dest, maxMinutes: 60, maxTransfers: null }).keys()].filter((g) => !reach.has(g)).slice(0, 6);
    expect(inside.length).toBeGreaterThan(3);
    expect(outside.length).toBeGreaterThan(3);
    for (const origin of [...inside, ...outside]) {
      const arrival = forwardJourney(stores.master, origin, dest);
      if (reach.has(origin)) expect(reach.get(origin)).toBeCloseTo(arrival, 6);
      else expect(arrival).toBe(Infinity);
    }
  });

  it('commuteGroups is the intersection of two destinations computed by Bellman-Ford', () => {
    const a: Destination = { stationGroupCode: tokyo, maxMinutes: 45, maxTransfers: 1 };
    const b: Destination = { stationGroupCode: shinjuku, maxMinutes: 40, maxTransfers: null };
    const ra = bellmanFord(stores.master, a);
    const rb = bellmanFord(stores.master, b);
    const expected = [...ra.keys()].filter((g) => rb.has(g)).sort((x, y) => x - y);
    const actual = [...graph.commuteGroups([a, b])].sort((x, y) => x - y);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(ra.size);
    expect(actual).toEqual(expected);
    expect([...graph.commuteGroups([a])].sort((x, y) => x - y)).toEqual([...ra.keys()].sort((x, y) => x - y));
  });

  it('with no line change reaches only groups on a line through the destination', () => {
    const destLines = new Set(stores.master.stations.filter((s) => s.groupCode === tokyo).map((s) => s.lineCode));
    const linesOfGroup = (g: number) => stores.master.stations.filter((s) => s.groupCode === g).map((s) => s.lineCode);
    const direct = graph.reachableGroups({ stationGroupCode: tokyo, maxMinutes: 60, maxTransfers: 0 });
    expect(direct.size).toBeGreaterThan(20);
    for (const g of direct.keys()) expect(linesOfGroup(g).some((l) => destLines.has(l))).toBe(true);
    // A change opens more of the network.
    expect(graph.reachableGroups({ stationGroupCode: tokyo, maxMinutes: 60, maxTransfers: 1 }).size).toBeGreaterThan(direct.size);
  });

  it('never shrinks with more minutes or more transfers, and keeps best minutes', () => {
    for (const transfers of [0, 1, 3, null]) {
      let previous = new Map<number, number>();
      for (const minutes of [10, 20, 35, 50, 70, 90]) {
        const current = graph.reachableGroups({ stationGroupCode: shinjuku, maxMinutes: minutes, maxTransfers: transfers });
        for (const [g, d] of previous) expect(current.get(g)).toBe(d);
        expect(current.size).toBeGreaterThanOrEqual(previous.size);
        previous = current;
      }
    }
    const byTransfers = [0, 1, 2, 3, 4, 5, null].map((t) => graph.reachableGroups({ stationGroupCode: tokyo, maxMinutes: 50, maxTransfers: t }));
    for (let i = 1; i < byTransfers.length; i++) {
      for (const [g, d] of byTransfers[i - 1]!) expect(byTransfers[i]!.get(g)).toBeLessThanOrEqual(d);
    }
  });

  it('hands out copies, so callers cannot corrupt the cache', () => {
    const dest: Destination = { stationGroupCode: tokyo, maxMinutes: 20, maxTransfers: null };
    const first = graph.reachableGroups(dest);
    const size = first.size;
    first.clear();
    expect(graph.reachableGroups(dest).size).toBe(size);
  });

  it('answers a 60-minute Tokyo search fast', () => {
    const fresh = new StationGraph(data);
    const groups = [tokyo, shinjuku, groupCode(stores.master, '渋谷', 13), groupCode(stores.master, '池袋', 13), groupCode(stores.master, '品川', 13)];
    const times = groups.map((g) => {
      const started = performance.now();
      fresh.reachableGroups({ stationGroupCode: g, maxMinutes: 60, maxTransfers: 2 });
      return performance.now() - started;
    });
    const sorted = [...times].sort((a, b) => a - b);
    // Generous bound for a shared CI machine; typically a few milliseconds.
    expect(sorted[2]).toBeLessThan(40);
  });

  it('rejects bad input with BAD_REQUEST and an unknown destination with NOT_FOUND', async () => {
    const ok: Destination = { stationGroupCode: tokyo, maxMinutes: 30, maxTransfers: null };
    expect(await badRequestOf(() => graph.reachableGroups({ ...ok, stationGroupCode: 987654321 }))).toBe('NOT_FOUND');
    for (const maxMinutes of [0, 181, -5, 1.5, Number.NaN]) {
      expect(await badRequestOf(() => graph.reachableGroups({ ...ok, maxMinutes }))).toBe('BAD_REQUEST');
    }
    for (const maxTransfers of [-1, 6, 0.5]) {
      expect(await badRequestOf(() => graph.reachableGroups({ ...ok, maxTransfers }))).toBe('BAD_REQUEST');
    }
    expect(await badRequestOf(() => graph.commuteGroups([]))).toBe('BAD_REQUEST');
    expect(await badRequestOf(() => graph.commuteGroups([ok, { ...ok, maxMinutes: 500 }]))).toBe('BAD_REQUEST');
    expect(graph.reachableGroups({ ...ok, maxMinutes: 1 }).get(tokyo)).toBe(0);
    expect(graph.reachableGroups({ ...ok, maxMinutes: 180, maxTransfers: 5 }).size).toBeGreaterThan(100);
  });
});
