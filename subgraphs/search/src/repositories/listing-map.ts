import { MAP_LEVELS } from '@sumika/spec';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BBox, ListingFilter } from '../domain/filter.js';
import type { DB } from './db.js';
import { listingIndex } from './listing-index.js';
import { aggregate, filterClauses, ints, whereOf } from './listing-search.js';

/** The map levels whose cells every listing stores (listing.hex3 … hex12, migration 0006): the map's levels. */
export const STORED_HEX_LEVELS = MAP_LEVELS;

/** The map levels whose listings per cell and square are kept on write (listing_map_count, migration 0007). */
export const COUNTED_HEX_LEVELS = { min: 3, max: 6 } as const;

/**
 * The stored cell column of a level. Each holds the GeoHex grid cell (x, y) of the listing at that
 * level, the arithmetic of geohex.ts xyOfLocation done by the database on every write (function
 * geohex_cell), packed as x * 2^32 + (y + 2^31): a map view groups one bigint per listing.
 */
function hexColumn(level: number): RawBuilder<unknown> {
  if (!Number.isInteger(level) || level < STORED_HEX_LEVELS.min || level > STORED_HEX_LEVELS.max) throw new Error(`no stored GeoHex cells at level ${level}`);
  return sql.ref(`hex${level}`);
}

const packed = (cell: { x: number; y: number }) => sql`(${cell.x}::int8 * 4294967296 + (${cell.y}::int8 + 2147483648))`;

export interface HexCount {
  x: number;
  y: number;
  count: number;
}

/**
 * Matches per GeoHex cell at the level (the filter should carry the map's bounding box). At the
 * wide levels the in-memory listing index counts (a view without a search condition from its cells'
 * runs, others from the rows that pass); in SQL otherwise, and until the index has loaded: there a
 * view without a search condition at the counted levels adds up the counts kept on write. All give
 * the same counts (listing-index.test.ts, map-counts.test.ts); docs/benchmarks.md has the figures.
 * `askedAt`: performance.now() when the question was asked (as for facetCounts).
 */
export async function hexCounts(db: Kysely<DB>, f: ListingFilter, level: number, askedAt = performance.now()): Promise<HexCount[]> {
  return (await listingIndex(db).hexCounts(f, level, askedAt)) ?? hexCountsInSql(db, f, level);
}

/** The counted-table parts of a map view without a search condition at a counted level; null for any other view. */
const countedPartsOf = (f: ListingFilter, level: number) =>
  f.bbox && isCountedLevel(level) && filterClauses({ ...f, bbox: null }).length === 1 && !f.archived ? countedParts(f, f.bbox, level) : null;

/** hexCounts in SQL alone (the fallback, and what the tests compare the index with). */
export async function hexCountsInSql(db: Kysely<DB>, f: ListingFilter, level: number): Promise<HexCount[]> {
  const counted = countedPartsOf(f, level);
  const cell = hexColumn(level);
  const { rows } = await aggregate(db, async (q) => {
    if (!counted) {
      return sql<{ hx: string; hy: string; n: number }>`
        SELECT ${cell} >> 32 AS hx, (${cell} & 4294967295) - 2147483648 AS hy, count(*)::int AS n
        FROM listing WHERE ${whereOf(f)} GROUP BY ${cell} ORDER BY 3 DESC, 1, 2`.execute(q);
    }
    // A few milliseconds of reading: starting parallel workers would take longer than the query.
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(q);
    return sql<{ hx: string; hy: string; n: number }>`
      SELECT cell >> 32 AS hx, (cell & 4294967295) - 2147483648 AS hy, sum(n)::int AS n
      FROM (${sql.join(counted, sql` UNION ALL `)}) parts GROUP BY cell HAVING sum(n) > 0 ORDER BY 3 DESC, 1, 2`.execute(q);
  });
  return rows.map((r) => ({ x: Number(r.hx), y: Number(r.hy), count: Number(r.n) }));
}

const isCountedLevel = (level: number) => level >= COUNTED_HEX_LEVELS.min && level <= COUNTED_HEX_LEVELS.max;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const floorDiv = (a: number, b: number) => Math.floor(a / b);

/**
 * A map box without a search condition as parts of (cell, n) to add up: the counts kept for the
 * 0.1° squares wholly inside the box, the 0.01° squares wholly inside it but in no such 0.1° square,
 * and the listings of the 0.01° squares the box's edges cross, counted from the rows. A 0.01° square
 * (i, j) = (floor(lat * 100), floor(lng * 100)) is wholly inside when floor(south * 100) < i <
 * floor(north * 100), and so for longitude: the IEEE product and floor are monotonic, the same in
 * JavaScript and SQL, so a listing in such a square is in the box (the argument of listing-search.ts
 * bandClause). Null when the box has no such square (thinner than two squares): then the rows are grouped.
 */
