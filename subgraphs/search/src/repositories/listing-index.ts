import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { planOrdinal } from '../domain/condition.js';
import { firstIndex, WithinBounds, type Within } from '../domain/sorted.js';
import { builtYearFrom, type BBox, type CityChoice, type ListingFilter, type SpecialRule } from '../domain/filter.js';
import type { DB } from './db.js';
import type { FacetColumn, FacetPart, KeyCount } from './listing-search.js';
import { LoopWorkers } from './loop-workers.js';

/**
 * An in-memory, columnar copy of the active listings' filter columns, for the facets of a search
 * and the wide map views (decision 029).
 *
 * A results page's facets are a dozen group-bys under the search's filter, each without one of its
 * conditions: in PostgreSQL that is every matching row read and grouped (0.3–5 s at 1M listings,
 * docs/benchmarks.md). Here each column is a typed array (about 140 bytes a listing with the map
 * cells), codes counted per value are dictionary-encoded so counts are array increments, the place
 * columns and latitude bands have posting lists, and a facet page's conditions and counts run in one
 * loop over the candidate rows, compiled per shape of the page.
 *
 * Exact, not eventually right: before each answer the index reads what was written since its last
 * read (migration 0008: rows carry the writing transaction; a read asks for those at or above the
 * xmin of the previous read's snapshot), so an answer sees every write committed before it was
 * asked, as the SQL would. Until the first load has finished, when that read fails, and for what the
 * index does not hold (free words, archived listings), the caller counts in SQL.
 */

const LOAD_BATCH = 20_000;

/**
 * The map levels whose GeoHex cells the index holds (the cells the database computed, listing.hex3 …,
 * migration 0006, so both count a listing in the same cell): the wide views, where grouping the rows
 * in SQL costs the most (level 8 too: its views counted here, p95 22–30 → 10 ms at 1M). Finer levels
 * cover few listings and stay in SQL.
 */
export const INDEXED_HEX_LEVELS = [3, 4, 5, 6, 7, 8] as const;
type HexLevel = (typeof INDEXED_HEX_LEVELS)[number];
/** After this many rows written since the posting lists were built (a share of the rows, at most 4,096), they are built again. */
const dirtyLimit = (rows: number) => Math.min(4_096, Math.max(256, rows / 16));
/**
 * Loops visiting this many slots or more run in a worker thread (loop-workers.ts): a prefecture's
 * facets (80,000–180,000 rows at 1M listings) count on another core while this thread answers
 * requests; a city's or line's (~10,000) cost less than posting them.
 */
const WORKER_ROWS = 20_000;
/** A failed load is tried again after this long, by the next facet request. */
const RETRY_MS = 5_000;

/** The columns a row is read with (the full load and the reads of what was written since). */
const ROW_COLUMNS = sql`id, archived, prefecture_code, city_code, gd_city_code, town_code, store_id, building_type, chinryou,
  total_rent, no_shikikin, no_reikin, plan_code, area, floor, walk_min, built_year, lat, lng, condition_codes, line_codes, station_groups,
  ${sql.join(INDEXED_HEX_LEVELS.map((level) => sql.ref(`hex${level}`)))}`;

/** A row as read: the columns of ROW_COLUMNS (a bigint id may come as a string). */
type ListingRow = Pick<
  DB['listing'],
  | 'archived'
  | 'prefecture_code'
  | 'city_code'
  | 'gd_city_code'
  | 'town_code'
  | 'store_id'
  | 'building_type'
  | 'chinryou'
  | 'total_rent'
  | 'no_shikikin'
  | 'no_reikin'
  | 'plan_code'
  | 'area'
  | 'floor'
  | 'walk_min'
  | 'built_year'
  | 'lat'
  | 'lng'
  | 'condition_codes'
  | 'line_codes'
  | 'station_groups'
> & { id: number | string } & Record<`hex${HexLevel}`, number | string | bigint>;

/** Words of the per-row bit set of condition codes: room for this many times 32 distinct codes (the master has 81). */
const CONDITION_WORDS = 4;

/** A null code (gd_city_code, town_code) in the typed arrays and dictionaries. */
const NULL_CODE = -2_147_483_648;
/** smallint values are stored and counted shifted by this, so every one is an array index. */
const SMALL = 32_768;

type Typed = Int32Array | Int16Array | Uint8Array | Uint16Array | Float32Array | Float64Array;
type TypedOf<T extends Typed> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

/**
 * A typed array over shared memory: every column and list the counting loops read is one, so a loop
 * run in a worker thread (loop-workers.ts) reads the same memory, not a copy.
 */
function shared<T extends Typed>(of: TypedOf<T>, length: number): T {
  return new of(new SharedArrayBuffer(length * of.BYTES_PER_ELEMENT));
}
const like = <T extends Typed>(a: T, length: number): T => shared(a.constructor as unknown as TypedOf<T>, length);

function grown<T extends Typed>(a: T, capacity: number): T {
  const b = like(a, capacity);
  b.set(a.subarray(0, Math.min(a.length, capacity)));
  return b;
}

/** Lists as views of one shared array, by key. */
function sharedLists(lists: Map<number, number[]>): Map<number, Int32Array> {
  const all = shared(
    Int32Array,
    [...lists.values()].reduce((n, l) => n + l.length, 0),
  );
  let at = 0;
  return new Map(
    [...lists].map(([k, l]) => {
      const view = all.subarray(at, at + l.length);
      view.set(l);
      at += l.length;
      return [k, view];
    }),
  );
}

/** Codes as dense ordinals (the order first seen), so counting per code is an array increment. */
class Dictionary {
  readonly codes: number[] = [];
  private readonly ordinals = new Map<number, number>();
  of(code: number): number {
    let o = this.ordinals.get(code);
    if (o === undefined) {
      o = this.codes.length;
      this.codes.push(code);
      this.ordinals.set(code, o);
    }
    return o;
  }
  find(code: number): number | undefined {
    return code === NULL_CODE ? undefined : this.ordinals.get(code);
  }
  /** A mask over ordinals: 1 for each of the codes (a null never matches a code, as in SQL). */
  mask(codes: readonly number[]): Uint8Array {
    const m = new Uint8Array(this.codes.length);
    for (const c of codes) {
      const o = this.find(c);
      if (o !== undefined) m[o] = 1;
    }
    return m;
  }
}

/** An array column: each row's elements (ordinals, or shifted smallints) as a slice of one pool; a rewritten row's slice is appended. */
class ElementColumn {
  start: Int32Array;
  len: Uint16Array;
  pool: Int32Array;
  used = 0;
  constructor(
    capacity: number,
    readonly dict: Dictionary | null,
  ) {
    this.start = shared(Int32Array, capacity);
    this.len = shared(Uint16Array, capacity);
    this.pool = shared(Int32Array, capacity * 4);
  }
  set(slot: number, values: readonly number[]): void {
    if (this.used + values.length > this.pool.length) this.pool = grown(this.pool, Math.max(this.pool.length * 2, this.used + values.length));
    this.start[slot] = this.used;
    this.len[slot] = values.length;
    for (const v of values) this.pool[this.used++] = this.dict ? this.dict.of(v) : v + SMALL;
  }
  /** Packs the live slices in slot order (a rewritten row leaves its old one behind) and trims the spare room; `always`: even when little is wasted. */
  compact(rows: number, always = false): void {
    let live = 0;
    for (let s = 0; s < rows; s++) live += this.len[s]!;
    if (!always && this.used <= live + live / 4 + 1_024 && this.pool.length <= 2 * live + 1_024) return;
    const pool = shared(Int32Array, live + (live >> 3) + 1_024);
    let at = 0;
    for (let s = 0; s < rows; s++) {
      pool.set(this.pool.subarray(this.start[s]!, this.start[s]! + this.len[s]!), at);
      this.start[s] = at;
      at += this.len[s]!;
    }
    [this.pool, this.used] = [pool, at];
  }
  /** The value stored for a code (its ordinal, or the shifted smallint), or undefined when no row holds it. */
  stored(code: number): number | undefined {
    if (this.dict) return this.dict.find(code);
    return code >= -SMALL && code < SMALL ? code + SMALL : undefined;
  }
}

type SmallColumn = 'pref' | 'plan' | 'buildingType' | 'walk' | 'built' | 'conditions';

/** Rows' single-valued per-slot columns (eachColumn also takes the cells, element columns and condition bits). */
const COLUMNS = [
  'active',
  'pref',
  'city',
  'gdCity',
  'town',
  'store',
  'buildingType',
  'chinryou',
  'totalRent',
  'chinryouOrd',
  'totalRentOrd',
  'noShikikin',
  'noReikin',
  'plan',
  'area',
  'floor',
  'walk',
  'built',
  'lat',
  'lng',
] as const satisfies readonly (keyof Rows)[];

