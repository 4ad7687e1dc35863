import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchAreaListsQuery, SearchAreaListsQueryVariables } from '../../../__generated__/operations.js';

/**
 * Cities and lines of a prefecture (the city / line pickers), a line's stations and a city's towns
 * when asked, every line's stations for the station picker, and the special and building types of
 * the path (to answer 404 for ones that do not exist). With a special ($countSpecial) the counts are
 * of the listings matching it.
 */
export const SEARCH_AREA_LISTS: TypedDocumentNode<SearchAreaListsQuery, SearchAreaListsQueryVariables> = gql`
  query SearchAreaLists(
    $path: String!
    $lineCode: Int!
    $withStations: Boolean!
    $cityCode: Int!
    $withTowns: Boolean!
    $specialName: String!
    $withSpecial: Boolean!
    $withBuildingTypes: Boolean!
    $countSpecial: String
    $withLineStations: Boolean!
  ) {
    prefecture(path: $path) {
      code
      name
      path
      cities {
        code
        name
        bukkenCount(specialName: $countSpecial)
      }
    }
    railways(prefecturePath: $path) {
      code
      name
      lines {
        code
        name
        colorCode
        bukkenCount(prefecturePath: $path, specialName: $countSpecial)
      }
    }
    prefectureStations(prefecturePath: $path) @include(if: $withLineStations) {
      code
      name
      lineCode
      bukkenCount
    }
    line(code: $lineCode) @include(if: $withStations) {
      code
      name
      stations(prefecturePath: $path) {
        code
        name
        bukkenCount(specialName: $countSpecial)
      }
    }
    towns(cityCode: $cityCode) @include(if: $withTowns) {
      code
      name
      bukkenCount(specialName: $countSpecial)
    }
    city(code: $cityCode) @include(if: $withTowns) {
      code
      name
      prefecture {
        code
      }
    }
    specialInfo(specialName: $specialName) @include(if: $withSpecial) {
      path
    }
    searchMaster @include(if: $withBuildingTypes) {
      buildingTypes {
        key
      }
    }
  }
`;
