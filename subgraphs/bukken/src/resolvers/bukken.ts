import { BUILDING_TYPE_NAMES, initialCost } from '@sumika/domain';
import type { GraphQLResolveInfo } from 'graphql';
import type { BukkenNameArgs, BukkenNameType, ConditionCodes, Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { fullYearsBetween, tokyoToday, yearMonth } from '../domain/dates.js';
import { planOrdinal } from '../domain/madori.js';
import { marketRentOf, MIN_MARKET_SAMPLES, type MarketRent } from '../domain/market.js';
import { conditionNames } from '../loaders/conditions.js';
import { loadMarketStats } from '../loaders/market.js';
import { IMAGE_KINDS, IMAGE_LABELS, imagePath } from '../plugins/images.js';
import type { BukkenRecord, TrafficRecord } from '../repositories/records.js';
import { checkLimit, isPresent } from './args.js';

/** A listing as a parent object; lists may carry the name type their query asked for. */
export type BukkenParent = BukkenRecord & { defaultNameType?: BukkenNameType };

/** SPEC §3 condition groups: the fields of the contract's ConditionCodes. */
type ConditionGroup = Exclude<keyof ConditionCodes, '__typename'>;

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

export function bukkenName(b: BukkenParent, args: BukkenNameArgs, info: GraphQLResolveInfo): string {
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

export const bukkenResolvers: Resolvers = {
  Bukken: {
    __resolveReference: async (ref, ctx) => (typeof ref.globalKey === 'string' ? ((await ctx.loaders.bukkenByKey.load(ref.globalKey)) ?? null) : null),
    id: (b) => String(b.id),
    name: (b, args, _ctx, info) => bukkenName(b, args, info),
    address: (b) => b.building.address,
    traffics: (b, _args, ctx) => ctx.loaders.trafficsByBukken.load(b.id),
    roomNum: (b) => b.roomNum || null,
    floorBuilding: (b) => b.building.floors,
    builtDate: (b) => yearMonth(b.building.builtDate),
    builtDateBuilding: (b) => yearMonth(b.building.builtDate),
    builtAge: (b) => fullYearsBetween(b.building.builtDate, tokyoToday()),
    arrivedAt: (b) => b.arrivedAt.toISOString(),
    typeCode: (b) => b.building.buildingType,
    typeName: (b) => BUILDING_TYPE_NAMES[b.building.buildingType] ?? '',
    struct: (b) => b.building.struct,
    conditionCodes: async (b, _args, ctx) => {
      const names = await conditionNames(ctx.db, Object.values(b.conditionCodes).flat());
      const codes = (group: ConditionGroup) =>
        (b.conditionCodes[group] ?? []).map((code) => {
          const name = names.get(code);
          if (name === undefined) throw new Error(`condition code ${code} is not in the condition master`);
          return { code, name };
        });
      return {
        airConditionings: codes('airConditionings'),
        baths: codes('baths'),
        conditions: codes('conditions'),
        locations: codes('locations'),
        otherConditions: codes('otherConditions'),
        securities: codes('securities'),
        kitchens: codes('kitchens'),
        facilities: codes('facilities'),
        storageSpaces: codes('storageSpaces'),
      };
    },
    imageGroup: (b, _args, ctx) => {
      const url = (kind: (typeof IMAGE_KINDS)[number]): string => ctx.imageOrigin + imagePath(b.globalKey, kind);
      return {
        gaikanUrl: url('gaikan'),
        madoriUrl: url('madori'),
        allUrls: IMAGE_KINDS.map((kind) => ({ imageType: kind, label: IMAGE_LABELS[kind], url: url(kind) })),
      };
    },
    archived: (b) => b.archivedAt !== null,
    archivedAt: (b) => b.archivedAt?.toISOString() ?? null,
    latLng: (b) => ({ lat: b.building.lat, lng: b.building.lng }),
    building: (b) => b.building,
    // A reference only: the company subgraph resolves the store behind it.
    company: (b) => ({ __typename: 'Company', id: String(b.storeId) }),
    marketRent: (b, _args, ctx) => marketRent(b, ctx),
    initialCost: (b) => initialCostOf(b),
    recommendations: (b, args, ctx) => recommendations(b, checkLimit(args.limit, RECOMMENDATION_LIMIT.min, RECOMMENDATION_LIMIT.max), ctx),
  },
  Traffic: {
    text: (t) => `${t.lineName}/${t.stationName}駅 歩${t.walkMin}分`,
  },
};
