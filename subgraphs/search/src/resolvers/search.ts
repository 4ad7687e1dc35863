import { badRequest } from '@sumika/server-kit';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { pageRequest, paginate } from '../domain/pagination.js';
import { parseSort } from '../domain/sort.js';
import { resolveSearch, type ResolvedSearch } from './search/arguments.js';
import { listingCommutes } from './search/commutes.js';
import { selectedFacets } from './search/facets.js';
import { cachedCount, cachedKeys, existingPage, newKeys, refs, resultSource, type ResultSource } from './search/results.js';
import { textsOf } from './search/texts.js';

// searchBukkens and its variants: arguments (search/arguments.ts) → a filter's counts and keys
// (search/results.ts, SQL in repositories/listing-search.ts) → facets and texts → this response.

/** The parent of SearchBukkensPayload's fields. */
export interface PayloadSource {
  resolved: ResolvedSearch;
  result: ResultSource;
}

export const searchResolver: Resolvers = {
  Query: {
    async searchBukkens(_, args, ctx): Promise<PayloadSource> {
      const sort = parseSort(args.sort);
      const page = pageRequest(args.page, args.perPage);
      const resolved = await resolveSearch(ctx, args);
      return { resolved, result: await existingPage(resultSource(ctx, resolved.filter, sort, page)) };
    },
    async searchBukkensCount(_, args, ctx) {
      const resolved = await resolveSearch(ctx, args);
      return { count: await cachedCount(ctx, resolved.filter) };
    },
    async searchBukkensPreview(_, args, ctx) {
      const limit = args.limit ?? 5;
      if (!Number.isInteger(limit) || limit < 1 || limit > 30) throw badRequest('表示件数は1〜30件で指定してください。');
      const resolved = await resolveSearch(ctx, args);
      return refs(await cachedKeys(ctx, resolved.filter, parseSort(null), limit));
    },
    async searchConditionTexts(_, args, ctx) {
      return textsOf(ctx, await resolveSearch(ctx, args));
    },
  },
  SearchBukkensPayload: {
    result: (p) => p.result,
    // Highly recommended is not in the index: the most viewed matches stand in.
    pickupBukkens: async (p, _, ctx) => refs(await cachedKeys(ctx, p.resolved.filter, { column: 'view_count', direction: 'desc' }, 3)),
    recommendBukkens: async (p, _, ctx) => refs(await cachedKeys(ctx, p.resolved.filter, { column: 'initial_cost', direction: 'asc' }, 5)),
    newBukkens: async (p, _, ctx) => refs(await newKeys(ctx, p.resolved.filter, 5)),
    searchConditionTexts: (p, _, ctx) => textsOf(ctx, p.resolved),
    // Only the facets the query selected.
    facets: (p, _, ctx, info) => selectedFacets(ctx, p.resolved, info),
    commutes: (p, _, ctx) => listingCommutes(ctx, p.resolved, p.result),
  },
  SearchResult: {
    bukkenList: async (s) => refs(await s.keys()),
    bukkenTotal: async (s) => ({ count: await s.count() }),
    pagination: async (s) => paginate(await s.count(), s.page),
  },
};
