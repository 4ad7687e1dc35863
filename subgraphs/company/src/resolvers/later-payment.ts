import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { findLaterPaymentStores } from '../repositories/stores.js';

const PREFECTURE_COUNT = 47;
const isPrefectureCode = (code: number) => Number.isInteger(code) && code >= 1 && code <= PREFECTURE_COUNT;

/** What this subgraph hands down for a Prefecture: only the code the search subgraph keys it by. */
export interface PrefectureParent {
  code: number;
}

/** SPEC §3 later-payment (後払い) company lists: the whole country, one prefecture, or per Prefecture entity. */
export const laterPaymentResolvers: Resolvers = {
  Query: {
    laterPaymentCompanies: async (_, { prefectureCode }, ctx) => {
      if (prefectureCode === undefined || prefectureCode === null) return findLaterPaymentStores(ctx.db);
      if (!isPrefectureCode(prefectureCode)) {
        throw badRequest(`都道府県コードは1〜${PREFECTURE_COUNT}で指定してください。`);
      }
      return ctx.loaders.laterPaymentByPrefecture.load(prefectureCode);
    },
  },
  Prefecture: {
    // The router may send the code as a string; Number() keeps the old leniency.
    __resolveReference: (ref): PrefectureParent => ({ code: Number(ref.code) }),
    // An unknown code simply has no stores; the search subgraph owns which codes exist. Only codes
    // that can exist reach the batch: one out of smallint's range would fail it for every entity.
    companiesByLaterPayment: (p, _, ctx) => (isPrefectureCode(p.code) ? ctx.loaders.laterPaymentByPrefecture.load(p.code) : []),
  },
};
