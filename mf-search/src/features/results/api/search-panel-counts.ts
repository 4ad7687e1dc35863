import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchPanelCountsQuery, SearchPanelCountsQueryVariables } from '../../../__generated__/operations.js';

/**
 * The condition panel's counts (issue 16): for the condition the panel shows (the URL's at first,
 * then what the visitor is choosing, before submitting), the total and, for every option of every
 * control, the count the search would give with that option applied (searchBukkens.facets), plus the
 * master's condition groups the panel lists. Asked in the browser only, after hydration, so the
 * results page's server render and its shared cache entry stay what they were (issue 15's budget).
 */
export const SEARCH_PANEL_COUNTS: TypedDocumentNode<SearchPanelCountsQuery, SearchPanelCountsQueryVariables> = gql`
  query SearchPanelCounts(
    $prefecturePath: String
    $cityCodes: [Int]
    $townCodes: [Int]
    $stationCodes: [Int]
    $lineCodes: [Int]
    $specialName: String
    $instituteCampusId: Int
    $destinationStations: [DestinationStationInput!]
    $searchCondition: SearchConditionInput
    $withCities: Boolean!
    $withStations: Boolean!
  ) {
    searchBukkens(
      page: 1
      perPage: 1
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
        bukkenTotal {
          count
        }
      }
      facets {
        rentMin {
          value
          label
          count
        }
        rentMax {
          value
          label
          count
        }
        areaMin {
          value
          label
          count
        }
        areaMax {
          value
          label
          count
        }
        plans {
          value
          label
          count
        }
        walkMin {
          value
          label
          count
        }
        builtYear {
          value
          label
          count
        }
        buildingTypes {
          value
          label
          count
        }
        conditions {
          value
          label
          count
        }
        cities @include(if: $withCities) {
          value
          label
          count
        }
        stations @include(if: $withStations) {
          value
          label
          count
        }
      }
    }
    searchMaster {
      conditionGroups {
        key
        name
        conditions {
          code
          name
        }
      }
    }
  }
`;
