import type { Resolvers } from '../__generated__/resolvers-types.js';
import { planOrdinal } from '../domain/madori.js';
import { imagePath } from '../plugins/images.js';
import type { BukkenRecord } from '../repositories/records.js';

/** Vacancies by plan, madori order (unknown plans last, by name); rooms keep the building's floor order. */
export function vacancyPlansOf(rooms: readonly BukkenRecord[]) {
  const byPlan = new Map<string, BukkenRecord[]>();
  for (const r of rooms) {
    if (r.archivedAt !== null) continue;
    const list = byPlan.get(r.plan);
    if (list) list.push(r);
    else byPlan.set(r.plan, [r]);
  }
  const rank = (plan: string): number => planOrdinal(plan) ?? Number.MAX_SAFE_INTEGER;
  return [...byPlan]
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([plan, list]) => ({
      plan,
      count: list.length,
      chinryouMin: Math.min(...list.map((r) => r.chinryou)),
      chinryouMax: Math.max(...list.map((r) => r.chinryou)),
      areaMin: Math.min(...list.map((r) => r.area)),
      areaMax: Math.max(...list.map((r) => r.area)),
      rooms: list,
    }));
}

/** Stores of the rooms: with active rooms first (most first), then archived-only ones (most first); ties by store id. */
export function storeIdsOf(rooms: readonly BukkenRecord[]): number[] {
  const counts = new Map<number, { active: number; all: number }>();
  for (const r of rooms) {
    const c = counts.get(r.storeId) ?? { active: 0, all: 0 };
    c.all++;
    if (r.archivedAt === null) c.active++;
    counts.set(r.storeId, c);
  }
  return [...counts].sort(([x, a], [y, b]) => b.active - a.active || b.all - a.all || x - y).map(([id]) => id);
}

/** Building fields read from its rooms: the vacancy table by plan, the exterior, the stores. */
export const buildingRoomsResolvers: Resolvers = {
  Building: {
    vacancyPlans: async (b, _args, ctx) => vacancyPlansOf(await ctx.loaders.roomsByBuilding.load(b.id)),
    // The first room listed (lowest id) stands for the building: the same exterior generator as its gallery.
    exteriorUrl: async (b, _args, ctx) => {
      const rooms = await ctx.loaders.roomsByBuilding.load(b.id);
      const first = rooms.reduce<BukkenRecord | undefined>((min, r) => (!min || r.id < min.id ? r : min), undefined);
      return first ? ctx.imageOrigin + imagePath(first.globalKey, 'gaikan') : null;
    },
    // References only: the company subgraph resolves each store.
    companies: async (b, _args, ctx) =>
      storeIdsOf(await ctx.loaders.roomsByBuilding.load(b.id)).map((id) => ({ __typename: 'Company' as const, id: String(id) })),
  },
};
