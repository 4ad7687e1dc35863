import type { SearchArgs } from '../domain/search-args.js';
import type { SearchDescriber, SearchTexts } from '../domain/search-texts.js';
import { gatewayClient, type GraphQLRequester } from './client.js';

const DESCRIBE = `query DescribeSavedSearch(
  $prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int, $stationCodes: [Int], $lineCodes: [Int],
  $specialName: String, $instituteCampusId: Int, $destinationStations: [DestinationStationInput!], $searchCondition: SearchConditionInput,
  $pref: String!, $hasPref: Boolean!, $gd: Int!, $hasGd: Boolean!, $special: String!, $hasSpecial: Boolean!
) {
  all: searchConditionTexts(prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, gdCityCode: $gdCityCode,
    stationCodes: $stationCodes, lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId,
    destinationStations: $destinationStations, searchCondition: $searchCondition) { searchText conditionText }
  cities: searchConditionTexts(cityCodes: $cityCodes, townCodes: $townCodes) { placeText }
  linesStations: searchConditionTexts(lineCodes: $lineCodes, stationCodes: $stationCodes) { placeText }
  prefecture(path: $pref) @include(if: $hasPref) { name }
  gdCity: city(code: $gd) @include(if: $hasGd) { name }
  special: specialInfo(specialName: $special) @include(if: $hasSpecial) { name }
}`;

interface DescribeResult {
  all: { searchText: string; conditionText: string };
  cities: { placeText: string };
  linesStations: { placeText: string };
  prefecture?: { name: string } | null;
  gdCity?: { name: string } | null;
  special?: { name: string } | null;
}

/** Asks the search subgraph, through the gateway, for the texts and names of a search. */
export function gatewaySearchDescriber(request: GraphQLRequester = gatewayClient()): SearchDescriber {
  return {
    async describe(args: SearchArgs): Promise<SearchTexts> {
      const r = await request<DescribeResult>(DESCRIBE, {
        ...args,
        pref: args.prefecturePath ?? '',
        hasPref: args.prefecturePath !== undefined,
        gd: args.gdCityCode ?? 0,
        hasGd: args.gdCityCode !== undefined,
        special: args.specialName ?? '',
        hasSpecial: args.specialName !== undefined,
      });
      return {
        searchText: r.all.searchText,
        // Places (cities, lines, campus, commute) have rows of their own; the conditions are the rest.
        conditionText: args.searchCondition === undefined ? null : r.all.conditionText,
        prefectureName: r.prefecture?.name ?? null,
        gdCityName: r.gdCity?.name ?? null,
        citiesShortName: r.cities.placeText || null,
        linesStationsName: r.linesStations.placeText || null,
        specialName: r.special?.name ?? null,
      };
    },
  };
}
