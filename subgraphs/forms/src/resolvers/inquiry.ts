import type { Resolvers } from '@sumika/subgraph-kit';
import { inboundInquiryForm } from '../forms/inbound-inquiry.js';
import { inquiryForm } from '../forms/inquiry.js';
import { violationForm } from '../forms/violation.js';
import type { Context } from '../context.js';
import { submitForm } from './submit.js';

/** SPEC §7.1 sendInquiry, sendInboundInquiries and sendViolation: the operator's three contact forms. */
export const inquiryResolvers: Resolvers<Context> = {
  Mutation: {
    sendInquiry: async (_: unknown, args: Record<string, unknown>, ctx: Context) => {
      const { receipt, payload } = await submitForm(ctx, inquiryForm, args);
      return { ...receipt, isApp: payload.isApp };
    },
    sendInboundInquiries: async (_: unknown, args: Record<string, unknown>, ctx: Context) => (await submitForm(ctx, inboundInquiryForm, args)).receipt,
    sendViolation: async (_: unknown, args: Record<string, unknown>, ctx: Context) => (await submitForm(ctx, violationForm, args)).receipt,
  },
};
