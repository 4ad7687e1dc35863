import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { commuteQueryResolvers } from './commute.js';

export const commuteResolvers: Resolvers<Context>[] = [commuteQueryResolvers];
