import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListingFilter } from '../domain/filter.js';
import type { DB } from './db.js';
import { aggregate, whereOf } from './listing-search.js';

/** The map levels whose cells every listing stores (listing.hex3 … hex12, migration 0006). */
export const STORED_HEX_LEVELS = { min: 3, max: 12 } as const;

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

/** Matches per GeoHex cell at the level (the filter should carry the map's bounding box). */
export async function hexCounts(db: Kysely<DB>, f: ListingFilter, level: number): Promise<HexCount[]> {
  const cell = hexColumn(level);
  const { rows } = await aggregate(db, (q) =>
    sql<{ hx: string; hy: string; n: number }>`
      SELECT ${cell} >> 32 AS hx, (${cell} & 4294967295) - 2147483648 AS hy, count(*)::int AS n
      FROM listing WHERE ${whereOf(f)} GROUP BY ${cell} ORDER BY 3 DESC, 1, 2`.execute(q),
  );
  return rows.map((r) => ({ x: Number(r.hx), y: Number(r.hy), count: Number(r.n) }));
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
