import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchCreateSearchConditionMutation, SearchCreateSearchConditionMutationVariables } from '../../../__generated__/operations.js';

export const CREATE_SEARCH_CONDITION: TypedDocumentNode<SearchCreateSearchConditionMutation, SearchCreateSearchConditionMutationVariables> = gql`
  mutation SearchCreateSearchCondition(
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
    createSearchCondition(
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
      rest
      saved
    }
  }
`;
