import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchBukkensQuery, SearchBukkensQueryVariables } from '../../../__generated__/operations.js';
import { BUKKEN_CARD_FRAGMENT } from '../../bukken-card/index.js';

export const SEARCH_BUKKENS: TypedDocumentNode<SearchBukkensQuery, SearchBukkensQueryVariables> = gql`
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
    $destinationStations: [DestinationStationInput!]
    $searchCondition: SearchConditionInput
    $withCommute: Boolean! = false
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
      destinationStations: $destinationStations
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
      # Asked only for a search with commute destinations (the query of every other search is unchanged).
      commutes @include(if: $withCommute) {
        globalKey
        destinations {
          stationCode
          stationName
          minutes
          transfers
          fromStationName
        }
      }
    }
  }
  ${BUKKEN_CARD_FRAGMENT}
`;