/** The rows: one slot per listing ever held (an archived one stays, inactive). */
class Rows {
  n = 0;
  private capacity: number;
  /** The ids of the full load, ascending, and each one's slot; the slots of rows added since. */
  private loadedIds: Float64Array = new Float64Array(0);
  private loadedSlots: Int32Array = new Int32Array(0);
  private readonly addedIds = new Map<number, number>();
  active: Uint8Array;
  pref: Int16Array;
  /** city_code and town_code as ordinals of their dictionaries; gd_city_code as the code (NULL_CODE for null). */
  city: Int32Array;
  gdCity: Int32Array;
  town: Int32Array;
  store: Int32Array;
  buildingType: Int16Array;
  chinryou: Int32Array;
  totalRent: Int32Array;
  /** The rents as ordinals, for counting per rent. */
  chinryouOrd: Int32Array;
  totalRentOrd: Int32Array;
  noShikikin: Uint8Array;
  noReikin: Uint8Array;
  plan: Int16Array;
  area: Float32Array;
  floor: Int16Array;
  walk: Int16Array;
  built: Int16Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Per indexed level, the GeoHex cell as an ordinal of that level's dictionary of packed cells (x * 2^32 + y + 2^31, as the database packs them). */
  hex: Int32Array[];
  readonly hexDicts = INDEXED_HEX_LEVELS.map(() => new Dictionary());
  readonly dicts = { city: new Dictionary(), town: new Dictionary(), chinryou: new Dictionary(), totalRent: new Dictionary() };
  /** The least and greatest value ever written to each smallint column counted per value, so its counts fit an array that size. */
  readonly bounds: Record<SmallColumn, { min: number; max: number }> = {
    pref: { min: 0, max: 0 },
    plan: { min: 0, max: 0 },
    buildingType: { min: 0, max: 0 },
    walk: { min: 0, max: 0 },
    built: { min: 0, max: 0 },
    conditions: { min: 0, max: 0 },
  };
  readonly conditions: ElementColumn;
  /**
   * The condition codes again as CONDITION_WORDS words of bits per row (bit = ordinal in condBit): a
   * containment test is a few ANDs, and the conditions facet counts set bits, with no element list to
   * walk. Usable while every row's codes are distinct and fit (the SQL counts a repeated code twice);
   * otherwise the element lists answer.
   */
  condBits: Int32Array;
  readonly condBit = new Dictionary();
  condBitsUsable = true;
  readonly lines: ElementColumn;
  readonly stations: ElementColumn;
  /** Slots written since the posting lists were built: every search considers them too. */
  dirty: number[] = [];
  private readonly isDirty = new Set<number>();
  /** Posting lists: slots per prefecture code, per city ordinal, per gd_city_code, per line and station ordinal. */
  postings!: {
    pref: Map<number, Int32Array>;
    city: Map<number, Int32Array>;
    gdCity: Map<number, Int32Array>;
    station: Map<number, Int32Array>;
    line: Map<number, Int32Array>;
    /** By 0.01° latitude band, floor(lat * 100), ordered by longitude (a box's rows are a range of each of its bands' lists). */
    band: Map<number, Int32Array>;
  };
  /** Each band list's longitudes, in its order (for the range a box's west and east bound). */
  bandLng = new Map<number, Float64Array>();
  /**
   * Per indexed level, each band list as runs of one GeoHex cell: run k is the list's rows from
   * starts[k] to starts[k + 1] (the last start is the list's length), all in cell keys[k]. A cell is
   * far wider than a band is high, so a band crosses few cells and a box without a search condition
   * counts its rows per cell a run at a time (plainHexCounts).
   */
  bandRuns: Map<number, { starts: Int32Array; keys: Int32Array }>[] = [];
  /** Slots in the posting lists when they were built. */
  private listed = 0;
  /** Where each dirty slot held in the lists was when they were built (what the band lists and runs still count). */
  readonly listedAs = new Map<number, { lat: number; lng: number; hex: number[] }>();
  /** Every slot, for a search no posting list narrows. */
  all = shared(Int32Array, 0);

  constructor(expected: number) {
    const c = (this.capacity = Math.max(1_024, Math.ceil(expected * 1.02)));
    this.active = shared(Uint8Array, c);
    this.pref = shared(Int16Array, c);
    this.city = shared(Int32Array, c);
    this.gdCity = shared(Int32Array, c);
    this.town = shared(Int32Array, c);
    this.store = shared(Int32Array, c);
    this.buildingType = shared(Int16Array, c);
    this.chinryou = shared(Int32Array, c);
    this.totalRent = shared(Int32Array, c);
    this.chinryouOrd = shared(Int32Array, c);
    this.totalRentOrd = shared(Int32Array, c);
    this.noShikikin = shared(Uint8Array, c);
    this.noReikin = shared(Uint8Array, c);
    this.plan = shared(Int16Array, c);
    this.area = shared(Float32Array, c);
    this.floor = shared(Int16Array, c);
    this.walk = shared(Int16Array, c);
    this.built = shared(Int16Array, c);
    this.lat = shared(Float64Array, c);
    this.lng = shared(Float64Array, c);
    this.hex = INDEXED_HEX_LEVELS.map(() => shared(Int32Array, c));
    this.conditions = new ElementColumn(c, null);
    this.condBits = shared(Int32Array, c * CONDITION_WORDS);
    this.lines = new ElementColumn(c, new Dictionary());
    this.stations = new ElementColumn(c, new Dictionary());
  }

  /**
   * Replaces every per-slot column by `f` of it (the one list of them, for growing and reordering);
   * `stride`: the values a slot has in it.
   */
  private eachColumn(f: <T extends Typed>(a: T, stride: number) => T): void {
    for (const k of COLUMNS) (this as unknown as Record<string, Typed>)[k] = f((this as unknown as Record<string, Typed>)[k]!, 1);
    this.hex = this.hex.map((h) => f(h, 1));
    for (const e of [this.conditions, this.lines, this.stations]) [e.start, e.len] = [f(e.start, 1), f(e.len, 1)];
    this.condBits = f(this.condBits, CONDITION_WORDS);
  }

  private resize(c: number): void {
    this.capacity = c;
    this.eachColumn((a, stride) => grown(a, c * stride));
  }

