import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import type { EmployeeRecord } from '../repositories/employees.js';
import type { ReviewRecord } from '../repositories/reviews.js';

/** What Company.reviews hands down: each StoreReviews field loads only what it needs. */
export interface ReviewsParent {
  storeId: number;
  first: number;
}

/** Store reviews (口コミ) and staff: batched per request across every store in the response. */
export const reviewResolvers: Resolvers<Context> = {
  StoreReviews: {
    count: async (p: ReviewsParent, _: unknown, ctx: Context) => (await ctx.loaders.reviewStats.load(p.storeId))?.count ?? 0,
    averageRating: async (p: ReviewsParent, _: unknown, ctx: Context) => (await ctx.loaders.reviewStats.load(p.storeId))?.averageRating ?? null,
    items: async (p: ReviewsParent, _: unknown, ctx: Context) => (await ctx.loaders.latestReviews.load(p.storeId)).slice(0, p.first),
  },
  StoreReview: {
    id: (r: ReviewRecord) => String(r.id),
  },
  Employee: {
    id: (e: EmployeeRecord) => String(e.id),
  },
};
