import type { Resolvers } from '../__generated__/resolvers-types.js';

/** What Company.reviews hands down: each StoreReviews field loads only what it needs. */
export interface ReviewsParent {
  storeId: number;
  first: number;
}

/** Store reviews (口コミ) and staff: batched per request across every store in the response. */
export const reviewResolvers: Resolvers = {
  StoreReviews: {
    count: async (p, _, ctx) => (await ctx.loaders.reviewStats.load(p.storeId))?.count ?? 0,
    averageRating: async (p, _, ctx) => (await ctx.loaders.reviewStats.load(p.storeId))?.averageRating ?? null,
    items: async (p, _, ctx) => (await ctx.loaders.latestReviews.load(p.storeId)).slice(0, p.first),
  },
  StoreReview: {
    id: (r) => String(r.id),
  },
  Employee: {
    id: (e) => String(e.id),
  },
};
