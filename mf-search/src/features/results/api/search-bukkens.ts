import { gql } from '@apollo/client';
import { BUKKEN_CARD_FRAGMENT, type BukkenCardData } from '../../bukken-card/api/bukken-card-fragment.js';

export const SEARCH_BUKKENS = gql`
  query SearchBukkens(
    $page: Int
    $perPage: Int
    $sort: String
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $stationCodes: [Int]
    $lineCodes: [Int]
    $specialName: String
    $instituteCampusId: Int
    $searchCondition: SearchConditionInput
  ) {
    searchBukkens(
      page: $page
      perPage: $perPage
      sort: $sort
      prefecturePath: $prefecturePath
      cityCodes: $cityCodes
      townCodes: $townCodes
      stationCodes: $stationCodes
      lineCodes: $lineCodes
      specialName: $specialName
      instituteCampusId: $instituteCampusId
      searchCondition: $searchCondition
    ) {
      result {
        bukkenList {
          ...SearchBukkenCard
        }
        bukkenTotal {
          count
        }
        pagination {
          count
          currentPage
          limitValue
          nextPage
          previousPage
          totalPages
        }
      }
      searchConditionTexts {
        searchText
        placeText
        conditionText
      }
    }
  }
  ${BUKKEN_CARD_FRAGMENT}
`;

export interface Pagination {
  count: number;
  currentPage: number;
  limitValue: number;
  nextPage: number | null;
  previousPage: number | null;
  totalPages: number;
}

export interface SearchBukkensData {
  searchBukkens: {
    /** An entry is null when the bukken subgraph could not answer for it. */
    result: { bukkenList: (BukkenCardData | null)[]; bukkenTotal: { count: number }; pagination: Pagination };
    searchConditionTexts: { searchText: string; placeText: string; conditionText: string };
  };
}
