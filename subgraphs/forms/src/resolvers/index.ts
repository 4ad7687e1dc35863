import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { applyResolvers } from './apply.js';
import { inquiryResolvers } from './inquiry.js';
import { masterResolvers } from './masters.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers<Context>[] = [masterResolvers, inquiryResolvers, applyResolvers];