  /**
   * Reorders the full load's slots by prefecture and city (ids ascending within): a search's rows,
   * mostly of one prefecture or city, then sit side by side in every column, and the counting loops
   * read memory in order instead of a row here and there across a million slots.
   */
  private cluster(): void {
    const n = this.n;
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => this.pref[a]! - this.pref[b]! || this.city[a]! - this.city[b]! || a - b);
    this.eachColumn((a, stride) => {
      const b = like(a, a.length);
      for (let to = 0; to < n; to++) {
        const from = order[to]! * stride;
        for (let k = 0; k < stride; k++) b[to * stride + k] = a[from + k]!;
      }
      return b;
    });
    for (const e of [this.conditions, this.lines, this.stations]) e.compact(n, true);
    this.loadedSlots = new Int32Array(n);
    for (let to = 0; to < n; to++) this.loadedSlots[order[to]!] = to;
  }

  private slotOf(id: number): number | undefined {
    const at = firstIndex(this.loadedIds, id, false);
    return this.loadedIds[at] === id ? this.loadedSlots[at] : this.addedIds.get(id);
  }

  /** Rows of the full load, in id order. */
  load(batch: readonly ListingRow[]): void {
    for (const r of batch) {
      if (this.n === this.capacity) this.resize(Math.ceil(this.capacity * 1.5));
      this.write(this.n++, r);
    }
  }

  /** Ends the full load (`ids` ascending, as loaded): the slots are clustered, found by id by binary search; the spare room is trimmed. */
  loaded(ids: Float64Array): void {
    this.loadedIds = ids;
    this.cluster();
    this.resize(Math.max(1_024, this.n + (this.n >> 6)));
    this.buildPostings();
  }

  /** A row written since the load (new, rewritten or archived). */
  put(r: ListingRow): void {
    const id = Number(r.id);
    let s = this.slotOf(id);
    if (s === undefined) {
      if (r.archived) return; // never held, nothing to take out
      if (this.n === this.capacity) this.resize(Math.ceil(this.capacity * 1.5));
      s = this.n++;
      this.addedIds.set(id, s);
    }
    if (s < this.listed && this.active[s] === 1 && !this.isDirty.has(s)) {
      this.listedAs.set(s, { lat: this.lat[s]!, lng: this.lng[s]!, hex: this.hex.map((h) => h[s]!) });
    }
    this.write(s, r);
    if (!this.isDirty.has(s)) {
      this.isDirty.add(s);
      this.dirty.push(s);
    }
  }

  private write(s: number, r: ListingRow): void {
    // No per-row arrays: this runs a million times on a load.
    const widen = (name: SmallColumn, v: number) => {
      const b = this.bounds[name];
      if (v < b.min) b.min = v;
      if (v > b.max) b.max = v;
    };
    widen('pref', r.prefecture_code);
    widen('plan', r.plan_code);
    widen('buildingType', r.building_type);
    widen('walk', r.walk_min);
    widen('built', r.built_year);
    for (const c of r.condition_codes) widen('conditions', c);
    this.active[s] = r.archived ? 0 : 1;
    this.pref[s] = r.prefecture_code;
    this.city[s] = this.dicts.city.of(r.city_code);
    this.gdCity[s] = r.gd_city_code ?? NULL_CODE;
    this.town[s] = this.dicts.town.of(r.town_code ?? NULL_CODE);
    this.store[s] = r.store_id;
    this.buildingType[s] = r.building_type;
    this.chinryou[s] = r.chinryou;
    this.totalRent[s] = r.total_rent;
    this.chinryouOrd[s] = this.dicts.chinryou.of(r.chinryou);
    this.totalRentOrd[s] = this.dicts.totalRent.of(r.total_rent);
    this.noShikikin[s] = r.no_shikikin ? 1 : 0;
    this.noReikin[s] = r.no_reikin ? 1 : 0;
    this.plan[s] = r.plan_code;
    this.area[s] = r.area;
    this.floor[s] = r.floor;
    this.walk[s] = r.walk_min;
    this.built[s] = r.built_year;
    this.lat[s] = r.lat;
    this.lng[s] = r.lng;
    INDEXED_HEX_LEVELS.forEach((level, i) => (this.hex[i]![s] = this.hexDicts[i]!.of(Number(r[`hex${level}`]))));
    this.conditions.set(s, r.condition_codes);
    const at = s * CONDITION_WORDS;
    this.condBits.fill(0, at, at + CONDITION_WORDS);
    for (const code of r.condition_codes) {
      const bit = this.condBit.of(code);
      if (bit >= CONDITION_WORDS * 32 || (this.condBits[at + (bit >> 5)]! & (1 << (bit & 31))) !== 0) this.condBitsUsable = false;
      else this.condBits[at + (bit >> 5)]! |= 1 << (bit & 31);
    }
    this.lines.set(s, r.line_codes);
    this.stations.set(s, r.station_groups);
  }

  /** (Re)builds the posting lists over every active slot; nothing is dirty after. */
  buildPostings(): void {
    for (const e of [this.conditions, this.lines, this.stations]) e.compact(this.n);
    const scalar = (col: Int32Array | Int16Array): Map<number, Int32Array> => {
      const lists = new Map<number, number[]>();
      for (let s = 0; s < this.n; s++) {
        if (this.active[s] === 0 || col[s] === NULL_CODE) continue;
        const list = lists.get(col[s]!);
        if (list) list.push(s);
        else lists.set(col[s]!, [s]);
      }
      return sharedLists(lists);
    };
    const elements = (col: ElementColumn): Map<number, Int32Array> => {
      const lists = new Map<number, number[]>();
      for (let s = 0; s < this.n; s++) {
        if (this.active[s] === 0) continue;
        const end = col.start[s]! + col.len[s]!;
        for (let i = col.start[s]!; i < end; i++) {
          const v = col.pool[i]!;
          const list = lists.get(v);
          // An element repeated in one row is listed once.
          if (!list) lists.set(v, [s]);
          else if (list[list.length - 1] !== s) list.push(s);
        }
      }
      return sharedLists(lists);
    };
    const bands = new Int32Array(this.n);
    for (let s = 0; s < this.n; s++) bands[s] = Math.floor(this.lat[s]! * 100);
    const byBand = scalar(bands);
    for (const list of byBand.values()) list.sort((a, b) => this.lng[a]! - this.lng[b]!);
    this.bandLng = new Map([...byBand].map(([band, list]) => [band, Float64Array.from(list, (s) => this.lng[s]!)]));
    this.bandRuns = this.hex.map((hex) => {
      const runs = new Map<number, { starts: Int32Array; keys: Int32Array }>();
      for (const [band, list] of byBand) {
        const [starts, keys]: [number[], number[]] = [[], []];
        for (let j = 0; j < list.length; j++) {
          const key = hex[list[j]!]!;
          if (j === 0 || key !== keys[keys.length - 1]) {
            starts.push(j);
            keys.push(key);
          }
        }
        starts.push(list.length);
        runs.set(band, { starts: Int32Array.from(starts), keys: Int32Array.from(keys) });
      }
      return runs;
    });
    this.postings = {
      pref: scalar(this.pref),
      city: scalar(this.city),
      gdCity: scalar(this.gdCity),
      station: elements(this.stations),
      line: elements(this.lines),
      band: byBand,
    };
    this.all = shared(Int32Array, this.n);
    let w = 0;
    for (let s = 0; s < this.n; s++) if (this.active[s] === 1) this.all[w++] = s;
    this.all = this.all.subarray(0, w);
    this.dirty = [];
    this.isDirty.clear();
    this.listedAs.clear();
    this.listed = this.n;
  }

  /**
   * Active rows per GeoHex cell of the level (its index in INDEXED_HEX_LEVELS) in the box, as
   * `lat BETWEEN south AND north AND lng BETWEEN west AND east` counts them: the bands wholly inside
   * a run at a time, the two edge bands a row at a time; then each dirty slot taken out where the
   * lists had it and put in where it is. Null for a box of implausibly many bands.
   */
  plainHexCounts(at: number, b: BBox): Map<number, number> | null {
    const [first, last] = [Math.floor(b.south * 100), Math.floor(b.north * 100)];
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last - first >= 10_000) return null;
    const hex = this.hex[at]!;
    const runsOf = this.bandRuns[at]!;
    const cells = this.hexDicts[at]!.codes;
    const counts = new Map<number, number>();
    const add = (ordinal: number, d: number) => {
      const key = cells[ordinal]!;
      counts.set(key, (counts.get(key) ?? 0) + d);
    };
    const inBox = (lat: number, lng: number) => lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;
    for (let band = first; band <= last; band++) {
      const list = this.postings.band.get(band);
      const lngs = this.bandLng.get(band);
      const runs = runsOf.get(band);
      if (!list || !lngs || !runs) continue;
      const [from, to] = [firstIndex(lngs, b.west, false), firstIndex(lngs, b.east, true)];
      if (band === first || band === last) {
        // floor and the IEEE product are monotonic: a band between the edge bands is wholly inside the box's latitudes.
        for (let j = from; j < to; j++) {
          const s = list[j]!;
          const was = this.isDirty.has(s) ? this.listedAs.get(s) : undefined;
          const lat = was ? was.lat : this.lat[s]!;
          if (lat >= b.south && lat <= b.north) add(was ? was.hex[at]! : hex[s]!, 1);
        }
        continue;
      }
      const { starts, keys } = runs;
      let k = 0;
      for (let hi = keys.length - 1; k < hi;) {
        const mid = (k + hi + 1) >> 1;
        if (starts[mid]! <= from) k = mid;
        else hi = mid - 1;
      }
      for (; k < keys.length && starts[k]! < to; k++) add(keys[k]!, Math.min(starts[k + 1]!, to) - Math.max(starts[k]!, from));
    }
    for (const s of this.dirty) {
      const was = this.listedAs.get(s);
      if (was && inBox(was.lat, was.lng)) add(was.hex[at]!, -1);
      if (this.active[s] === 1 && inBox(this.lat[s]!, this.lng[s]!)) add(hex[s]!, 1);
    }
    return counts;
  }

  needsRebuild(): boolean {
    return this.dirty.length > dirtyLimit(this.n);
  }
}

// ---- the filter as conditions over columns -----------------------------------------------------------

type NumberColumn = Int32Array | Int16Array | Float32Array | Float64Array;

/** One conjunct of the filter, as filterClauses writes it in SQL, over the columns. */
type Test =
  | { kind: 'never' }
  | { kind: 'range'; col: NumberColumn; min: number; max: number }
  | { kind: 'flag'; col: Uint8Array }
  /** The column's value (a code, or an ordinal) is one the mask marks; `or`: or the other column's is. */
  | { kind: 'in'; col: Int32Array | Int16Array; mask: Uint8Array; offset: number; or?: { col: Int32Array; mask: Uint8Array; offset: number } }
  /** Some element's stored value (plus `offset`) is one the mask marks. */
  | { kind: 'overlap'; col: ElementColumn; mask: Uint8Array; offset: number }
  | { kind: 'containsAll'; col: ElementColumn; values: number[] }
  /** Every bit of `need` set in the row's condition bits. */
  | { kind: 'allBits'; bits: Int32Array; need: Int32Array };

