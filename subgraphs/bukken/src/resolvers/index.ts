import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { buildingResolvers } from './building.js';
import { bukkenResolvers } from './bukken.js';
import { queryResolvers } from './query.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers<Context>[] = [queryResolvers, bukkenResolvers, buildingResolvers];
