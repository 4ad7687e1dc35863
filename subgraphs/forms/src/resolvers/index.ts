import type { Resolvers } from '../__generated__/resolvers-types.js';
import { applyResolvers } from './apply.js';
import { inquiryResolvers } from './inquiry.js';
import { masterResolvers } from './masters.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers[] = [masterResolvers, inquiryResolvers, applyResolvers];
