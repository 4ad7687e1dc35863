import { sql, type Kysely } from 'kysely';
import type { DB } from './db.js';
import { aggregate } from './listing-search.js';

export interface PlaceUpdate {
  code: number;
  lastmod: Date;
}

export interface StationUpdate extends PlaceUpdate {
  /** The per-line station code and its line, as the station page's path names them (the group's first line). */
  lineCode: number;
}

/** The newest active listing's arrival per prefecture (prefectures without listings left out). */
export async function prefectureUpdates(db: Kysely<DB>): Promise<PlaceUpdate[]> {
  // One index probe per prefecture (listing_pref_arrived), not a scan of every listing.
  const { rows } = await aggregate(db, (q) =>
    sql<{ code: number; lastmod: Date | null }>`
      SELECT p.code, (SELECT max(l.arrived_at) FROM listing l WHERE NOT l.archived AND l.prefecture_code = p.code) AS lastmod
      FROM prefecture p ORDER BY p.code`.execute(q),
  );
  return rows.filter((r) => r.lastmod !== null).map((r) => ({ code: Number(r.code), lastmod: new Date(r.lastmod!) }));
}

/** Per city and per station (group) of a prefecture, the newest active listing's arrival (two grouped scans of the prefecture). */
export async function placeUpdates(db: Kysely<DB>, prefectureCode: number): Promise<{ cities: PlaceUpdate[]; stations: StationUpdate[] }> {
  return aggregate(db, async (q) => {
    const cities = await sql<{ code: number; lastmod: Date }>`
      SELECT city_code AS code, max(arrived_at) AS lastmod FROM listing
      WHERE NOT archived AND prefecture_code = ${prefectureCode} GROUP BY city_code ORDER BY city_code`.execute(q);
    // A station page's path names a line and that line's station code (as the pickers link it): the group's first line.
    const stations = await sql<{ code: number; line_code: number; lastmod: Date }>`
      SELECT st.code, st.line_code, u.lastmod
      FROM (
        SELECT s.code AS group_code, max(l.arrived_at) AS lastmod
        FROM listing l CROSS JOIN LATERAL unnest(l.station_groups) AS s(code)
        WHERE NOT l.archived AND l.prefecture_code = ${prefectureCode}
        GROUP BY s.code
      ) u
      JOIN station_group g ON g.code = u.group_code AND g.prefecture_code = ${prefectureCode}
      JOIN station st ON st.group_code = g.code AND st.line_code = g.line_codes[1]
      ORDER BY st.code`.execute(q);
    return {
      cities: cities.rows.map((r) => ({ code: Number(r.code), lastmod: new Date(r.lastmod) })),
      stations: stations.rows.map((r) => ({ code: Number(r.code), lineCode: Number(r.line_code), lastmod: new Date(r.lastmod) })),
    };
  });
}