interface Condition {
  /** Equal for the same conjunct. */
  key: string;
  test: Test;
  /** Posting lists holding every active row that passes (when the rows written since are added). */
  source?: Int32Array[];
  /** The source's lists share no slot (a box's bands): joined as they are, not sorted and deduplicated. */
  disjoint?: boolean;
  /** The source's lists hold exactly the listed active rows that pass: rows taken from them need no test. */
  exact?: boolean;
}

/**
 * A mask over small codes (prefectures, plans, building types) from a code list, spanning only the
 * codes' range (read beyond it, a test reads undefined: no match); codes beyond smallint match nothing.
 */
function codeMask(codes: readonly number[]): { mask: Uint8Array; offset: number } {
  const small = codes.filter((c) => c >= -SMALL && c < SMALL);
  if (!small.length) return { mask: new Uint8Array(0), offset: 0 };
  const [min, max] = [Math.min(...small), Math.max(...small)];
  const mask = new Uint8Array(max - min + 1);
  for (const c of small) mask[c - min] = 1;
  return { mask, offset: -min };
}

/** A mask over gd_city_code values (they are not dictionary-encoded: a set of the codes, shifted into a mask when small). */
function gdMask(codes: readonly number[]): { mask: Uint8Array; offset: number } | null {
  if (codes.length === 0) return null;
  const [min, max] = [Math.min(...codes), Math.max(...codes)];
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max - min > 1 << 20) return null;
  const mask = new Uint8Array(max - min + 1);
  for (const c of codes) mask[c - min] = 1;
  return { mask, offset: -min };
}

/** Each band's rows with the longitude within [west, east] (the band lists are ordered by longitude). */
function bandRanges(r: Rows, bands: readonly number[], west: number, east: number): Int32Array[] {
  const out: Int32Array[] = [];
  for (const band of bands) {
    const list = r.postings.band.get(band);
    const lngs = r.bandLng.get(band);
    if (!list || !lngs) continue;
    const [from, to] = [firstIndex(lngs, west, false), firstIndex(lngs, east, true)];
    if (to > from) out.push(list.subarray(from, to));
  }
  return out;
}

const never = (key: string): Condition => ({ key, test: { kind: 'never' } });
const range = (key: string, col: NumberColumn, min = -Infinity, max = Infinity): Condition => ({ key, test: { kind: 'range', col, min, max } });
const lists = (m: Map<number, Int32Array>, keys: Iterable<number | undefined>): Int32Array[] =>
  [...keys].flatMap((k) => (k === undefined ? [] : (m.get(k) ?? [])));

function cityConditions(r: Rows, c: CityChoice, prefectureCode: number | null): Condition[] | null {
  const key = `city:${JSON.stringify([c.cityCodes, c.gdCityCodes])}`;
  if (c.cityCodes.length === 0 && c.gdCityCodes.length === 0) return [never(key)];
  const gd = gdMask(c.gdCityCodes);
  if (c.gdCityCodes.length && !gd) return null;
  const cities = r.dicts.city.mask(c.cityCodes);
  const out: Condition[] = [
    {
      key,
      test: { kind: 'in', col: r.city, mask: cities, offset: 0, ...(gd ? { or: { col: r.gdCity, ...gd } } : {}) },
      source: [
        ...lists(
          r.postings.city,
          c.cityCodes.map((code) => r.dicts.city.find(code)),
        ),
        ...lists(r.postings.gdCity, c.gdCityCodes),
      ],
      exact: true,
    },
  ];
  if (prefectureCode === null && c.prefectureCodes.length) {
    out.push({
      key: `prefs:${JSON.stringify(c.prefectureCodes)}`,
      test: { kind: 'in', col: r.pref, ...codeMask(c.prefectureCodes) },
      source: lists(r.postings.pref, c.prefectureCodes),
      exact: true,
    });
  }
  return out;
}

function overlapCondition(r: Rows, column: 'stations' | 'lines', set: readonly number[]): Condition {
  const key = `${column}:${JSON.stringify(set)}`;
  if (set.length === 0) return never(key);
  const col = r[column];
  const mask = col.dict!.mask(set);
  const ordinals = new Set(set.map((code) => col.stored(code)));
  return { key, test: { kind: 'overlap', col, mask, offset: 0 }, source: lists(r.postings[column === 'stations' ? 'station' : 'line'], ordinals), exact: true };
}

/** special.match, as specialClauses in SQL; null for a bound the SQL would refuse. */
function specialConditions(r: Rows, rule: SpecialRule, currentYear: number): Condition[] | null {
  const out: Condition[] = [];
  const k = (name: string, v: unknown) => `special.${name}:${JSON.stringify(v)}`;
  for (const v of [rule.walkMinMax, rule.rentMax, rule.floorMin]) if (v !== undefined && !Number.isInteger(v)) return null;
  if (rule.walkMinMax !== undefined) out.push(range(k('walk', rule.walkMinMax), r.walk, -Infinity, rule.walkMinMax));
  if (rule.noShikikin) out.push({ key: k('noShikikin', true), test: { kind: 'flag', col: r.noShikikin } });
  if (rule.noReikin) out.push({ key: k('noReikin', true), test: { kind: 'flag', col: r.noReikin } });
  if (rule.builtWithinYears !== undefined) {
    const from = builtYearFrom(currentYear, rule.builtWithinYears);
    if (!Number.isInteger(from)) return null;
    out.push(range(k('built', from), r.built, from));
  }
  if (rule.plans?.length) {
    const codes = rule.plans.map((p) => planOrdinal(p)).filter((c): c is number => c !== undefined);
    out.push(codes.length ? { key: k('plans', codes), test: { kind: 'in', col: r.plan, ...codeMask(codes) } } : never(k('plans', codes)));
  }
  if (rule.rentMax !== undefined) out.push(range(k('rent', rule.rentMax), r.chinryou, -Infinity, rule.rentMax));
  if (rule.floorMin !== undefined) out.push(range(k('floor', rule.floorMin), r.floor, rule.floorMin));
  if (rule.conditionCodes?.length) {
    // The element pool holds condition codes shifted by SMALL.
    const { mask, offset } = codeMask(rule.conditionCodes);
    out.push({ key: k('conditions', rule.conditionCodes), test: { kind: 'overlap', col: r.conditions, mask, offset: offset - SMALL } });
  }
  return out;
}

/** `condition_codes @> codes`: by the rows' condition bits where usable, else by their element lists. */
function containsAllCondition(r: Rows, codes: readonly number[]): Condition {
  const key = `conditions:${JSON.stringify(codes)}`;
  if (r.condBitsUsable) {
    const need = new Int32Array(CONDITION_WORDS);
    for (const code of codes) {
      const bit = r.condBit.find(code);
      if (bit === undefined) return never(key); // no row has ever held it
      need[bit >> 5]! |= 1 << (bit & 31);
    }
    return { key, test: { kind: 'allBits', bits: r.condBits, need } };
  }
  const values = [...new Set(codes)].map((code) => r.conditions.stored(code));
  return values.includes(undefined) ? never(key) : { key, test: { kind: 'containsAll', col: r.conditions, values: values as number[] } };
}

/**
 * The filter as conditions, one per SQL conjunct of filterClauses (listing-search.ts) and keyed
 * equal where those are; null when the index cannot answer it (archived listings, free words, a
 * bound the SQL would refuse).
 */
