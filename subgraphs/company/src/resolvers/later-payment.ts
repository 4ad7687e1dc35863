import { badRequest, type Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { findLaterPaymentStores } from '../repositories/stores.js';

const PREFECTURE_COUNT = 47;

/** Prefecture as the search subgraph keys it. */
interface PrefectureRef {
  code: number | string;
}

/** SPEC §3 later-payment (後払い) company lists: the whole country, one prefecture, or per Prefecture entity. */
export const laterPaymentResolvers: Resolvers<Context> = {
  Query: {
    laterPaymentCompanies: async (_: unknown, { prefectureCode }: { prefectureCode?: number | null }, ctx: Context) => {
      if (prefectureCode === undefined || prefectureCode === null) return findLaterPaymentStores(ctx.db);
      if (!Number.isInteger(prefectureCode) || prefectureCode < 1 || prefectureCode > PREFECTURE_COUNT) {
        throw badRequest(`都道府県コードは1〜${PREFECTURE_COUNT}で指定してください。`);
      }
      return ctx.loaders.laterPaymentByPrefecture.load(prefectureCode);
    },
  },
  Prefecture: {
    __resolveReference: (ref: PrefectureRef) => ({ code: Number(ref.code) }),
    // An unknown code simply has no stores; the search subgraph owns which codes exist.
    companiesByLaterPayment: (p: { code: number }, _: unknown, ctx: Context) =>
      Number.isInteger(p.code) ? ctx.loaders.laterPaymentByPrefecture.load(p.code) : [],
  },
};
