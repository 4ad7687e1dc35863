import type { Resolvers } from '../__generated__/resolvers-types.js';
import { commuteQueryResolvers } from './commute.js';

export const commuteResolvers: Resolvers[] = [commuteQueryResolvers];
