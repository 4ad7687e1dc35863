import type { Resolvers } from '../__generated__/resolvers-types.js';
import { archiveResolvers } from './archive.js';
import { campusResolvers } from './campus.js';
import { livabilityResolvers } from './livability.js';
import { masterDataResolvers } from './master.js';
import { placeResolvers } from './places.js';
import { railwayResolvers } from './railways.js';
import { rentMarketResolvers } from './rent-market.js';
import { sitemapResolvers } from './sitemap.js';
import { suggestResolvers } from './suggest.js';

/** Master data: places, railways, station suggestions, conditions and specials, campuses, livability, rent market, sitemap, archive. */
export const masterResolvers: Resolvers[] = [
  placeResolvers,
  railwayResolvers,
  suggestResolvers,
  masterDataResolvers,
  campusResolvers,
  livabilityResolvers,
  rentMarketResolvers,
  sitemapResolvers,
  archiveResolvers,
];
