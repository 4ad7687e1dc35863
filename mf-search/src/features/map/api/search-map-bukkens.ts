import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapBukkensQuery, SearchMapBukkensQueryVariables } from '../../../__generated__/operations.js';

/** The search's matching listings in one GeoHex cell, newest first. */
export const SEARCH_MAP_BUKKENS: TypedDocumentNode<SearchMapBukkensQuery, SearchMapBukkensQueryVariables> = gql`
  query SearchMapBukkens(
    $geoHex: String!
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $lineCodes: [Int]
    $stationCodes: [Int]
    $searchCondition: SearchConditionInput
  ) {
    mapBukkens(
      geoHex: $geoHex
      prefecturePath: $prefecturePath
      cityCodes: $cityCodes
      townCodes: $townCodes
      lineCodes: $lineCodes
      stationCodes: $stationCodes
      searchCondition: $searchCondition
      limit: 20
    ) {
      globalKey
      name
      chinryou
      plan
      area
      address
    }
  }
`;
