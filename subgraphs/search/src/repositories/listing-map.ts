import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { hexSize } from '../domain/geohex.js';
import type { ListingFilter } from '../domain/filter.js';
import type { DB } from './db.js';
import { aggregate, whereOf } from './listing-search.js';

// The constants of GeoHex v3 (domain/geohex.ts), passed as parameters so SQL and JS share the same doubles.
const H_BASE = 20037508.34;
const H_K = Math.tan(Math.PI / 6);

/**
 * Rows (hx, hy, …extra) for the listings matching `where`: the GeoHex grid cell of each at the level,
 * the same arithmetic as geohex.ts xyOfLocation step by step (without its antimeridian fold, which
 * never applies in Japan), from lng and the stored Mercator y (listing.merc_y, migration 0005).
 * Cells are grouped in the database, so a map view returns one row per cell however many listings
 * it covers, and no per-level columns are needed. Each stage is its own subquery (OFFSET 0 keeps
 * the planner from inlining it): inlined, every use of qx repeats the whole expression.
 */
function hexCellRows(level: number, where: Expression<SqlBool>, extra: readonly ('id' | 'arrived_at')[]): RawBuilder<unknown> {
  const size = hexSize(level);
  const f8 = (n: number) => sql`${n}::float8`;
  const mx = sql`((listing.lng * ${f8(H_BASE)}) / 180)`;
  const keep = extra.map((c) => sql.ref(c));
  const carry = keep.length ? sql`, ${sql.join(keep)}` : sql``;
  const upperCorner = sql`qy > -qx + 1 AND qy < 2 * qx AND qy > 0.5 * qx`;
  const lowerCorner = sql`qy < -qx + 1 AND qy > 2 * qx - 1 AND qy < 0.5 * qx + 0.5`;
  return sql`
    SELECT CASE WHEN ${upperCorner} THEN x0 + 1 WHEN ${lowerCorner} THEN x0 ELSE floor(px + 0.5) END::int8 AS hx,
           CASE WHEN ${upperCorner} THEN y0 + 1 WHEN ${lowerCorner} THEN y0 ELSE floor(py + 0.5) END::int8 AS hy${carry}
    FROM (
      SELECT px, py, floor(px) AS x0, floor(py) AS y0, px - floor(px) AS qx, py - floor(py) AS qy${carry}
      FROM (
        SELECT (${mx} + listing.merc_y / ${f8(H_K)}) / ${f8(6 * size)} AS px,
               (listing.merc_y - ${f8(H_K)} * ${mx}) / ${f8(6 * size * H_K)} AS py${keep.length ? sql`, ${sql.join(extra.map((c) => sql.ref(`listing.${c}`)))}` : sql``}
        FROM listing WHERE ${where} OFFSET 0
      ) grid OFFSET 0
    ) cell`;
}

export interface HexCount {
  x: number;
  y: number;
  count: number;
}

/** Matches per GeoHex cell at the level (the filter should carry the map's bounding box). */
export async function hexCounts(db: Kysely<DB>, f: ListingFilter, level: number): Promise<HexCount[]> {
  const { rows } = await aggregate(db, (q) =>
    sql<{ hx: number; hy: number; n: number }>`
      SELECT hx, hy, count(*)::int AS n FROM (${hexCellRows(level, whereOf(f), [])}) cells GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2`.execute(q),
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
      SELECT id, arrived_at FROM (${hexCellRows(cell.level, whereOf(f), ['id', 'arrived_at'])}) cells
      WHERE hx = ${cell.x} AND hy = ${cell.y}
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