function filterConditions(r: Rows, f: ListingFilter): Condition[] | null {
  if (f.archived || f.words.length) return null;
  const c = f.condition;
  for (const v of [c.rentMin, c.rentMax, c.planMin, c.planMax, c.walkMin]) if (v !== null && !Number.isInteger(v)) return null;
  const out: Condition[] = [];
  if (f.prefectureCode !== null) {
    out.push({
      key: `pref:${f.prefectureCode}`,
      test: { kind: 'in', col: r.pref, ...codeMask([f.prefectureCode]) },
      source: lists(r.postings.pref, [f.prefectureCode]),
      exact: true,
    });
  }
  for (const choice of [...(f.city ? [f.city] : []), ...f.citySets]) {
    const cities = cityConditions(r, choice, f.prefectureCode);
    if (!cities) return null;
    out.push(...cities);
  }
  if (f.townCodes) {
    const key = `town:${JSON.stringify(f.townCodes)}`;
    out.push(f.townCodes.length ? { key, test: { kind: 'in', col: r.town, mask: r.dicts.town.mask(f.townCodes), offset: 0 } } : never(key));
  }
  if (f.storeId !== null) out.push(range(`store:${f.storeId}`, r.store, f.storeId, f.storeId));
  if (f.bbox) {
    const b = f.bbox;
    // floor and the IEEE product are monotonic: a row inside the box is in one of its bands.
    const [from, to] = [Math.floor(b.south * 100), Math.floor(b.north * 100)];
    const bands =
      Number.isSafeInteger(from) && Number.isSafeInteger(to) && to - from < 10_000 ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : null;
    out.push({
      ...range(`lat:${b.south}:${b.north}`, r.lat, b.south, b.north),
      ...(bands ? { source: bandRanges(r, bands, b.west, b.east), disjoint: true } : {}),
    });
    out.push(range(`lng:${b.west}:${b.east}`, r.lng, b.west, b.east));
  }
  if (c.buildingTypes.length)
    out.push({ key: `type:${JSON.stringify(c.buildingTypes)}`, test: { kind: 'in', col: r.buildingType, ...codeMask(c.buildingTypes) } });
  const [rent, rentName] = c.includeKanrihi ? [r.totalRent, 'total'] : [r.chinryou, 'chinryou'];
  if (c.rentMin !== null) out.push(range(`rentMin:${rentName}:${c.rentMin}`, rent, c.rentMin));
  if (c.rentMax !== null) out.push(range(`rentMax:${rentName}:${c.rentMax}`, rent, -Infinity, c.rentMax));
  if (c.noReikin) out.push({ key: 'noReikin', test: { kind: 'flag', col: r.noReikin } });
  if (c.noShikikin) out.push({ key: 'noShikikin', test: { kind: 'flag', col: r.noShikikin } });
  if (c.planMin !== null) out.push(range(`planMin:${c.planMin}`, r.plan, c.planMin));
  if (c.planMax !== null) out.push(range(`planMax:${c.planMax}`, r.plan, -Infinity, c.planMax));
  // area is real: compared in single precision, as `area >= $1::real` is.
  if (c.areaMin !== null) out.push(range(`areaMin:${Math.fround(c.areaMin)}`, r.area, Math.fround(c.areaMin)));
  if (c.areaMax !== null) out.push(range(`areaMax:${Math.fround(c.areaMax)}`, r.area, -Infinity, Math.fround(c.areaMax)));
  if (c.walkMin !== null) out.push(range(`walk:${c.walkMin}`, r.walk, -Infinity, c.walkMin));
  if (c.builtYear !== null) {
    const from = builtYearFrom(f.currentYear, c.builtYear);
    if (!Number.isInteger(from)) return null;
    out.push(range(`built:${from}`, r.built, from));
  }
  if (f.special) {
    const special = specialConditions(r, f.special, f.currentYear);
    if (!special) return null;
    out.push(...special);
  }
  if (c.conditionCodes.length) out.push(containsAllCondition(r, c.conditionCodes));
  for (const set of [...(f.lineCodes ? [f.lineCodes] : []), ...f.lineSets]) out.push(overlapCondition(r, 'lines', set));
  for (const set of [...(f.stationGroups ? [f.stationGroups] : []), ...f.stationSets]) out.push(overlapCondition(r, 'stations', set));
  return out;
}

/** Marks in `ok` (one byte per slot of `slots`, up to `n`) the slots that pass. */
function evaluate(t: Test, slots: Int32Array, n: number, ok: Uint8Array): void {
  runLoop(slots, n, { tests: [], own: [t], parts: [], ok });
}

// ---- counting -------------------------------------------------------------------------------------

/**
 * How a part counts: per stored value of a column (an ordinal, or a smallint code; the element pool
 * of the conditions holds them shifted), at index `value - base` of an array `size` long, and the key
 * each index stands for.
 */
type Counting =
  | { kind: 'scalar'; col: Int32Array | Int16Array; base: number; size: number; key: (i: number) => number }
  /** Per value rounded down or up (an area), counted in a map. */
  | { kind: 'keyed'; col: Float32Array; round: 'floor' | 'ceil' }
  | { kind: 'elements'; col: ElementColumn; base: number; size: number; key: (i: number) => number }
  /** Per set bit of the rows' condition bits; `codes` by bit; `words`: the words any row has a bit set in (the first ones). */
  | { kind: 'bits'; bits: Int32Array; codes: readonly number[]; words: number };

function countingOf(r: Rows, key: FacetPart['key']): Counting {
  if ('elements' in key && key.elements === 'condition_codes' && r.condBitsUsable)
    return { kind: 'bits', bits: r.condBits, codes: r.condBit.codes, words: Math.max(1, Math.ceil(r.condBit.codes.length / 32)) };
  if ('elements' in key) {
    const col = { condition_codes: r.conditions, line_codes: r.lines, station_groups: r.stations }[key.elements];
    const dict = col.dict;
    if (dict) return { kind: 'elements', col, base: 0, size: dict.codes.length, key: (i) => dict.codes[i]! };
    const b = r.bounds.conditions;
    return { kind: 'elements', col, base: b.min + SMALL, size: b.max - b.min + 1, key: (i) => i + b.min };
  }
  const small = (col: Int16Array, name: SmallColumn): Counting => {
    const b = r.bounds[name];
    return { kind: 'scalar', col, base: b.min, size: b.max - b.min + 1, key: (i) => i + b.min };
  };
  // A null code groups as the SQL's null key does once read as a number: 0.
  const coded = (col: Int32Array, dict: Dictionary): Counting => ({
    kind: 'scalar',
    col,
    base: 0,
    size: dict.codes.length,
    key: (i) => (dict.codes[i] === NULL_CODE ? 0 : dict.codes[i]!),
  });
  const byColumn: Record<FacetColumn, () => Counting> = {
    chinryou: () => coded(r.chinryouOrd, r.dicts.chinryou),
    total_rent: () => coded(r.totalRentOrd, r.dicts.totalRent),
    walk_min: () => small(r.walk, 'walk'),
    built_year: () => small(r.built, 'built'),
    plan_code: () => small(r.plan, 'plan'),
    building_type: () => small(r.buildingType, 'buildingType'),
    prefecture_code: () => small(r.pref, 'pref'),
    city_code: () => coded(r.city, r.dicts.city),
    town_code: () => coded(r.town, r.dicts.town),
    area_floor: () => ({ kind: 'keyed', col: r.area, round: 'floor' }),
    area_ceil: () => ({ kind: 'keyed', col: r.area, round: 'ceil' }),
  };
  return byColumn[key.column]();
}

/** A part's counts as the loop leaves them: an array by value (less the counting's base) or bit, or a map by key. */
type Tally = Int32Array | Map<number, number>;

function tallyOf(how: Counting): Tally {
  if (how.kind === 'keyed') return new Map();
  return new Int32Array(how.kind === 'bits' ? CONDITION_WORDS * 32 : how.size);
}

/**
 * A part's counts per key, from its tally; largest first, then by key. With `within`, the matches
 * within each bound instead, in the bounds' order (no list per key made: a rent facet has thousands).
 */
function countsOf(how: Counting, tally: Tally, within?: Within): KeyCount[] {
  const key = how.kind === 'bits' ? (i: number) => how.codes[i]! : how.kind === 'keyed' ? (i: number) => i : how.key;
  if (within) {
    const sums = new WithinBounds(within);
    if (tally instanceof Map) for (const [k, c] of tally) sums.add(k, c);
    else for (let i = 0; i < tally.length; i++) if (tally[i] !== 0) sums.add(key(i), tally[i]!);
    return sums.counts();
  }
  if (tally instanceof Map) return keyCounts(tally)!;
  let n = 0;
  for (let i = 0; i < tally.length; i++) if (tally[i] !== 0) n++;
  const [keys, counts] = [new Float64Array(n), new Float64Array(n)];
  for (let i = 0, w = 0; i < tally.length; i++) {
    if (tally[i] === 0) continue;
    keys[w] = key(i);
    counts[w++] = tally[i]!;
  }
  return byCount(keys, counts);
}

// ---- the loops, compiled per shape ---------------------------------------------------------------

/**
 * What one pass over the candidate slots does: skip a slot failing any of `tests`; mark in a word the
 * `own` tests it fails (bit i for own[i]); count it into each part whose mask misses those bits; or,
 * with `ok`, mark per slot whether it passes own[0].
 */
interface Loop {
  tests: readonly Test[];
  own: readonly Test[];
  parts: readonly { how: Counting; mask: number; tally: Tally }[];
  ok?: Uint8Array;
}

type CompiledLoop = (slots: Int32Array, n: number, args: readonly unknown[]) => void;

/**
 * The source of each shape's loop, compiled once: a facet page's tests and counts are a handful of
 * kinds, and one loop over the slots with each test and count written out in it (a query compiled,
 * as databases do) runs several times faster than a pass per test with the survivors copied between
 * them (docs/benchmarks.md). Only kinds, array types and masks make the shape; every value (a column,
 * a bound, a mask) is an argument, so the source holds nothing a request sent.
 */
const compiledLoops = new LRUCache<string, CompiledLoop>({ max: 256 });

/** A loop written out: its source (the function's body), the key it is compiled under, its arguments and which of them are tallies. */
interface LoopSource {
  key: string;
  source: string;
  args: unknown[];
  tallies: number[];
}

