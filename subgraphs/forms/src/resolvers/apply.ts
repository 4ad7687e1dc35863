import type { Resolvers } from '@sumika/subgraph-kit';
import { cashbackCampaignAt } from '../domain/cashback.js';
import { applyForm } from '../forms/apply.js';
import { cashbackForm } from '../forms/cashback.js';
import type { Context } from '../context.js';
import { submitForm } from './submit.js';

/** createApply (inquiry to the companies about listings) and createCashbackApplication. */
export const applyResolvers: Resolvers<Context> = {
  Mutation: {
    createApply: async (_: unknown, { input }: { input: Record<string, unknown> }, ctx: Context) => {
      const { receipt, payload } = await submitForm(ctx, applyForm, input);
      return {
        ...receipt,
        listKind: payload.listKind,
        globalKeys: payload.globalKeys,
        cashbackCampaign: cashbackCampaignAt(ctx.now()),
      };
    },
    createCashbackApplication: async (_: unknown, { input }: { input: Record<string, unknown> }, ctx: Context) => {
      const { receipt, payload } = await submitForm(ctx, cashbackForm, input);
      return { ...receipt, amountText: payload.amountText, maxAmount: payload.maxAmount };
    },
  },
  ApplyReceipt: {
    // Keys only: the gateway fetches the listing fields from the bukken subgraph.
    bukkens: (r: { globalKeys: string[] }) => r.globalKeys.map((globalKey) => ({ __typename: 'Bukken', globalKey })),
  },
};
