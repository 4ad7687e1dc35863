import { badRequest, notFound } from '@sumika/server-kit';

/** A commute destination: a station group, a time budget and an optional cap on line changes. */
export interface Destination {
  stationGroupCode: number;
  maxMinutes: number;
  /** null = any number of line changes. */
  maxTransfers: number | null;
}

/** The station graph as stored in tables station and station_edge. */
export interface GraphData {
  stations: { code: number; groupCode: number; lineCode: number }[];
  edges: { fromStation: number; toStation: number; lineCode: number | null; minutes: number; kind: 'ride' | 'transfer' }[];
}

/** The best way from a station group to a destination: its minutes and the line changes on that way. */
export interface Reach {
  minutes: number;
  transfers: number;
}

export const MIN_COMMUTE_MINUTES = 1;
export const MAX_COMMUTE_MINUTES = 180;
export const MAX_TRANSFERS = 5;
const CACHE_SIZE = 500;
/** Edge minutes have one decimal; searching in integer tenths keeps sums exact. */
const SCALE = 10;
const UNREACHED = 0x7fffffff;

/** Throws BAD_REQUEST unless the destination's budget is within the supported range. */
export function validateDestination(dest: Destination): void {
  const { maxMinutes, maxTransfers } = dest;
  if (!Number.isInteger(maxMinutes) || maxMinutes < MIN_COMMUTE_MINUTES || maxMinutes > MAX_COMMUTE_MINUTES) {
    throw badRequest(`所要時間は${MIN_COMMUTE_MINUTES}〜${MAX_COMMUTE_MINUTES}分の範囲で指定してください。`);
  }
  if (maxTransfers !== null && (!Number.isInteger(maxTransfers) || maxTransfers < 0 || maxTransfers > MAX_TRANSFERS)) {
    throw badRequest(`乗り換え回数は0〜${MAX_TRANSFERS}回の範囲で指定してください。`);
  }
}

/**
 * Commute-time search over the per-line station graph. Immutable after construction;
 * results are memoised per (group, minutes, transfers) in a small LRU.
 */
export class StationGraph {
  private readonly groupOf: Int32Array;
  private readonly stationsOfGroup = new Map<number, number[]>();
  // Reversed adjacency in CSR form: for station v, predecessors u of edges u→v.
  private readonly revStart: Int32Array;
  private readonly revFrom: Int32Array;
  private readonly revTenths: Int32Array;
  private readonly revTransfer: Uint8Array;
  private readonly cache = new Map<string, Map<number, Reach>>();

  constructor(data: GraphData) {
    const n = data.stations.length;
    const indexOf = new Map<number, number>();
    this.groupOf = new Int32Array(n);
    data.stations.forEach((s, i) => {
      indexOf.set(s.code, i);
      this.groupOf[i] = s.groupCode;
      const list = this.stationsOfGroup.get(s.groupCode);
      if (list) list.push(i);
      else this.stationsOfGroup.set(s.groupCode, [i]);
    });
    const edges = data.edges.flatMap((e) => {
      const from = indexOf.get(e.fromStation);
      const to = indexOf.get(e.toStation);
      // Edges to unknown stations cannot be walked; drop them rather than fail.
      return from === undefined || to === undefined ? [] : [{ from, to, tenths: Math.max(1, Math.round(e.minutes * SCALE)), transfer: e.kind === 'transfer' }];
    });
    this.revStart = new Int32Array(n + 1);
    for (const e of edges) this.revStart[e.to + 1]! += 1;
    for (let i = 0; i < n; i++) this.revStart[i + 1]! += this.revStart[i]!;
    const fill = this.revStart.slice(0, n);
    this.revFrom = new Int32Array(edges.length);
    this.revTenths = new Int32Array(edges.length);
    this.revTransfer = new Uint8Array(edges.length);
    for (const e of edges) {
      const at = fill[e.to]!;
      fill[e.to] = at + 1;
      this.revFrom[at] = e.from;
      this.revTenths[at] = e.tenths;
      this.revTransfer[at] = e.transfer ? 1 : 0;
    }
  }

  /** Whether the graph knows this station group. */
  hasGroup(groupCode: number): boolean {
    return this.stationsOfGroup.has(groupCode);
  }

  /**
   * Every station GROUP from which the destination group is reachable within maxMinutes using
   * at most maxTransfers line changes (null = any); value = best minutes. The destination itself
   * is included with 0. The returned map is the caller's to keep.
   */
  reachableGroups(dest: Destination): Map<number, number> {
    return new Map([...this.cached(dest)].map(([group, reach]) => [group, reach.minutes]));
  }