function loopSource(loop: Loop): LoopSource {
  const args: unknown[] = [];
  const shape: string[] = [];
  const tallies: number[] = [];
  /** An argument's name in the source; its array type (if any) is part of the shape. */
  const arg = (v: unknown): string => {
    args.push(v);
    shape.push(ArrayBuffer.isView(v) ? v.constructor.name : typeof v);
    return `a${args.length - 1}`;
  };
  const lines: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  // The cheap tests' results ANDed, one branch for all of them; each costlier test its own branch.
  const tests = folded(loop.tests);
  const cheap = tests.filter((t) => CHEAP.has(t.kind));
  if (cheap.length) lines.push('q = 1;', ...cheap.map((t) => `${testSource(t, arg)} q &= p;`), 'if (q === 0) continue;');
  for (const t of tests.filter((x) => !CHEAP.has(x.kind))) lines.push(testSource(t, arg), 'if (p === 0) continue;');
  if (loop.ok) {
    lines.push(testSource(loop.own[0]!, arg), `${arg(loop.ok)}[i] = p;`);
  } else {
    if (loop.own.length) lines.push('f = 0;');
    loop.own.forEach((t, i) => lines.push(testSource(t, arg), `f |= (p ^ 1) << ${i};`));
    loop.parts.forEach(({ how, mask, tally }, i) => {
      tallies.push(args.length);
      const source = countSource(how, tally, arg, `c${i}`);
      lines.push(`if ((f & ${mask}) === 0) {`, source.each, '}');
      before.push(source.before ?? '');
      after.push(source.after ?? '');
    });
  }
  const body = `${before.join('\n')}\nfor (let i = 0; i < n; i++) {\nconst s = slots[i];\n${lines.join('\n')}\n}\n${after.join('\n')}`;
  const names = args.map((_, i) => `a${i}`);
  const source = `"use strict"; const [${names.join(', ')}] = args; let p = 0, q = 0, f = 0, v = 0, b = 0;\n${body}`;
  return { key: `${shape.join(',')}|${body}`, source, args, tallies };
}

/** Runs the loop on this thread. */
function runLoop(slots: Int32Array, n: number, loop: Loop, written = loopSource(loop)): void {
  let compiled = compiledLoops.get(written.key);
  if (!compiled) {
    // Our own templates only: every value comes in as an argument.
    compiled = new Function('slots', 'n', 'args', written.source) as CompiledLoop;
    compiledLoops.set(written.key, compiled);
  }
  compiled(slots, n, written.args);
}

/**
 * Runs the loop in a worker thread when it visits at least `workerRows` slots (posting a task costs
 * ~0.1 ms: small loops stay here), else, or when the worker fails, on this thread.
 */
async function countLoop(slots: Int32Array, n: number, loop: Loop, workers: LoopWorkers | null, workerRows: number): Promise<void> {
  const written = loopSource(loop);
  if (workers && n >= workerRows) {
    try {
      const tallies = await workers.run({ ...written, slots, n });
      tallies.forEach((t, i) => {
        const mine = written.args[written.tallies[i]!] as Tally;
        if (mine instanceof Map) for (const [k, c] of t as Map<number, number>) mine.set(k, c);
        else mine.set(t as Int32Array);
      });
      return;
    } catch {
      // A worker died: count here.
    }
  }
  runLoop(slots, n, loop, written);
}

/** Tests read in a few loads and compares: evaluated without branching, and their results ANDed before one branch. */
const CHEAP = new Set<Test['kind']>(['never', 'range', 'flag', 'in', 'allBits']);

/**
 * The tests a row must pass, cheap ones first, and ranges over the same column folded into one (the
 * rent's floor and ceiling are two conditions, one load).
 */
function folded(tests: readonly Test[]): Test[] {
  const ranges = new Map<NumberColumn, Extract<Test, { kind: 'range' }>>();
  const out: Test[] = [];
  for (const t of tests) {
    if (t.kind !== 'range') continue;
    const seen = ranges.get(t.col);
    if (seen) [seen.min, seen.max] = [Math.max(seen.min, t.min), Math.min(seen.max, t.max)];
    else ranges.set(t.col, { ...t });
  }
  out.push(...ranges.values(), ...tests.filter((t) => t.kind !== 'range' && CHEAP.has(t.kind)), ...tests.filter((t) => !CHEAP.has(t.kind)));
  return out;
}

/** Source setting `p` to 1 when slot `s` passes the test, else 0. */
function testSource(t: Test, arg: (v: unknown) => string): string {
  switch (t.kind) {
    case 'never':
      return 'p = 0;';
    case 'range': {
      // An open side is not compared (the rent's floor alone is one compare).
      const sides = [t.min !== -Infinity ? `(v >= ${arg(t.min)})` : '', t.max !== Infinity ? `(v <= ${arg(t.max)})` : ''].filter(Boolean);
      return sides.length ? `v = ${arg(t.col)}[s]; p = ${sides.join(' & ')};` : 'p = 1;';
    }
    case 'flag':
      return `p = ${arg(t.col)}[s];`;
    case 'in': {
      // A value beyond the mask reads undefined: `| 0` makes it 0.
      const one = `${arg(t.mask)}[${arg(t.col)}[s] + ${arg(t.offset)}]`;
      return `p = (${one}${t.or ? ` | ${arg(t.or.mask)}[${arg(t.or.col)}[s] + ${arg(t.or.offset)}]` : ''}) | 0;`;
    }
    case 'overlap': {
      const [start, len, pool, mask, offset] = [arg(t.col.start), arg(t.col.len), arg(t.col.pool), arg(t.mask), arg(t.offset)];
      return `p = 0; for (let j = ${start}[s], e = j + ${len}[s]; j < e; j++) if (${mask}[${pool}[j] + ${offset}] === 1) { p = 1; break; }`;
    }
    case 'allBits': {
      const [bits, need] = [arg(t.bits), arg(t.need)];
      // Only the words holding a needed bit are read (the master's 81 codes fill three of the four).
      const words = [...t.need.keys()].filter((w) => t.need[w] !== 0).map((w) => `((${bits}[b + ${w}] & ${need}[${w}]) === ${need}[${w}])`);
      return words.length ? `b = s * ${CONDITION_WORDS}; p = ${words.join(' & ')};` : 'p = 1;';
    }
    case 'containsAll': {
      const [start, len, pool, values] = [arg(t.col.start), arg(t.col.len), arg(t.col.pool), arg(Int32Array.from(t.values))];
      return `p = 1; for (let k = 0; k < ${values}.length && p === 1; k++) { p = 0; for (let j = ${start}[s], e = j + ${len}[s]; j < e; j++) if (${pool}[j] === ${values}[k]) { p = 1; break; } }`;
    }
  }
}

/**
 * Source counting slot `s` into the tally (`each`), with what runs before and after the loop; `name`:
 * a prefix for the part's own locals.
 */
function countSource(how: Counting, tally: Tally, arg: (v: unknown) => string, name: string): { each: string; before?: string; after?: string } {
  const t = arg(tally);
  switch (how.kind) {
    case 'scalar':
      return { each: `${t}[${arg(how.col)}[s] - ${arg(how.base)}]++;` };
    case 'keyed':
      return { each: `v = Math.${how.round}(${arg(how.col)}[s]); ${t}.set(v, (${t}.get(v) ?? 0) + 1);` };
    case 'elements': {
      const [start, len, pool, base] = [arg(how.col.start), arg(how.col.len), arg(how.col.pool), arg(how.base)];
      return { each: `for (let j = ${start}[s], e = j + ${len}[s]; j < e; j++) ${t}[${pool}[j] - ${base}]++;` };
    }
    case 'bits':
      return bitCountSource(arg(how.bits), t, name, how.words);
  }
}

/**
 * Counts per bit of the rows' condition bits without a branch per bit: each word's bits are added
 * four at a time into nibble lanes (bits k, k + 4, … of the word in accumulator k), and every 15 rows
 * (before a nibble could overflow) the lanes are added into the tally. A row has ~23 codes; walking
 * its set bits one by one cost ~45% of a prefecture-wide facet page. Only the first `words` are read: those
 * any row has a bit in (the master's 81 codes fill three of the four; the fourth cost a quarter of this).
 */
function bitCountSource(bits: string, tally: string, name: string, words: number): { each: string; before: string; after: string } {
  const accumulators = Array.from({ length: words * 4 }, (_, i) => `${name}a${i}`);
  const each: string[] = [`b = s * ${CONDITION_WORDS};`];
  const flush: string[] = [];
  for (let w = 0; w < words; w++) {
    each.push(`v = ${bits}[b + ${w}];`);
    for (let k = 0; k < 4; k++) {
      const a = accumulators[w * 4 + k]!;
      each.push(`${a} = (${a} + ((v >>> ${k}) & 0x11111111)) | 0;`);
      for (let lane = 0; lane < 8; lane++) flush.push(`${tally}[${w * 32 + lane * 4 + k}] += (${a} >>> ${lane * 4}) & 15;`);
      flush.push(`${a} = 0;`);
    }
  }
  const flushed = `{ ${flush.join(' ')} ${name}n = 0; }`;
  return {
    before: `let ${name}n = 0, ${accumulators.map((a) => `${a} = 0`).join(', ')};`,
    each: `${each.join(' ')} if (++${name}n === 15) ${flushed}`,
    after: flushed,
  };
}

