import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchSetLastSearchConditionMutation, SearchSetLastSearchConditionMutationVariables } from '../../../__generated__/operations.js';

/** Remembers the search for the PC 'previous search condition' balloon. */
export const SET_LAST_SEARCH_CONDITION: TypedDocumentNode<SearchSetLastSearchConditionMutation, SearchSetLastSearchConditionMutationVariables> = gql`
  mutation SearchSetLastSearchCondition(
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $stationCodes: [Int]
    $lineCodes: [Int]
    $specialName: String
    $instituteCampusId: Int
    $destinationStations: [DestinationStationInput!]
    $searchCondition: SearchConditionInput
  ) {
    setLastSearchCondition(
      prefecturePath: $prefecturePath
      cityCodes: $cityCodes
      townCodes: $townCodes
      stationCodes: $stationCodes
      lineCodes: $lineCodes
      specialName: $specialName
      instituteCampusId: $instituteCampusId
      destinationStations: $destinationStations
      searchCondition: $searchCondition
    ) {
      searchPath
    }
  }
`;
