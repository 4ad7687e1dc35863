import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapBoundsQuery, SearchMapBoundsQueryVariables } from '../../../__generated__/operations.js';

/** The box around a search's matches: where the map opens for a search with a place and no box of its own. */
export const SEARCH_MAP_BOUNDS: TypedDocumentNode<SearchMapBoundsQuery, SearchMapBoundsQueryVariables> = gql`
  query SearchMapBounds(
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $lineCodes: [Int]
    $stationCodes: [Int]
    $searchCondition: SearchConditionInput
  ) {
    mapBounds(
      prefecturePath: $prefecturePath
      cityCodes: $cityCodes
      townCodes: $townCodes
      lineCodes: $lineCodes
      stationCodes: $stationCodes
      searchCondition: $searchCondition
    ) {
      south
      west
      north
      east
    }
  }
`;
