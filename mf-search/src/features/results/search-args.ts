/**
 * From a search route's URL to searchBukkens arguments. The URL is read by the one codec,
 * @sumika/spec's parseSearchUrl (SPEC §3 search condition, §5 rules: unknown keys dropped, empty
 * entries removed, a malformed value is a bad request, the 400 page); this file maps the condition
 * it reads onto the generated searchBukkens variables.
 */
import { parseSearchUrl, type CommuteDestination, type SearchConditionValues, type SearchUrlCondition } from '@sumika/spec';
import type {
  ChinryouInput,
  DestinationStationInput,
  PlanRangeInput,
  RangeInput,
  SearchBukkensQueryVariables,
  SearchConditionInput,
} from '../../__generated__/operations.js';

// The sort choices are the search subgraph's, owned by @sumika/spec.
export { SORT_OPTIONS } from '@sumika/spec';

export const PER_PAGE = 30;

/** searchBukkens' variables as the results page sends them (generated from the operation), with the page always set. */
export type SearchArgs = Omit<SearchBukkensQueryVariables, 'page' | 'perPage'> & { page: number; perPage: number };

/**
 * Every argument searchBukkens takes has its place in the URL codec (or is not the URL's:
 * perPage is the page's; withCommute follows from the destinations, see page-reads). A new argument or condition field in the schema fails the typecheck here
 * until the codec carries it.
 */
type NotInUrl = 'perPage' | 'withCommute';
type Values = Required<SearchConditionValues>;
type Uncovered =
  | Exclude<keyof SearchBukkensQueryVariables, keyof SearchUrlCondition | NotInUrl>
  | Exclude<keyof SearchConditionInput, keyof Values>
  | Exclude<keyof ChinryouInput, keyof Values['chinryou']>
  | Exclude<keyof PlanRangeInput, keyof Values['plans']>
  | Exclude<keyof RangeInput, keyof Values['area']>
  | Exclude<keyof DestinationStationInput, keyof CommuteDestination>;
export const EVERY_ARGUMENT_HAS_A_URL_FORM: [Uncovered] extends [never] ? true : never = true;

export type ParsedSearch = { ok: true; args: SearchArgs; condition: SearchUrlCondition } | { ok: false; reason: string };

/**
 * The arguments of a condition. The station page's line is where its station is, not a filter (the
 * station's listings on every line are shown); the town page's city likewise: the search asks for
 * the town alone, as the pages always did.
 */
export function searchArgsOf(condition: SearchUrlCondition): SearchArgs {
  const { page, sort, lineCodes, cityCodes, ...rest } = condition;
  const stationPage = lineCodes?.length === 1 && condition.stationCodes?.length === 1 && !cityCodes?.length && !condition.townCodes?.length;
  const townPage = cityCodes?.length === 1 && condition.townCodes?.length === 1 && !lineCodes?.length && !condition.stationCodes?.length;
  return {
    page: page ?? 1,
    perPage: PER_PAGE,
    ...(sort ? { sort } : {}),
    ...rest,
    ...(lineCodes && !stationPage ? { lineCodes } : {}),
    ...(cityCodes && !townPage ? { cityCodes } : {}),
  };
}

/** The route's URL read into a condition and its searchBukkens arguments, or the reason it is a bad request. */
export function parseSearch(routeId: string, params: Record<string, string>, search: string): ParsedSearch {
  const parsed = parseSearchUrl(routeId, params, search);
  return parsed.ok ? { ok: true, condition: parsed.condition, args: searchArgsOf(parsed.condition) } : parsed;
}

/** What a saved or remembered search keeps: the place and the condition, not the page or the order. */
export function savedSearchVariables(args: SearchArgs) {
  const { page: _page, perPage: _perPage, sort: _sort, ...variables } = args;
  return variables;
}
