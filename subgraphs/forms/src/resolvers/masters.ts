import type { Resolvers } from '../__generated__/resolvers-types.js';
import { cashbackCampaignAt } from '../domain/cashback.js';
import {
  APPLY_REQUESTS,
  BUKKEN_KANKEI,
  CONTACT_METHODS,
  INBOUND_CATEGORIES,
  INBOUND_TYPES,
  INQUIRY_TYPES,
  MAX_APPLY_BUKKENS,
  MOVE_IN_TIMINGS,
  REFERENCE_MEDIA,
  VIOLATION_KINDS,
} from '../domain/masters.js';

/** The master lists of the forms: constants of the product, served as they are. */
export const masterResolvers: Resolvers = {
  Query: {
    // Copies: the schema's lists are mutable, the constants are not.
    usersInquiryMaster: () => ({ inquiryTypes: [...INQUIRY_TYPES] }),
    violationMaster: () => ({ kinds: [...VIOLATION_KINDS], relations: [...BUKKEN_KANKEI] }),
    inboundInquiryMaster: () => ({ types: [...INBOUND_TYPES], categories: [...INBOUND_CATEGORIES], referenceMedia: [...REFERENCE_MEDIA] }),
    applyMaster: () => ({
      contactMethods: [...CONTACT_METHODS],
      moveInTimings: [...MOVE_IN_TIMINGS],
      requests: [...APPLY_REQUESTS],
      maxBukkens: MAX_APPLY_BUKKENS,
    }),
    cashbackCampaign: (_, __, ctx) => cashbackCampaignAt(ctx.now()),
  },
};
