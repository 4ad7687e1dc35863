import type { Resolvers } from '../__generated__/resolvers-types.js';
import { buildingResolvers } from './building.js';
import { buildingRoomsResolvers } from './building-rooms.js';
import { bukkenResolvers } from './bukken.js';
import { companyResolvers } from './company.js';
import { queryResolvers } from './query.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers[] = [queryResolvers, bukkenResolvers, buildingResolvers, buildingRoomsResolvers, companyResolvers];
