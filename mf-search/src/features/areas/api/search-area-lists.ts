import { gql } from '@apollo/client';

/** Cities and lines of a prefecture (the city / line pickers), and a line's stations when asked. */
export const SEARCH_AREA_LISTS = gql`
  query SearchAreaLists($path: String!, $lineCode: Int!, $withStations: Boolean!, $cityCode: Int!, $withTowns: Boolean!) {
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
    }
  }
`;

export interface SearchAreaListsData {
  prefecture: { code: number; name: string; path: string; cities: { code: number; name: string; bukkenCount: number }[] } | null;
  railways: { code: string; name: string; lines: { code: number; name: string; colorCode: string; bukkenCount: number }[] }[];
  line?: { code: number; name: string; stations: { code: number; name: string; bukkenCount: number }[] } | null;
  towns?: { code: number; name: string; bukkenCount: number }[];
  city?: { code: number; name: string } | null;
}
