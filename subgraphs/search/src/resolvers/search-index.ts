import type { Resolvers } from '../__generated__/resolvers-types.js';
import { archiveListResolvers } from './archive-list.js';
import { companySearchResolvers } from './company-search.js';
import { mapResolvers } from './map.js';
import { paramsResolvers } from './params.js';
import { searchResolver } from './search.js';
import { specialSearchResolvers } from './special-search.js';

/** Listing search: searchBukkens and its variants, facets, texts, parameters, company, special, archive and map lists. */
export const searchResolvers: Resolvers[] = [
  searchResolver,
  paramsResolvers,
  companySearchResolvers,
  specialSearchResolvers,
  archiveListResolvers,
  mapResolvers,
];
