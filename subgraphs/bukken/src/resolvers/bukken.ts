import { BUILDING_TYPE_NAMES, initialCost, type Resolvers } from '@sumika/subgraph-kit';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.js';
import { fullYearsBetween, tokyoToday, yearMonth } from '../domain/dates.js';
import { planOrdinal } from '../domain/madori.js';
import { marketRentOf, MIN_MARKET_SAMPLES, type MarketRent } from '../domain/market.js';
import { loadMarketStats } from '../loaders/market.js';
import { imagePath } from '../plugins/images.js';
import type { BukkenRecord, TrafficRecord } from '../repositories/records.js';
import { checkLimit, isPresent } from './args.js';

export type NameType = 'ALL' | 'SEARCH';

/** A listing as a parent object; lists may carry the name type their query asked for. */
export type BukkenParent = BukkenRecord & { defaultNameType?: NameType };

/** SPEC §3 condition groups, in the contract's order. */
const CONDITION_GROUPS = [
  'airConditionings', 'baths', 'conditions', 'locations', 'otherConditions', 'securities', 'kitchens', 'facilities', 'storageSpaces',
] as const;

/** Recommendations per listing: a detail page shows a handful. */
export const RECOMMENDATION_LIMIT = { min: 1, max: 20 } as const;

export const monthlyTotalOf = (b: BukkenRecord): number => b.chinryou + b.kanriKyoeki;

export function initialCostOf(b: BukkenRecord) {
  return initialCost({
    chinryou: b.chinryou,
    kanriKyoeki: b.kanriKyoeki,
    shikikin: b.shikikin,
    reikin: b.reikin,
    agentFeeMonths: b.agentFeeMonths,
    guaranteeCompany: b.guaranteeCompany,
  });
}

/** Traffic seq 1: the nearest station, which market rent and recommendations compare on. */
export async function nearestTraffic(ctx: Context, bukkenId: number): Promise<TrafficRecord | undefined> {
  return (await ctx.loaders.trafficsByBukken.load(bukkenId)).find((t) => t.seq === 1);
}

export function bukkenName(b: BukkenParent, args: { nameType?: NameType; roomNum?: string }, info: GraphQLResolveInfo): string {
  // An explicit argument wins over the list's name type; the schema default fills in otherwise.
  const explicit = info.fieldNodes.some((f) => f.arguments?.some((a) => a.name.value === 'nameType'));
  const nameType = explicit ? args.nameType : (b.defaultNameType ?? args.nameType);
  const building = b.building.name;
  if (args.roomNum === 'WITH_ROOM_NUM' && b.roomNum) return `${building} ${b.roomNum}号室`;
  return nameType === 'ALL' ? `${building} ${b.floor}階` : building;
}

async function marketRent(b: BukkenRecord, ctx: Context): Promise<MarketRent | null> {
  const own = monthlyTotalOf(b);
  const nearest = await nearestTraffic(ctx, b.id);
  const station = nearest ? await loadMarketStats(ctx, { scope: 'STATION', code: nearest.stationGroupCode, plan: b.plan }) : null;
  if (station && station.count >= MIN_MARKET_SAMPLES) return marketRentOf(own, [['STATION', station]]);
  const city = await loadMarketStats(ctx, { scope: 'CITY', code: b.building.cityCode, plan: b.plan });
  return marketRentOf(own, [['CITY', city ?? undefined]]);
}

async function recommendations(b: BukkenRecord, limit: number, ctx: Context): Promise<BukkenRecord[]> {
  const ordinal = planOrdinal(b.plan);
  if (ordinal === undefined) return [];
  const nearest = await nearestTraffic(ctx, b.id);
  const rows = await ctx.loaders.recommendations.load({
    bukkenId: b.id,
    stationGroupCode: nearest?.stationGroupCode ?? null,
    cityCode: b.building.cityCode,
    planOrdinal: ordinal,
    monthlyTotal: monthlyTotalOf(b),
    limit,
  });
  return (await ctx.loaders.bukkenById.loadMany(rows.map((r) => r.id))).filter(isPresent);
}

export const bukkenResolvers: Resolvers<Context> = {
  Bukken: {
    __resolveReference: async (ref: { globalKey?: unknown }, ctx: Context) =>
      typeof ref.globalKey === 'string' ? ((await ctx.loaders.bukkenByKey.load(ref.globalKey)) ?? null) : null,
    id: (b: BukkenRecord) => String(b.id),
    name: (b: BukkenParent, args: { nameType?: NameType; roomNum?: string }, _ctx: Context, info: GraphQLResolveInfo) => bukkenName(b, args, info),
    address: (b: BukkenRecord) => b.building.address,
    traffics: (b: BukkenRecord, _args: unknown, ctx: Context) => ctx.loaders.trafficsByBukken.load(b.id),
    roomNum: (b: BukkenRecord) => b.roomNum || null,
    floorBuilding: (b: BukkenRecord) => b.building.floors,
    builtDate: (b: BukkenRecord) => yearMonth(b.building.builtDate),
    builtDateBuilding: (b: BukkenRecord) => yearMonth(b.building.builtDate),
    builtAge: (b: BukkenRecord) => fullYearsBetween(b.building.builtDate, tokyoToday()),
    arrivedAt: (b: BukkenRecord) => b.arrivedAt.toISOString(),
    typeCode: (b: BukkenRecord) => b.building.buildingType,
    typeName: (b: BukkenRecord) => BUILDING_TYPE_NAMES[b.building.buildingType] ?? '',
    struct: (b: BukkenRecord) => b.building.struct,
    conditionCodes: (b: BukkenRecord) =>
      Object.fromEntries(CONDITION_GROUPS.map((g) => [g, (b.conditionCodes[g] ?? []).map((code) => ({ code }))])),
    imageGroup: (b: BukkenRecord, _args: unknown, ctx: Context) => {
      const gaikanUrl = ctx.imageOrigin + imagePath(b.globalKey, 'gaikan');
      const madoriUrl = ctx.imageOrigin + imagePath(b.globalKey, 'madori');
      return {
        gaikanUrl,
        madoriUrl,
        allUrls: [
          { imageType: 'gaikan', url: gaikanUrl },
          { imageType: 'madori', url: madoriUrl },
        ],
      };
    },
    archived: (b: BukkenRecord) => b.archivedAt !== null,
    archivedAt: (b: BukkenRecord) => b.archivedAt?.toISOString() ?? null,
    latLng: (b: BukkenRecord) => ({ lat: b.building.lat, lng: b.building.lng }),
    building: (b: BukkenRecord) => b.building,
    // A reference only: the company subgraph resolves the store behind it.
    company: (b: BukkenRecord) => ({ __typename: 'Company', id: String(b.storeId) }),
    marketRent: (b: BukkenRecord, _args: unknown, ctx: Context) => marketRent(b, ctx),
    initialCost: (b: BukkenRecord) => initialCostOf(b),
    recommendations: (b: BukkenRecord, args: { limit: number }, ctx: Context) =>
      recommendations(b, checkLimit(args.limit, RECOMMENDATION_LIMIT.min, RECOMMENDATION_LIMIT.max), ctx),
  },
  Traffic: {
    text: (t: TrafficRecord) => `${t.lineName}/${t.stationName}駅 歩${t.walkMin}分`,
  },
};
