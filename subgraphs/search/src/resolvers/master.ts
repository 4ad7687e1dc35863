import { AREA_BOUNDS, BUILT_YEARS, RENT_PRICES, SORT_OPTIONS, WALK_MINUTES } from '@sumika/spec';
import { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES } from '@sumika/domain';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { allConditions, conditionGroups, madori, specialByPath, specials, type ConditionRow } from '../repositories/master.js';
import { optionalPrefecture } from './places.js';

// The search form's bounds are @sumika/spec's: the results page's panel and the facets use them too.

/** searchMaster hands down nothing: each option list resolves on its own. */
export type SearchMasterParent = Record<string, never>;

interface ConditionGroupParent {
  key: string;
  name: string;
  conditions: ConditionRow[];
}

/** Condition groups in order, each with its conditions in order (two small queries). */
async function groupedConditions(ctx: Context): Promise<ConditionGroupParent[]> {
  const [groups, conditions] = await Promise.all([conditionGroups(ctx.db), allConditions(ctx.db)]);
  for (const c of conditions) ctx.loaders.conditionByCode.prime(c.code, c);
  return groups.map((g) => ({ key: g.key, name: g.name, conditions: conditions.filter((c) => c.group_key === g.key) }));
}

const NATIONWIDE = '全国';

export const masterDataResolvers: Resolvers = {
  Query: {
    conditions: (_, __, ctx) => groupedConditions(ctx),
    specials: (_, __, ctx) => specials(ctx.db),
    specialInfo: async (_, args, ctx) => (await specialByPath(ctx.db, args.specialName)) ?? null,
    madoriInfo: (_, __, ctx) => madori(ctx.db),
    // The option lists resolve field by field, so a form asking for prices only costs nothing.
    searchMaster: () => ({}),
  },
  SearchMaster: {
    // Copies: the schema's lists are mutable, the constants are not.
    prices: () => [...RENT_PRICES],
    areas: () => [...AREA_BOUNDS],
    walkMinutes: () => [...WALK_MINUTES],
    builtYears: () => [...BUILT_YEARS],
    plans: (_, __, ctx) => madori(ctx.db),
    buildingTypes: () => Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({ key, name: BUILDING_TYPE_NAMES[code] ?? key })),
    conditionGroups: (_, __, ctx) => groupedConditions(ctx),
    sortKeys: () => [...SORT_OPTIONS],
  },
  Condition: {
    __resolveReference: async (ref, ctx) => (await ctx.loaders.conditionByCode.load(Number(ref.code))) ?? null,
    group: (c) => c.group_key,
  },
  Special: {
    topImage: (s) => s.top_image,
    featureImages: () => [],
    featureTexts1: (s) => s.feature_texts1,
    featureTexts2: (s) => s.feature_texts2,
    prefDesc: async (s, args, ctx) => {
      const code = optionalPrefecture(args.prefecturePath);
      const name = code === undefined ? NATIONWIDE : ((await ctx.loaders.prefectureByCode.load(code))?.name ?? NATIONWIDE);
      return s.pref_desc.replaceAll('{prefecture}', name);
    },
    faqs: (s) => s.faq,
  },
  Madori: {
    title: (m) => m.name,
  },
};
