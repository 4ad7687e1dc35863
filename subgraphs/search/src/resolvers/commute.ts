import { notFound } from '@sumika/server-kit';
import { prefectureCodeOf } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { activeListingCountsByGroup, firstStationsOfGroups, stationGraph, type NminStationRow } from '../repositories/graph.js';

/** A Station object: the row (for any Station field resolver) plus every schema field resolved. */
export type NminStation = NminStationRow & {
  groupCode: number;
  lineCode: number;
  cityCode: number;
  latLng: { lat: number; lng: number };
  bukkenCount: number;
  /** Best commute minutes to the destination. */
  minutes: number;
};

// Counts move slowly and the graph not at all; a short TTL spares the grouped count at scale.
const CACHE_TTL_SECONDS = 300;

interface NminArgs {
  prefecturePath: string;
  destinationStationCode: number;
  minutes: number;
}

/** Stations of the prefecture within `minutes` of the destination group, fastest first. */
export async function nminStations(ctx: Pick<Context, 'db' | 'cache'>, args: NminArgs): Promise<NminStation[]> {
  const prefectureCode = prefectureCodeOf(args.prefecturePath);
  if (prefectureCode === undefined) throw notFound('指定された都道府県が見つかりません。');
  const graph = await stationGraph(ctx.db);
  // Validates minutes and the destination before anything is cached.
  const reachable = graph.reachableGroups({ stationGroupCode: args.destinationStationCode, maxMinutes: args.minutes, maxTransfers: null });

  const key = `search:nmin:v1:${prefectureCode}:${args.destinationStationCode}:${args.minutes}`;
  const hit = await ctx.cache.get(key);
  if (hit) return JSON.parse(hit) as NminStation[];

  const rows = await firstStationsOfGroups(ctx.db, prefectureCode, [...reachable.keys()]);
  const counts = await activeListingCountsByGroup(
    ctx.db,
    rows.map((r) => r.group_code),
  );
  const stations = rows
    .map((r): NminStation => ({
      ...r,
      groupCode: r.group_code,
      lineCode: r.line_code,
      cityCode: r.city_code,
      latLng: { lat: r.lat, lng: r.lng },
      bukkenCount: counts.get(r.group_code) ?? 0,
      minutes: reachable.get(r.group_code) ?? 0,
    }))
    .sort((a, b) => a.minutes - b.minutes || a.code - b.code);
  await ctx.cache.set(key, JSON.stringify(stations), CACHE_TTL_SECONDS);
  return stations;
}

export const commuteQueryResolvers: Resolvers = {
  Query: {
    nminStations: (_, args, ctx) => nminStations(ctx, args),
  },
};
