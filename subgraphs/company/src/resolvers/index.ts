import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { awardResolvers } from './awards.js';
import { companyResolvers } from './company.js';
import { laterPaymentResolvers } from './later-payment.js';
import { reviewResolvers } from './reviews.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers<Context>[] = [companyResolvers, reviewResolvers, laterPaymentResolvers, awardResolvers];
