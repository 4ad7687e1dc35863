import { BUILDING_TYPE_NAMES } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { fullYearsBetween, tokyoToday, yearMonth } from '../domain/dates.js';
import { MADORI_NAMES } from '../domain/madori.js';
import { loadMarketStats } from '../loaders/market.js';
import type { BuildingRecord, TrafficRecord } from '../repositories/records.js';
import { checkLimit, isPresent } from './args.js';

export const OTHER_BUILDINGS_LIMIT = { min: 1, max: 20 } as const;

/** Distinct stations of the building's rooms (one traffic per station group, the shortest), nearest first. */
export async function buildingStations(b: BuildingRecord, ctx: Context): Promise<TrafficRecord[]> {
  const rooms = await ctx.loaders.roomsByBuilding.load(b.id);
  const traffics = (await ctx.loaders.trafficsByBukken.loadMany(rooms.map((r) => r.id))).filter(isPresent).flat();
  const best = new Map<number, TrafficRecord>();
  for (const t of traffics) {
    const seen = best.get(t.stationGroupCode);
    if (!seen || t.distanceM < seen.distanceM || (t.distanceM === seen.distanceM && t.seq < seen.seq)) best.set(t.stationGroupCode, t);
  }
  return [...best.values()].sort((x, y) => x.distanceM - y.distanceM || x.stationGroupCode - y.stationGroupCode);
}

/** Per plan (madori order): median monthly total and count of active listings around the building's nearest station. */
async function planMarket(b: BuildingRecord, ctx: Context): Promise<{ plan: string; median: number; count: number }[]> {
  const nearest = (await buildingStations(b, ctx))[0];
  if (!nearest) return [];
  const stats = await Promise.all(MADORI_NAMES.map((plan) => loadMarketStats(ctx, { scope: 'STATION', code: nearest.stationGroupCode, plan })));
  return MADORI_NAMES.flatMap((plan, i) => {
    const s = stats[i];
    return s && s.count > 0 ? [{ plan, median: Math.round(s.median), count: s.count }] : [];
  });
}

export const buildingResolvers: Resolvers = {
  Building: {
    __resolveReference: async (ref, ctx) => (typeof ref.key === 'string' ? ((await ctx.loaders.buildingByKey.load(ref.key)) ?? null) : null),
    builtDate: (b) => yearMonth(b.builtDate),
    builtAge: (b) => fullYearsBetween(b.builtDate, tokyoToday()),
    buildingTypeName: (b) => BUILDING_TYPE_NAMES[b.buildingType] ?? '',
    floor: (b) => b.floors,
    latLng: (b) => ({ lat: b.lat, lng: b.lng }),
    vacancies: async (b, _args, ctx) => (await ctx.loaders.roomsByBuilding.load(b.id)).filter((r) => r.archivedAt === null),
    archivedBukkens: async (b, _args, ctx) => (await ctx.loaders.roomsByBuilding.load(b.id)).filter((r) => r.archivedAt !== null),
    stations: (b, _args, ctx) => buildingStations(b, ctx),
    otherBuildings: async (b, args, ctx) => {
      const limit = checkLimit(args.limit, OTHER_BUILDINGS_LIMIT.min, OTHER_BUILDINGS_LIMIT.max);
      const near = await ctx.loaders.nearbyBuildings.load({ buildingId: b.id, limit });
      return (await ctx.loaders.buildingById.loadMany(near.map((n) => n.id))).filter(isPresent);
    },
    marketPrices: (b, _args, ctx) => planMarket(b, ctx),
    countsByPlan: async (b, _args, ctx) => (await planMarket(b, ctx)).map(({ plan, count }) => ({ plan, count })),
  },
};
