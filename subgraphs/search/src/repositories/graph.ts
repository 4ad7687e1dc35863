import { sql, type Kysely, type Selectable } from 'kysely';
import { StationGraph, type GraphData } from '../domain/commute.js';
import type { DB } from './db.js';

/** Reads the whole station graph (about 10k stations and 27k edges). */
export async function loadGraphData(db: Kysely<DB>): Promise<GraphData> {
  const [stations, edges] = await Promise.all([
    db.selectFrom('station').select(['code', 'group_code', 'line_code']).orderBy('code').execute(),
    db.selectFrom('station_edge').select(['from_station', 'to_station', 'line_code', 'minutes', 'kind']).execute(),
  ]);
  return {
    stations: stations.map((s) => ({ code: s.code, groupCode: s.group_code, lineCode: s.line_code })),
    // `real` columns may arrive as strings from some drivers; minutes must be numbers.
    edges: edges.map((e) => ({ fromStation: e.from_station, toStation: e.to_station, lineCode: e.line_code, minutes: Number(e.minutes), kind: e.kind })),
  };
}

// One graph per database handle (in production, one per process); master data never changes at runtime.
const graphs = new WeakMap<Kysely<DB>, Promise<StationGraph>>();

/** Loads once per process and memoises; a second call returns the same instance. */
export function stationGraph(db: Kysely<DB>): Promise<StationGraph> {
  let graph = graphs.get(db);
  if (!graph) {
    graph = loadGraphData(db).then((data) => new StationGraph(data));
    // Forget a failed load so the next request retries.
    graph.catch(() => graphs.delete(db));
    graphs.set(db, graph);
  }
  return graph;
}

/** A per-line station with its group's reading and city (the Station object's source). */
export type NminStationRow = Selectable<DB['station']> & { kana: string; city_code: number };

const intArray = (codes: readonly number[]) => sql<number[]>`${[...codes]}::int[]`;

/**
 * One station per group for the given groups, restricted to the prefecture: the row with the
 * smallest code (DISTINCT ON over the station_group_code index).
 */
export async function firstStationsOfGroups(db: Kysely<DB>, prefectureCode: number, groupCodes: readonly number[]): Promise<NminStationRow[]> {
  if (groupCodes.length === 0) return [];
  return db
    .selectFrom('station')
    .innerJoin('station_group', 'station_group.code', 'station.group_code')
    .distinctOn('station.group_code')
    .selectAll('station')
    .select(['station_group.kana', 'station_group.city_code'])
    .where('station.prefecture_code', '=', prefectureCode)
    .where('station.group_code', '=', sql<number>`any(${intArray(groupCodes)})`)
    .orderBy('station.group_code')
    .orderBy('station.code')
    .execute();
}

/** Active listings per station group, for the given groups: one GIN overlap scan, then grouped. */
export async function activeListingCountsByGroup(db: Kysely<DB>, groupCodes: readonly number[]): Promise<Map<number, number>> {
  if (groupCodes.length === 0) return new Map();
  const { rows } = await sql<{ k: number; n: number }>`
    SELECT g AS k, count(*)::int AS n
    FROM listing, unnest(station_groups) AS g
    WHERE NOT archived AND station_groups && ${intArray(groupCodes)} AND g = any(${intArray(groupCodes)})
    GROUP BY g`.execute(db);
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
}
