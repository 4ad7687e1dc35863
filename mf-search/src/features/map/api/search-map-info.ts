import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapInfoQuery, SearchMapInfoQueryVariables } from '../../../__generated__/operations.js';

/** The search's matching listings (its place and condition) per GeoHex cell in a bounding box, each cell with its nearest station. */
export const SEARCH_MAP_INFO: TypedDocumentNode<SearchMapInfoQuery, SearchMapInfoQueryVariables> = gql`
  query SearchMapInfo(
    $level: Int!
    $south: Float!
    $west: Float!
    $north: Float!
    $east: Float!
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $lineCodes: [Int]
    $stationCodes: [Int]
    $searchCondition: SearchConditionInput
  ) {
    mapInfo(
      level: $level
      south: $south
      west: $west
      north: $north
      east: $east
      prefecturePath: $prefecturePath
      cityCodes: $cityCodes
      townCodes: $townCodes
      lineCodes: $lineCodes
      stationCodes: $stationCodes
      searchCondition: $searchCondition
    ) {
      geoHex
      count
      nearStation
      center {
        lat
        lng
      }
    }
  }
`;
