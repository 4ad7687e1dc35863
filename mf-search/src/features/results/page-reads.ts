import type { PageQueriesInput, PageQuery } from '@sumika/shell-kit';
import type { SearchBukkensQuery, SearchBukkensQueryVariables, SearchPlaceQuery, SearchPlaceQueryVariables } from '../../__generated__/operations.js';
import { SEARCH_BUKKENS } from './api/search-bukkens.js';
import { SEARCH_PLACE } from './api/search-place.js';
import type { SearchUrlCondition } from '@sumika/spec';
import { parseSearch, PER_PAGE, type ParsedSearch, type SearchArgs } from './search-args.js';

/** What the results page reads for its route and URL: the search, and the place its path names (checked for 404). */
export interface ResultsPageReads {
  parsed: ParsedSearch;
  args: SearchArgs;
  /** The condition the URL carries (what forms and links keep); empty when the URL is a bad request. */
  condition: SearchUrlCondition;
  /** The station route's line (checked too: the search itself filters by the station alone). */
  lineCode: number | undefined;
  search: { variables: SearchBukkensQueryVariables; skip: boolean };
  place: { variables: SearchPlaceQueryVariables; skip: boolean };
}

/** The one place the results page's variables are built: its render and its pageQueries both call it. */
export function resultsPageReads(routeId: string, params: Record<string, string>, search: string): ResultsPageReads {
  const parsed = parseSearch(routeId, params, search);
  const args: SearchArgs = parsed.ok ? parsed.args : { page: 1, perPage: PER_PAGE };
  const condition = parsed.ok ? parsed.condition : {};
  const lineCode = condition.lineCodes?.[0];
  const cityCode = condition.cityCodes?.[0];
  // One station (a station page, or a search for one): its group names its livability page.
  const stationCode = condition.stationCodes?.length === 1 ? condition.stationCodes[0] : undefined;
  return {
    parsed,
    args,
    condition,
    lineCode,
    // Commute times are asked only with destinations: the variables of every other search stay as they were.
    search: { variables: condition.destinationStations?.length ? { ...args, withCommute: true } : args, skip: !parsed.ok },
    place: {
      variables: {
        prefecturePath: condition.prefecturePath ?? '',
        cityCode: cityCode ?? 0,
        withCity: cityCode !== undefined,
        lineCode: lineCode ?? 0,
        withLine: lineCode !== undefined,
        stationCode: stationCode ?? 0,
        withStation: stationCode !== undefined,
      },
      skip: !parsed.ok || !condition.prefecturePath,
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
