import type { Resolvers } from '../__generated__/resolvers-types.js';
import { masterResolvers } from './master-index.js';
import { searchResolvers } from './search-index.js';
import { commuteResolvers } from './commute-index.js';

/** Each concern keeps its own resolver files; the kit merges them type by type. */
export const resolvers: Resolvers[] = [...masterResolvers, ...searchResolvers, ...commuteResolvers];
