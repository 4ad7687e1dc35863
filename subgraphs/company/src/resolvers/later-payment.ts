import { badRequest, type Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { findLaterPaymentStores } from '../repositories/stores.js';

const PREFECTURE_COUNT = 47;
const isPrefectureCode = (code: number) => Number.isInteger(code) && code >= 1 && code <= PREFECTURE_COUNT;

/** Prefecture as the search subgraph keys it. */
interface PrefectureRef {
  code: number | string;
}

/** SPEC §3 later-payment (後払い) company lists: the whole country, one prefecture, or per Prefecture entity. */
export const laterPaymentResolvers: Resolvers<Context> = {
  Query: {
    laterPaymentCompanies: async (_: unknown, { prefectureCode }: { prefectureCode?: number | null }, ctx: Context) => {
      if (prefectureCode === undefined || prefectureCode === null) return findLaterPaymentStores(ctx.db);
      if (!isPrefectureCode(prefectureCode)) {
        throw badRequest(`都道府県コードは1〜${PREFECTURE_COUNT}で指定してください。`);
      }
      return ctx.loaders.laterPaymentByPrefecture.load(prefectureCode);
    },
  },
  Prefecture: {
    __resolveReference: (ref: PrefectureRef) => ({ code: Number(ref.code) }),
    // An unknown code simply has no stores; the search subgraph owns which codes exist. Only codes
    // that can exist reach the batch: one out of smallint's range would fail it for every entity.
    companiesByLaterPayment: (p: { code: number }, _: unknown, ctx: Context) =>
      isPrefectureCode(p.code) ? ctx.loaders.laterPaymentByPrefecture.load(p.code) : [],
  },
};
