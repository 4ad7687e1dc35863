import type { PageQueriesInput, PageQuery } from '@sumika/shell-kit';
import type { SearchBukkensQuery, SearchBukkensQueryVariables, SearchPlaceQuery, SearchPlaceQueryVariables } from '../../__generated__/operations.js';
import { SEARCH_BUKKENS } from './api/search-bukkens.js';
import { SEARCH_PLACE } from './api/search-place.js';
import { parseSearch, type ParsedSearch, type SearchArgs } from './search-args.js';

/** What the results page reads for its route and URL: the search, and the place its path names (checked for 404). */
export interface ResultsPageReads {
  parsed: ParsedSearch;
  args: SearchArgs;
  /** The station route's line (checked too: the search itself filters by the station alone). */
  lineCode: number | undefined;
  search: { variables: SearchBukkensQueryVariables; skip: boolean };
  place: { variables: SearchPlaceQueryVariables; skip: boolean };
}

/** The one place the results page's variables are built: its render and its pageQueries both call it. */
export function resultsPageReads(routeId: string, params: Record<string, string>, search: string): ResultsPageReads {
  const parsed = parseSearch(routeId, params, search);
  const args: SearchArgs = parsed.ok ? parsed.args : { page: 1, perPage: 30 };
  const lineCode = args.lineCodes?.[0] ?? (params.lineCode ? Number(params.lineCode) : undefined);
  return {
    parsed,
    args,
    lineCode,
    search: { variables: args, skip: !parsed.ok },
    place: {
      variables: {
        prefecturePath: args.prefecturePath ?? '',
        cityCode: args.cityCodes?.[0] ?? 0,
        withCity: !!args.cityCodes?.length,
        lineCode: lineCode ?? 0,
        withLine: lineCode !== undefined,
      },
      skip: !parsed.ok || !args.prefecturePath,
    },
  };
}

/** The results page's server reads (the shell fetches them before its one render). */
export function resultsPageQueries({ route, params, search }: PageQueriesInput) {
  const reads = resultsPageReads(route.id, params, search);
  return [
    ...(reads.search.skip
      ? []
      : [{ query: SEARCH_BUKKENS, variables: reads.search.variables } satisfies PageQuery<SearchBukkensQuery, SearchBukkensQueryVariables>]),
    ...(reads.place.skip ? [] : [{ query: SEARCH_PLACE, variables: reads.place.variables } satisfies PageQuery<SearchPlaceQuery, SearchPlaceQueryVariables>]),
  ];
}
