import type { Resolvers } from '../__generated__/resolvers-types.js';
import { findAwardedStores, type StoreRecord } from '../repositories/stores.js';

export interface AwardYearRecord {
  year: number;
  companies: StoreRecord[];
}

/** Groups awarded stores by year, newest year first, stores by id within a year. */
export function groupByAwardYear(stores: readonly StoreRecord[]): AwardYearRecord[] {
  const byYear = new Map<number, StoreRecord[]>();
  for (const store of stores) {
    for (const year of new Set(store.awardYears)) {
      let list = byYear.get(year);
      if (!list) byYear.set(year, (list = []));
      list.push(store);
    }
  }
  return [...byYear.entries()].sort(([a], [b]) => b - a).map(([year, companies]) => ({ year, companies: [...companies].sort((a, b) => a.id - b.id) }));
}

/** Award winners (受賞店舗) by year: every store of a corporation awarded that year. */
export const awardResolvers: Resolvers = {
  Query: {
    awards: async (_, __, ctx) => {
      const stores = await findAwardedStores(ctx.db);
      ctx.loaders.remember(stores);
      return groupByAwardYear(stores);
    },
  },
};
