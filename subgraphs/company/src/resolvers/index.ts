import type { Resolvers } from '../__generated__/resolvers-types.js';
import { awardResolvers } from './awards.js';
import { companyResolvers } from './company.js';
import { laterPaymentResolvers } from './later-payment.js';
import { reviewResolvers } from './reviews.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers[] = [companyResolvers, reviewResolvers, laterPaymentResolvers, awardResolvers];