  /**
   * The same groups as reachableGroups with the line changes of each one's fastest way (the fewest of
   * the equally fast ways met), for showing a listing's commute: the filter's rule, so a shown time is one the filter admits.
   */
  reachableTimes(dest: Destination): ReadonlyMap<number, Reach> {
    return this.cached(dest);
  }

  /** Groups that reach EVERY destination in time (intersection). */
  commuteGroups(dests: Destination[]): Set<number> {
    if (dests.length === 0) throw badRequest('通勤・通学先の駅を指定してください。');
    const maps = dests.map((d) => this.cached(d)).sort((a, b) => a.size - b.size);
    const [smallest, ...rest] = maps as [Map<number, Reach>, ...Map<number, Reach>[]];
    const out = new Set<number>();
    for (const group of smallest.keys()) if (rest.every((m) => m.has(group))) out.add(group);
    return out;
  }

  private cached(dest: Destination): Map<number, Reach> {
    validateDestination(dest);
    if (!this.stationsOfGroup.has(dest.stationGroupCode)) throw notFound('指定された駅が見つかりません。');
    const key = `${dest.stationGroupCode}|${dest.maxMinutes}|${dest.maxTransfers ?? '*'}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Re-insert to mark as most recently used.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const result = this.search(dest);
    this.cache.set(key, result);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return result;
  }

  /** Backward Dijkstra over states (station, transfersUsed) from every station of the destination group. */
  private search(dest: Destination): Map<number, Reach> {
    const n = this.groupOf.length;
    const counting = dest.maxTransfers !== null;
    const layers = counting ? (dest.maxTransfers as number) + 1 : 1;
    const limit = dest.maxMinutes * SCALE;
    const dist = new Int32Array(n * layers).fill(UNREACHED);
    // Line changes on the way that set dist (with no cap the layer does not count them).
    const changes = new Uint8Array(n * layers);
    const heap = new MinHeap();
    const best = new Map<number, Reach>();

    // True when some state at this station with no more transfers is already at least as fast.
    const dominated = (station: number, transfers: number, tenths: number): boolean => {
      const base = station * layers;
      for (let t = 0; t <= transfers; t++) if (dist[base + t]! <= tenths) return true;
      return false;
    };

    for (const s of this.stationsOfGroup.get(dest.stationGroupCode) ?? []) {
      dist[s * layers] = 0;
      heap.push(0, s * layers);
    }
    while (heap.size > 0) {
      const tenths = heap.topKey();
      const state = heap.pop();
      if (tenths !== dist[state]) continue;
      const station = Math.floor(state / layers);
      const transfers = state - station * layers;
      // A state superseded by a faster one with fewer transfers cannot lead anywhere new.
      if (transfers > 0 && dominated(station, transfers - 1, tenths)) continue;
      const group = this.groupOf[station]!;
      const used = changes[state]!;
      const known = best.get(group);
      if (known === undefined || tenths < known.minutes || (tenths === known.minutes && used < known.transfers))
        best.set(group, { minutes: tenths, transfers: used });
      for (let e = this.revStart[station]!, end = this.revStart[station + 1]!; e < end; e++) {
        const next = tenths + this.revTenths[e]!;
        if (next > limit) continue;
        const nextTransfers = counting ? transfers + this.revTransfer[e]! : 0;
        if (nextTransfers >= layers) continue;
        const from = this.revFrom[e]!;
        if (dominated(from, nextTransfers, next)) continue;
        dist[from * layers + nextTransfers] = next;
        changes[from * layers + nextTransfers] = Math.min(255, used + this.revTransfer[e]!);
        heap.push(next, from * layers + nextTransfers);
      }
    }
    const out = new Map<number, Reach>();
    for (const [group, reach] of best) out.set(group, { minutes: reach.minutes / SCALE, transfers: reach.transfers });
    return out;
  }
}

/** Binary min-heap of (key, value) integer pairs; duplicates allowed (lazy deletion by the caller). */
class MinHeap {
  private keys: number[] = [];
  private values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  topKey(): number {
    return this.keys[0]!;
  }

  push(key: number, value: number): void {
    const keys = this.keys;
    const values = this.values;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      values[i] = values[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  pop(): number {
    const keys = this.keys;
    const values = this.values;
    const top = values[0]!;
    const lastKey = keys.pop()!;
    const lastValue = values.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && keys[right]! < keys[left]! ? right : left;
        if (keys[child]! >= lastKey) break;
        keys[i] = keys[child]!;
        values[i] = values[child]!;
        i = child;
      }
      keys[i] = lastKey;
      values[i] = lastValue;
    }
    return top;
  }
}
