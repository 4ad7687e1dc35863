import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { cachedJson } from '../loaders/places.js';
import { overall, planRents, stationGroupsInCity, topConditions, type LivabilityScope } from '../repositories/livability.js';
import { madori } from '../repositories/master.js';
import type { CityRow } from '../repositories/places.js';
import { existing } from './rows.js';

/** Figures move slowly; ten minutes keeps the three aggregate queries off hot pages. */
export const LIVABILITY_TTL_SECONDS = 600;
export const TOP_CONDITIONS = 8;

/** A condition's share of the listings, before its Condition is loaded. */
export interface ConditionShareFigure {
  code: number;
  share: number;
}

export interface LivabilityFigures {
  bukkenCount: number;
  rentByPlan: { plan: string; median: number; count: number }[];
  medianWalkMin: number | null;
  medianBuiltYear: number | null;
  conditionShares: ConditionShareFigure[];
  stationCount: number;
}

async function figures(ctx: Context, scope: LivabilityScope): Promise<LivabilityFigures> {
  const key = 'cityCode' in scope ? `master:livability:city:${scope.cityCode}` : `master:livability:station:${scope.stationGroupCode}`;
  return cachedJson(ctx.cache, key, LIVABILITY_TTL_SECONDS, async () => {
    const [plans, totals, conditions, madoriRows, stationCount] = await Promise.all([
      planRents(ctx.db, scope),
      overall(ctx.db, scope),
      topConditions(ctx.db, scope, TOP_CONDITIONS),
      madori(ctx.db),
      'cityCode' in scope ? stationGroupsInCity(ctx.db, scope.cityCode) : Promise.resolve(1),
    ]);
    const planName = new Map(madoriRows.map((m) => [m.code, m.name]));
    return {
      bukkenCount: totals.n,
      rentByPlan: plans.map((p) => ({ plan: planName.get(p.plan_code) ?? String(p.plan_code), median: Math.round(p.median), count: p.n })),
      medianWalkMin: totals.walk === null ? null : Math.round(totals.walk),
      medianBuiltYear: totals.built === null ? null : Math.round(totals.built),
      conditionShares: totals.n === 0 ? [] : conditions.map((c) => ({ code: c.code, share: c.n / totals.n })),
      stationCount,
    };
  });
}

export async function cityLivability(ctx: Context, city: CityRow): Promise<LivabilityFigures & { name: string }> {
  return { ...(await figures(ctx, { cityCode: city.code })), name: city.name };
}

export const livabilityResolvers: Resolvers = {
  Query: {
    cityLivability: async (_, args, ctx) => {
      const city = await ctx.loaders.cityByCode.load(args.cityCode);
      return city ? cityLivability(ctx, city) : null;
    },
    stationLivability: async (_, args, ctx) => {
      const group = await ctx.loaders.stationGroupByCode.load(args.stationGroupCode);
      return group ? { ...(await figures(ctx, { stationGroupCode: group.code })), name: group.name } : null;
    },
  },
  City: {
    livability: (c, _, ctx) => cityLivability(ctx, c),
  },
  ConditionShare: {
    condition: async (s, _, ctx) => existing(await ctx.loaders.conditionByCode.load(s.code), `condition ${s.code}`),
  },
};
