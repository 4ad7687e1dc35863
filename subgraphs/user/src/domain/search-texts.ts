import type { SearchArgs } from './search-args.js';

/**
 * What a saved or last search shows besides its URL (SPEC §3 last search condition), written by the
 * search subgraph so a saved search reads exactly like the search page it came from.
 */
export interface SearchTexts {
  /** searchConditionTexts.searchText of the same arguments. */
  searchText: string;
  /** The conditions alone (rent, plan, features…) for the balloon's こだわりの条件; null when there are none. */
  conditionText: string | null;
  prefectureName: string | null;
  /** The designated city (政令指定都市) by name. */
  gdCityName: string | null;
  /** Cities and towns by name, without the prefecture. */
  citiesShortName: string | null;
  /** Lines and stations by name, e.g. 'JR山手線 / 渋谷駅'. */
  linesStationsName: string | null;
  specialName: string | null;
}

/**
 * Describes search arguments. Throws AppError when the search subgraph rejects them (unknown
 * prefecture, special…), and GatewayUnavailable when it cannot be asked.
 */
export interface SearchDescriber {
  describe(args: SearchArgs): Promise<SearchTexts>;
}