/** Counts per key, largest first, then by key (as countsOf gives them); none of zero. */
function keyCounts(counts: Map<number, number> | null): KeyCount[] | null {
  if (!counts) return null;
  const positive = [...counts].filter(([, c]) => c > 0);
  return byCount(
    Float64Array.from(positive, ([k]) => k),
    Float64Array.from(positive, ([, c]) => c),
  );
}

/** Counts below this and keys in int32 pack into one exactly representable number: (BELOW - count) * 2^32 + key + 2^31. */
const PACKED_COUNTS_BELOW = 2 ** 21;
const [TWO_32, TWO_31] = [2 ** 32, 2 ** 31];

/**
 * Keys with their counts, largest count first, then by key. Packed into numbers and sorted as a
 * Float64Array (a native numeric sort): sorting thousands of objects with a comparator (a rent facet
 * counts per yen) cost ~7% of a facet page; other keys or counts sort as objects.
 */
function byCount(keys: Float64Array, counts: Float64Array): KeyCount[] {
  const n = keys.length;
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [k, c] = [keys[i]!, counts[i]!];
    if (!(Number.isInteger(k) && k >= -TWO_31 && k < TWO_31 && c < PACKED_COUNTS_BELOW)) {
      return Array.from(keys, (key, j) => ({ key, count: counts[j]! })).sort((a, b) => b.count - a.count || a.key - b.key);
    }
    packed[i] = (PACKED_COUNTS_BELOW - c) * TWO_32 + k + TWO_31;
  }
  packed.sort();
  const out = new Array<KeyCount>(n);
  for (let i = 0; i < n; i++) {
    const v = packed[i]!;
    const high = Math.floor(v / TWO_32);
    out[i] = { key: v - high * TWO_32 - TWO_31, count: PACKED_COUNTS_BELOW - high };
  }
  return out;
}

/**
 * The active slots among which are all the rows passing `narrow` (its posting lists, less the rows
 * written since that no longer belong, with those written that do), or every active slot; ascending,
 * or a box's disjoint bands one after another. For an exact `narrow`, each slot passes it.
 */
function candidates(r: Rows, narrow: Condition | null): Int32Array {
  const source = narrow?.source;
  if (r.dirty.length === 0) {
    // The lists were built over the active rows, and nothing has changed since.
    if (!source) return r.all;
    if (source.length === 1) return source[0]!;
  }
  if (!source) {
    const every = new Int32Array(r.n);
    let w = 0;
    for (let s = 0; s < r.n; s++) if (r.active[s] === 1) every[w++] = s;
    return every.subarray(0, w);
  }
  const dirty = Int32Array.from(r.dirty);
  const pass = new Uint8Array(dirty.length);
  if (narrow.exact) evaluate(narrow.test, dirty, dirty.length, pass);
  else pass.fill(1);
  // Written rows that pass (and are active) join, moved to the front of `dirty`; the others leave.
  let joins = 0;
  const leaving: number[] = [];
  for (let i = 0; i < dirty.length; i++) {
    const slot = dirty[i]!;
    if ((pass[i]! &= r.active[slot]!) === 1) dirty[joins++] = slot;
    else leaving.push(slot);
  }
  const all = new Int32Array(source.reduce((n, l) => n + l.length, 0) + joins);
  let at = 0;
  for (const l of source) {
    all.set(l, at);
    at += l.length;
  }
  // Sorting a wide box's 300,000 slots cost more than the grouping after it.
  if (narrow.disjoint && r.dirty.length === 0) return all;
  all.set(dirty.subarray(0, joins), at);
  all.sort();
  // A written row the lists hold that is archived now, or (exact) fails the condition now, leaves:
  // both lists are sorted, so one walk drops the repeats and the leaving slots (no mask of every slot).
  const leaves = Int32Array.from(leaving).sort();
  let w = 0;
  let k = 0;
  let previous = -1;
  for (let i = 0; i < all.length; i++) {
    const slot = all[i]!;
    if (slot === previous) continue;
    previous = slot;
    while (k < leaves.length && leaves[k]! < slot) k++;
    if (k < leaves.length && leaves[k] === slot) continue;
    all[w++] = slot;
  }
  return all.subarray(0, w);
}

/** The condition whose posting lists hold the fewest rows (the one to start from), or null to start from every row. */
function narrowest(r: Rows, conditions: readonly Condition[]): Condition | null {
  let best: Condition | null = null;
  let bestSize = r.all.length / 2; // beyond half the rows, sorting the lists costs more than it saves
  for (const c of conditions) {
    if (!c.source) continue;
    const size = c.source.reduce((n, l) => n + l.length, 0);
    if (size < bestSize) [best, bestSize] = [c, size];
  }
  return best;
}

/**
 * Counts per key for each part, as facetCounts in SQL; null when a part's filter is not one the index
 * answers. Parts are counted together when they start from the same rows: on a line search every
 * facet but the lines' counts the line's rows, the lines' facet the prefecture's.
 */
