import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from './db.js';

export type RailwayRow = Selectable<DB['railway']>;
export type LineRow = Selectable<DB['line']>;
export type StationGroupRow = Selectable<DB['station_group']>;
/** A per-line station with the reading and city of its station group. */
export type StationRow = Selectable<DB['station']> & { kana: string; city_code: number };

export async function railwaysByCodes(db: Kysely<DB>, codes: readonly string[]): Promise<RailwayRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('railway').selectAll().where('code', 'in', codes).execute();
}

export async function linesByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<LineRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('line').selectAll().where('code', 'in', codes).execute();
}

/** Lines crossing the prefecture (GIN on prefecture_codes), in railway order then line order, with their railway. */
export function linesInPrefecture(db: Kysely<DB>, prefectureCode: number): Promise<(LineRow & { railway_name: string; railway_sort: number })[]> {
  return db
    .selectFrom('line')
    .innerJoin('railway', 'railway.code', 'line.railway_code')
    .selectAll('line')
    .select(['railway.name as railway_name', 'railway.sort as railway_sort'])
    .where('line.prefecture_codes', '@>', sql<number[]>`array[${prefectureCode}]::smallint[]`)
    .orderBy('railway.sort')
    .orderBy('line.sort')
    .orderBy('line.code')
    .execute();
}

function stationQuery(db: Kysely<DB>) {
  return db
    .selectFrom('station')
    .innerJoin('station_group', 'station_group.code', 'station.group_code')
    .selectAll('station')
    .select(['station_group.kana', 'station_group.city_code']);
}

/** Stations of the lines in line order (UNIQUE (line_code, seq) serves it). */
export async function stationsByLines(db: Kysely<DB>, lineCodes: readonly number[]): Promise<StationRow[]> {
  if (lineCodes.length === 0) return [];
  return stationQuery(db).where('station.line_code', 'in', lineCodes).orderBy('station.line_code').orderBy('station.seq').execute();
}

export async function stationsByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<StationRow[]> {
  if (codes.length === 0) return [];
  return stationQuery(db).where('station.code', 'in', codes).execute();
}

export async function stationGroupsByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<StationGroupRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('station_group').selectAll().where('code', 'in', codes).execute();
}

export interface SuggestPrefixes {
  /** Prefixes of station_group.name (as typed after NFKC, and fully normalised). */
  names: string[];
  /** Hiragana prefix of station_group.kana. */
  kana?: string;
  /** Lower-case ASCII prefix of station_group.romaji. */
  romaji?: string;
}

/** Escapes LIKE wildcards so a prefix stays a prefix (and the text_pattern_ops index stays usable). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Station groups whose name, kana or romaji starts with a prefix: each branch is a
 * `LIKE 'prefix%'` on a text_pattern_ops index. Stations with more lines first.
 */
export function suggestStationGroups(db: Kysely<DB>, prefixes: SuggestPrefixes, opts: { prefectureCode?: number; limit: number }) {
  return db
    .selectFrom('station_group')
    .selectAll()
    .where((eb) => {
      const ors = [...new Set(prefixes.names)].map((p) => eb('name', 'like', likePrefix(p)));
      if (prefixes.kana) ors.push(eb('kana', 'like', likePrefix(prefixes.kana)));
      if (prefixes.romaji) ors.push(eb('romaji', 'like', likePrefix(prefixes.romaji)));
      return eb.or(ors);
    })
    .$if(opts.prefectureCode !== undefined, (qb) => qb.where('prefecture_code', '=', opts.prefectureCode as number))
    .orderBy(sql`cardinality(line_codes)`, 'desc')
    .orderBy('code')
    .limit(opts.limit);
}

/** Cities (and wards) whose name, or whose reading, starts with the keyword; designated cities before their wards. */
export function suggestCities(db: Kysely<DB>, prefixes: SuggestPrefixes, reading: string, limit: number) {
  return db
    .selectFrom('city')
    .select(['code', 'name', 'prefecture_code'])
    .where('searchable', '=', true)
    .where((eb) => {
      const ors = prefixes.names.map((p) => eb('name', 'like', likePrefix(p)));
      if (reading !== '') ors.push(eb('kana', 'like', likePrefix(reading)));
      return eb.or(ors);
    })
    .orderBy(sql`length(name)`)
    .orderBy('code')
    .limit(limit)
    .execute();
}

/** Each group's stations on its lines, in the lines' display order (a group's first row is its first line's station). */
export async function firstStationsOfGroups(db: Kysely<DB>, groupCodes: readonly number[]) {
  if (groupCodes.length === 0) return [];
  return db
    .selectFrom('station')
    .innerJoin('line', 'line.code', 'station.line_code')
    .select(['station.code', 'station.group_code', 'station.line_code'])
    .where('station.group_code', 'in', groupCodes)
    .orderBy('line.sort')
    .orderBy('station.code')
    .execute();
}