function countedParts(f: ListingFilter, b: BBox, level: number): RawBuilder<unknown>[] | null {
  const [s, n, w, e] = [Math.floor(b.south * 100), Math.floor(b.north * 100), Math.floor(b.west * 100), Math.floor(b.east * 100)];
  if (![s, n, w, e].every(Number.isSafeInteger) || n - s < 2 || e - w < 2) return null;
  const cell = hexColumn(level);
  const active = sql.join(filterClauses({ ...f, bbox: null }), sql` AND `);
  const inBox = sql`lat BETWEEN ${b.south} AND ${b.north} AND lng BETWEEN ${b.west} AND ${b.east}`;
  const band = sql`floor(lat * 100)::int`;
  const rows = (where: RawBuilder<unknown>) =>
    sql`SELECT ${cell} AS cell, count(*)::int AS n FROM listing WHERE ${active} AND ${inBox} AND ${where} GROUP BY 1`;
  const inner = ints(range(s + 1, n - 1));
  const parts = [
    // The south and north edges' bands, whole; then the west and east edges' squares of the bands between.
    rows(sql`${band} = ${s}`),
    rows(sql`${band} = ${n}`),
    // The longitude bound beside each edge is implied by the square test (it lets the index seek a short range per band).
    rows(sql`${band} = any(${inner}) AND lng < ${(w + 2) / 100} AND floor(lng * 100)::int = ${w}`),
    rows(sql`${band} = any(${inner}) AND lng > ${(e - 1) / 100} AND floor(lng * 100)::int = ${e}`),
  ];
  const counts = (span: number, lat: [number, number], lng: [number, number]) =>
    lat[0] > lat[1] || lng[0] > lng[1]
      ? []
      : [
          sql`SELECT cell, n FROM listing_map_count WHERE level = ${level} AND span = ${span}
              AND lat_i = any(${ints(range(lat[0], lat[1]))}) AND lng_i BETWEEN ${lng[0]} AND ${lng[1]}`,
        ];
  // The 0.1° squares whose ten by ten 0.01° squares are all wholly inside, and the ring of 0.01° squares around them.
  const [cs, cn, cw, ce] = [floorDiv(s, 10) + 1, floorDiv(n, 10) - 1, floorDiv(w, 10) + 1, floorDiv(e, 10) - 1];
  if (cs > cn || cw > ce) return [...parts, ...counts(1, [s + 1, n - 1], [w + 1, e - 1])];
  return [
    ...parts,
    ...counts(10, [cs, cn], [cw, ce]),
    ...counts(1, [s + 1, cs * 10 - 1], [w + 1, e - 1]),
    ...counts(1, [cn * 10 + 10, n - 1], [w + 1, e - 1]),
    ...counts(1, [cs * 10, cn * 10 + 9], [w + 1, cw * 10 - 1]),
    ...counts(1, [cs * 10, cn * 10 + 9], [ce * 10 + 10, e - 1]),
  ];
}

export interface MapPoint {
  globalKey: string;
  lat: number;
  lng: number;
}

/**
 * Matches inside one cell (grid x, y at the level), newest first; the filter should carry the cell's
 * bounding box. The cell test and the order run on listing_search_map alone; only the page's rows are read.
 */
export async function pointsInCell(db: Kysely<DB>, f: ListingFilter, cell: { level: number; x: number; y: number }, limit: number): Promise<MapPoint[]> {
  const { rows } = await sql<{ global_key: string; lat: number; lng: number }>`
    SELECT l.global_key, l.lat, l.lng FROM listing l JOIN (
      SELECT id, arrived_at FROM listing WHERE ${whereOf(f)} AND ${hexColumn(cell.level)} = ${packed(cell)}
      ORDER BY arrived_at DESC, id DESC LIMIT ${limit}
    ) page ON l.id = page.id
    ORDER BY page.arrived_at DESC, page.id DESC`.execute(db);
  return rows.map((r) => ({ globalKey: r.global_key, lat: Number(r.lat), lng: Number(r.lng) }));
}

/** Matches in the filter's bounding box, newest first (ordered on listing_search_map, then the page's rows read). */
export async function points(db: Kysely<DB>, f: ListingFilter, limit: number): Promise<MapPoint[]> {
  const { rows } = await sql<{ global_key: string; lat: number; lng: number }>`
    SELECT l.global_key, l.lat, l.lng FROM listing l JOIN (
      SELECT id, arrived_at FROM listing WHERE ${whereOf(f)} ORDER BY arrived_at DESC, id DESC LIMIT ${limit}
    ) page ON l.id = page.id
    ORDER BY page.arrived_at DESC, page.id DESC`.execute(db);
  return rows.map((r) => ({ globalKey: r.global_key, lat: Number(r.lat), lng: Number(r.lng) }));
}

/** The box around the matches (their least and greatest latitude and longitude); null when nothing matches. */
export async function matchBounds(db: Kysely<DB>, f: ListingFilter): Promise<BBox | null> {
  const { rows } = await aggregate(db, (q) =>
    sql<{ south: number | null; north: number | null; west: number | null; east: number | null }>`
      SELECT min(lat) AS south, max(lat) AS north, min(lng) AS west, max(lng) AS east FROM listing WHERE ${whereOf(f)}`.execute(q),
  );
  const row = rows[0];
  if (!row || row.south === null || row.north === null || row.west === null || row.east === null) return null;
  return { south: Number(row.south), north: Number(row.north), west: Number(row.west), east: Number(row.east) };
}
