import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';

export const resolvers: Resolvers<Context> = {};
