import { gql } from '@apollo/client';

/**
 * Cities and lines of a prefecture (the city / line pickers), a line's stations and a city's towns
 * when asked, and the special and building types of the path (to answer 404 for ones that do not exist).
 */
export const SEARCH_AREA_LISTS = gql`
  query SearchAreaLists(
    $path: String!
    $lineCode: Int!
    $withStations: Boolean!
    $cityCode: Int!
    $withTowns: Boolean!
    $specialName: String!
    $withSpecial: Boolean!
    $withBuildingTypes: Boolean!
  ) {
    prefecture(path: $path) {
      code
      name
      path
      cities {
        code
        name
        bukkenCount
      }
    }
    railways(prefecturePath: $path) {
      code
      name
      lines {
        code
        name
        colorCode
        bukkenCount(prefecturePath: $path)
      }
    }
    line(code: $lineCode) @include(if: $withStations) {
      code
      name
      stations(prefecturePath: $path) {
        code
        name
        bukkenCount
      }
    }
    towns(cityCode: $cityCode) @include(if: $withTowns) {
      code
      name
      bukkenCount
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

export interface SearchAreaListsData {
  prefecture: { code: number; name: string; path: string; cities: { code: number; name: string; bukkenCount: number }[] } | null;
  railways: { code: string; name: string; lines: { code: number; name: string; colorCode: string; bukkenCount: number }[] }[];
  line?: { code: number; name: string; stations: { code: number; name: string; bukkenCount: number }[] } | null;
  towns?: { code: number; name: string; bukkenCount: number }[];
  city?: { code: number; name: string; prefecture: { code: number } } | null;
  specialInfo?: { path: string } | null;
  searchMaster?: { buildingTypes: { key: string }[] };
}
