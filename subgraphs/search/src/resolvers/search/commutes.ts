import type { Context } from '../../context.js';
import type { Reach } from '../../domain/commute.js';
import { stationGroupsOfListings } from '../../repositories/commute.js';
import { stationGraph } from '../../repositories/graph.js';
import type { ResolvedSearch } from './arguments.js';
import type { ResultSource } from './results.js';

export interface CommuteTimeOut {
  stationCode: number;
  stationName: string;
  minutes: number;
  transfers: number;
  fromStationName: string;
}

export interface ListingCommuteOut {
  globalKey: string;
  destinations: CommuteTimeOut[];
}

/**
 * Each listing of the page with its time to each destination: the best of its stations in the same
 * reachable sets the filter intersects (StationGraph, memoised per destination), so every listing the
 * filter admits has a time within each destination's budget. One query for the page's station groups.
 */
export async function listingCommutes(ctx: Pick<Context, 'db' | 'cache'>, resolved: ResolvedSearch, result: ResultSource): Promise<ListingCommuteOut[]> {
  const { destinations, master, args } = resolved;
  if (destinations.length === 0) return [];
  const keys = await result.keys();
  const [graph, groupsOf] = await Promise.all([stationGraph(ctx.db), stationGroupsOfListings(ctx.db, keys)]);
  const reaches = destinations.map((d) => graph.reachableTimes(d));
  const nameOf = (group: number) => master.stationGroups.get(group)?.name ?? '';
  return keys.flatMap((globalKey) => {
    const groups = groupsOf.get(globalKey) ?? [];
    const times = destinations.map((d, i): CommuteTimeOut | null => {
      let best: { group: number; reach: Reach } | null = null;
      for (const group of groups) {
        const reach = reaches[i]!.get(group);
        if (reach && (!best || reach.minutes < best.reach.minutes || (reach.minutes === best.reach.minutes && reach.transfers < best.reach.transfers)))
          best = { group, reach };
      }
      if (!best) return null;
      return {
        stationCode: args.destinationStations?.[i]?.stationCode ?? d.stationGroupCode,
        stationName: nameOf(d.stationGroupCode),
        minutes: Math.ceil(best.reach.minutes),
        transfers: best.reach.transfers,
        fromStationName: nameOf(best.group),
      };
    });
    // The filter admits only listings that reach every destination; a listing that left the index since its page was cached has none.
    return times.every((t): t is CommuteTimeOut => t !== null) ? [{ globalKey, destinations: times }] : [];
  });
}
