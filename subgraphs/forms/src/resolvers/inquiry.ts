import type { Resolvers } from '../__generated__/resolvers-types.js';
import { inboundInquiryForm } from '../forms/inbound-inquiry.js';
import { inquiryForm } from '../forms/inquiry.js';
import { violationForm } from '../forms/violation.js';
import { submitForm } from './submit.js';

/** SPEC §7.1 sendInquiry, sendInboundInquiries and sendViolation: the operator's three contact forms. */
export const inquiryResolvers: Resolvers = {
  Mutation: {
    sendInquiry: async (_, args, ctx) => {
      const { receipt, payload } = await submitForm(ctx, inquiryForm, args);
      return { ...receipt, isApp: payload.isApp };
    },
    sendInboundInquiries: async (_, args, ctx) => (await submitForm(ctx, inboundInquiryForm, args)).receipt,
    sendViolation: async (_, args, ctx) => (await submitForm(ctx, violationForm, args)).receipt,
  },
};
