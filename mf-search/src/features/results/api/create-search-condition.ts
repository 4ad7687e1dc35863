import { gql } from '@apollo/client';

export const CREATE_SEARCH_CONDITION = gql`
  mutation SearchCreateSearchCondition(
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $stationCodes: [Int]
    $lineCodes: [Int]
    $specialName: String
    $instituteCampusId: Int
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
      searchCondition: $searchCondition
    ) {
      rest
      saved
    }
  }
`;

export interface CreateSearchConditionData {
  createSearchCondition: { rest: number; saved: boolean };
}