async function countParts(r: Rows, parts: readonly FacetPart[], where: LoopPlace): Promise<KeyCount[][] | null> {
  const perPart: Condition[][] = [];
  for (const p of parts) {
    const conditions = filterConditions(r, p.filter);
    if (!conditions) return null;
    perPart.push(conditions);
  }
  const groups = new Map<string, number[]>();
  perPart.forEach((cs, i) => {
    const key = narrowest(r, cs)?.key ?? '';
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  // The groups side by side (in worker threads when they are large).
  const counted = await Promise.all(
    [...groups.values()].map((members) =>
      countGroup(
        r,
        members.map((i) => countingOf(r, parts[i]!.key)),
        members.map((i) => perPart[i]!),
        where,
        members.map((i) => parts[i]!.within),
      ),
    ),
  );
  if (counted.some((c) => !c)) return null;
  const out: KeyCount[][] = [];
  [...groups.values()].forEach((members, g) => members.forEach((i, j) => (out[i] = counted[g]![j]!)));
  return out;
}

/** Where a count's loops run: in worker threads from `workerRows` slots up (no workers: all on this thread). */
interface LoopPlace {
  workers: LoopWorkers | null;
  workerRows: number;
}

/** Counts the parts in one pass over the rows passing the conditions they share. */
async function countGroup(
  r: Rows,
  countings: readonly Counting[],
  perPart: readonly Condition[][],
  where: LoopPlace,
  within: readonly (Within | undefined)[] = [],
): Promise<KeyCount[][] | null> {
  const keysOf = perPart.map((cs) => new Set(cs.map((c) => c.key)));
  const common = perPart[0]!.filter((c) => keysOf.every((ks) => ks.has(c.key)));
  const own = new Map<string, Condition>();
  for (const cs of perPart) for (const c of cs) if (!keysOf.every((ks) => ks.has(c.key))) own.set(c.key, c);
  if (own.size > 31) return null;
  const ownBit = new Map([...own.keys()].map((k, i) => [k, 1 << i]));
  const masks = perPart.map((cs) => cs.reduce((m, c) => m | (ownBit.get(c.key) ?? 0), 0));
  if (common.some((c) => c.test.kind === 'never')) return countings.map((how, i) => countsOf(how, tallyOf(how), within[i]));

  // One pass over the candidates: a common condition's failure skips the row (not the condition they
  // were taken by when its lists are exact), an own condition's marks a bit, then each part counts.
  const narrow = narrowest(r, common);
  const slots = candidates(r, narrow);
  const parts = countings.map((how, i) => ({ how, mask: masks[i]!, tally: tallyOf(how) }));
  const loop = { tests: common.filter((c) => !(c === narrow && c.exact)).map((c) => c.test), own: [...own.values()].map((c) => c.test), parts };
  await countLoop(slots, slots.length, loop, where.workers, where.workerRows);
  return parts.map((p, i) => countsOf(p.how, p.tally, within[i]));
}

// ---- keeping it in step with the table --------------------------------------------------------------

interface Snapshot {
  xmin: string;
  generation: string;
}

/** Run in a repeatable-read transaction, its first statement: what the snapshot has seen. */
async function snapshotOf(trx: Kysely<DB>): Promise<Snapshot> {
  const { rows } = await sql<Snapshot>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
    (SELECT generation::text FROM listing_generation) AS generation`.execute(trx);
  return rows[0]!;
}

const readSnapshot = (db: Kysely<DB>) => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only');

export interface IndexState {
  rows: number;
  dirty: number;
  loadedInMs: number | null;
  /** Reads of what was written since, started so far. */
  reads: number;
}

export class ListingIndex {
  private rows: Rows | null = null;
  private seen: Snapshot | null = null;
  private loading: Promise<void> | null = null;
  private first: Promise<void> | null = null;
  private failedAt = 0;
  private running: Promise<boolean> | null = null;
  /** When the read under way started, and when the last one ended (performance.now()). */
  private runningSince = 0;
  private lastEnded = 0;
  private reads = 0;
  private next: Promise<boolean> | null = null;
  private loadedInMs: number | null = null;
  private closed = false;
  /** Where the counting loops run (threads start with the first loop of WORKER_ROWS slots or more). */
  private readonly where: LoopPlace & { workers: LoopWorkers };

  /** `workerRows`: loops over this many slots or more run in worker threads; `threads`: how many (default: one per core). */
  constructor(
    private readonly db: Kysely<DB>,
    opts: { workerRows?: number; threads?: number } = {},
  ) {
    this.where = { workers: new LoopWorkers(opts.threads), workerRows: opts.workerRows ?? WORKER_ROWS };
  }

  /**
   * Starts no more reads, waits for those under way (a load's transaction still open when the pool
   * closes, or when a test drops the schema, would hold its locks: a DROP deadlocked on them) and
   * stops the worker threads. An app built later over the same database gets an index of its own.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (indexes.get(this.db) === this) indexes.delete(this.db);
    await Promise.allSettled([this.loading, this.running, this.next]);
    await this.where.workers.close();
  }

  /** Starts the full load if none has finished or is under way; resolves when it has ended (loaded or failed). */
  load(): Promise<void> {
    if (this.rows || this.closed) return Promise.resolve();
    this.loading ??= this.fullLoad().finally(() => {
      this.loading = null;
    });
    this.first ??= this.loading;
    return this.loading;
  }

  /**
   * The first load's end (loaded or failed), starting it if none has started: what readiness waits for.
   * A later load (after a deletion) is not waited for: SQL answers meanwhile, and every replica going
   * unready at once for it would be worse.
   */
  firstLoad(): Promise<void> {
    return this.first ?? this.load();
  }

  state(): IndexState {
    return { rows: this.rows?.n ?? 0, dirty: this.rows?.dirty.length ?? 0, loadedInMs: this.loadedInMs, reads: this.reads };
  }

  /**
   * Each part's counts per key, exact as of `askedAt` (performance.now() when the question was asked;
   * by default this call): every write committed before it is counted. Null when the caller should
   * count in SQL.
   */
  async facetCounts(parts: readonly FacetPart[], askedAt = performance.now()): Promise<KeyCount[][] | null> {
    const rows = await this.caughtUpRows(askedAt);
    return rows && countParts(rows, parts, this.where);
  }

  /**
   * Matches per GeoHex cell at the level, as hexCounts in SQL (the filter carries the map's box),
   * largest first, then by cell; null when the caller should count in SQL (a level the index does
   * not hold, or as for facetCounts).
   */
  async hexCounts(f: ListingFilter, level: number, askedAt = performance.now()): Promise<{ x: number; y: number; count: number }[] | null> {
    const at = INDEXED_HEX_LEVELS.indexOf(level as HexLevel);
    if (at < 0 || !f.bbox) return null;
    const rows = await this.caughtUpRows(askedAt);
    const conditions = rows && filterConditions(rows, f);
    if (!rows || !conditions) return null;
    // Without a search condition (the box alone), the cells' runs; else the rows that pass, counted per cell ordinal.
    const plain = conditions.every((c) => c.key.startsWith('lat:') || c.key.startsWith('lng:'));
    const { codes } = rows.hexDicts[at]!;
    const perCell: Counting = { kind: 'scalar', col: rows.hex[at]!, base: 0, size: codes.length, key: (i) => codes[i]! };
    const cells = plain ? keyCounts(rows.plainHexCounts(at, f.bbox)) : (await countGroup(rows, [perCell], [conditions], this.where))?.[0];
    if (!cells) return null;
    // The database's packing, undone as its `cell >> 32` and `(cell & 4294967295) - 2147483648` do.
    return cells.map(({ key, count }) => {
      const x = Math.floor(key / 4_294_967_296);
      return { x, y: key - x * 4_294_967_296 - 2_147_483_648, count };
    });
  }

  /** The rows once caught up with the table, or null (not loaded: a load starts; or the read failed). */
  private async caughtUpRows(askedAt: number): Promise<Rows | null> {
    if (!this.rows) {
      if (Date.now() - this.failedAt >= RETRY_MS) void this.load();
      return null;
    }
    if (!(await this.caughtUp(askedAt))) return null;
    return this.rows;
  }

  private async fullLoad(): Promise<void> {
    const started = performance.now();
    try {
      const { rows, seen } = await readSnapshot(this.db).execute(async (trx) => {
        const seen = await snapshotOf(trx);
        const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM listing WHERE NOT archived`.execute(trx);
        const rows = new Rows(Number(counted[0]?.n ?? 0));
        const ids: number[] = [];
        let after = -1;
        for (;;) {
          const batch = await sql<ListingRow>`SELECT ${ROW_COLUMNS} FROM listing WHERE NOT archived AND id > ${after}
            ORDER BY id LIMIT ${LOAD_BATCH}`.execute(trx);
          rows.load(batch.rows);
          for (const row of batch.rows) ids.push(Number(row.id));
          if (batch.rows.length < LOAD_BATCH) break;
          after = ids[ids.length - 1]!;
          // Other requests are served between batches.
          await new Promise((r) => setImmediate(r));
        }
        rows.loaded(Float64Array.from(ids));
        return { rows, seen };
      });
      [this.rows, this.seen] = [rows, seen];
      this.loadedInMs = Math.round(performance.now() - started);
    } catch {
      this.failedAt = Date.now();
    }
  }

  /**
   * Reads what was written since the last read, in a read that started at or after `askedAt`
   * (concurrent callers share one): its snapshot is taken later, so it sees every write committed
   * before the question. False when that read failed or found rows deleted (a full load starts).
   */
  private caughtUp(askedAt: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (!this.running) {
      this.runningSince = performance.now();
      this.reads++;
      this.running = this.readWritten().finally(() => {
        this.running = null;
        this.lastEnded = performance.now();
      });
      return this.running;
    }
    // Under load a read is nearly always under way: one that started after the question serves it.
    if (this.runningSince >= askedAt) return this.running;
    // It started before the question: wait for the one after it.
    this.next ??= this.running
      .catch(() => false)
      .then(() => {
        this.next = null;
        // Everyone waiting here asked before that read ended; a read started since serves them all.
        return this.caughtUp(this.lastEnded);
      });
    return this.next;
  }

  private async readWritten(): Promise<boolean> {
    const since = this.seen;
    if (!since) return false;
    try {
      // One statement, so one snapshot (its xmin and the rows it sees agree) in one round trip; a
      // transaction took four, each request waiting for them.
      const { rows: read } = await sql<ListingRow & { snapshot_xmin: string; snapshot_generation: string }>`WITH snap AS MATERIALIZED (
          SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS snapshot_xmin, (SELECT generation::text FROM listing_generation) AS snapshot_generation)
        SELECT snap.*, w.* FROM snap LEFT JOIN LATERAL (SELECT ${ROW_COLUMNS} FROM listing WHERE written_xact >= ${since.xmin}::xid8) w ON true`.execute(
        this.db,
      );
      const first = read[0]!;
      const seen: Snapshot = { xmin: first.snapshot_xmin, generation: first.snapshot_generation };
      // No row written: the one row carries the snapshot alone.
      const written = seen.generation !== since.generation ? null : read.filter((r) => r.id !== null);
      const rows = this.rows;
      if (!rows || this.seen !== since) return false;
      if (!written) {
        // Rows were deleted: load everything again; SQL answers meanwhile.
        [this.rows, this.seen] = [null, null];
        void this.load();
        return false;
      }
      if (written.length) {
        // Loops in worker threads read the columns: write only once none is running (this block is
        // synchronous from the check on, so none starts before the writes end).
        while (this.where.workers.busy > 0) await this.where.workers.idle();
        if (this.rows !== rows || this.seen !== since) return false;
        for (const row of written) rows.put(row);
        if (rows.needsRebuild()) rows.buildPostings();
      }
      this.seen = seen;
      return true;
    } catch {
      return false;
    }
  }
}

const indexes = new WeakMap<Kysely<DB>, ListingIndex>();

/** This database's listing index (one per process and database). */
export function listingIndex(db: Kysely<DB>): ListingIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new ListingIndex(db)));
  return index;
}
