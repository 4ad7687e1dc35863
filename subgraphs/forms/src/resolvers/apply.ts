import type { Resolvers } from '../__generated__/resolvers-types.js';
import { cashbackCampaignAt } from '../domain/cashback.js';
import { applyForm } from '../forms/apply.js';
import { cashbackForm } from '../forms/cashback.js';
import { submitForm } from './submit.js';

/** createApply (inquiry to the companies about listings) and createCashbackApplication. */
export const applyResolvers: Resolvers = {
  Mutation: {
    createApply: async (_, { input }, ctx) => {
      const { receipt, payload } = await submitForm(ctx, applyForm, input);
      return {
        ...receipt,
        // Validated equal to one of the schema's enum values, so the argument's typed value is the payload's.
        listKind: input.listKind,
        globalKeys: payload.globalKeys,
        cashbackCampaign: cashbackCampaignAt(ctx.now()),
      };
    },
    createCashbackApplication: async (_, { input }, ctx) => {
      const { receipt, payload } = await submitForm(ctx, cashbackForm, input);
      return { ...receipt, amountText: payload.amountText, maxAmount: payload.maxAmount };
    },
  },
  ApplyReceipt: {
    // Keys only: the gateway fetches the listing fields from the bukken subgraph.
    bukkens: (r) => r.globalKeys.map((globalKey) => ({ __typename: 'Bukken' as const, globalKey })),
  },
};
