import { badRequest, notFound } from '@sumika/server-kit';
import { prefectureCodeOf } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { compareFlags, type CompareFlags } from '../domain/compare.js';
import { findPrefectureRecommended } from '../repositories/bukken.js';
import type { BukkenRecord } from '../repositories/records.js';
import { checkLimit, isPresent } from './args.js';
import { initialCostOf, monthlyTotalOf, type BukkenParent } from './bukken.js';

export const MAX_BUKKENS = 100;
export const COMPARE_LIMIT = { min: 1, max: 10 } as const;
export const PREFECTURE_RECOMMEND_LIMIT = { min: 1, max: 50 } as const;

async function bukkenOrNotFound(ctx: Context, globalKey: string): Promise<BukkenRecord> {
  const b = await ctx.loaders.bukkenByKey.load(globalKey);
  if (!b) throw notFound();
  return b;
}

/** compareFlags gives one entry per row; this only stands in for the index lookup's `undefined`. */
const NO_FLAGS: CompareFlags = { cheapestMonthly: false, cheapestInitial: false, largest: false, newest: false, nearest: false };

async function compareBukkens(ctx: Context, globalKeys: readonly string[]) {
  if (globalKeys.length < COMPARE_LIMIT.min || globalKeys.length > COMPARE_LIMIT.max) {
    throw badRequest(`比較できる物件は${COMPARE_LIMIT.min}〜${COMPARE_LIMIT.max}件です。`);
  }
  const found = await ctx.loaders.bukkenByKey.loadMany(globalKeys);
  const list = found.filter(isPresent);
  if (list.length !== globalKeys.length) throw notFound();
  const traffics = await ctx.loaders.trafficsByBukken.loadMany(list.map((b) => b.id));
  const rows = list.map((b, i) => {
    const own = traffics[i];
    const nearest = Array.isArray(own) ? own.find((t) => t.seq === 1) : undefined;
    return { bukken: b, monthlyTotal: monthlyTotalOf(b), initialCostTotal: initialCostOf(b).total, walkMin: nearest?.walkMin };
  });
  const flags = compareFlags(rows.map((r) => ({ ...r, area: r.bukken.area, builtDate: r.bukken.building.builtDate })));
  // walkMin is non-null in the contract; a listing without traffic (none in practice) shows 0 and is never "nearest".
  return rows.map((r, i) => ({ ...r, walkMin: r.walkMin ?? 0, ...(flags[i] ?? NO_FLAGS) }));
}

export const queryResolvers: Resolvers = {
  Query: {
    bukken: (_root, args, ctx) => bukkenOrNotFound(ctx, args.globalKey),
    bukkens: async (_root, args, ctx) => {
      if (args.globalKeys.length > MAX_BUKKENS) throw badRequest(`一度に取得できる物件は${MAX_BUKKENS}件までです。`);
      return (await ctx.loaders.bukkenByKey.loadMany(args.globalKeys)).map((b) => (isPresent(b) ? b : null));
    },
    building: async (_root, args, ctx) => {
      const b = await ctx.loaders.buildingByKey.load(args.key);
      if (!b) throw notFound();
      return b;
    },
    compareBukkens: (_root, args, ctx) => compareBukkens(ctx, args.globalKeys),
    prefectureRecommendBukkens: async (_root, args, ctx) => {
      const prefectureCode = prefectureCodeOf(args.prefecturePath);
      if (prefectureCode === undefined) throw badRequest('都道府県の指定が正しくありません。');
      const limit = checkLimit(args.limit, PREFECTURE_RECOMMEND_LIMIT.min, PREFECTURE_RECOMMEND_LIMIT.max);
      const list = await findPrefectureRecommended(ctx.db, prefectureCode, limit);
      return { bukkenList: list.map((b): BukkenParent => ({ ...b, defaultNameType: args.nameType })) };
    },
  },
};
