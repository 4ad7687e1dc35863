import { gql } from '@apollo/client';

/** Listings that have left the market, by city or line / station (archive pages). */
export const SEARCH_ARCHIVE = gql`
  query SearchArchive($prefecturePath: String!, $lineCode: Int!, $cityCode: Int, $stationCode: Int, $page: Int!, $cities: Boolean!, $stations: Boolean!, $list: Boolean!) {
    prefecture(path: $prefecturePath) {
      code
      name
      path
    }
    archiveCities(prefecturePath: $prefecturePath) @include(if: $cities) {
      code
      name
      count
    }
    archiveLineStations(prefecturePath: $prefecturePath, lineCode: $lineCode) @include(if: $stations) {
      code
      name
      count
    }
    archiveList(prefecturePath: $prefecturePath, cityCode: $cityCode, stationCode: $stationCode, page: $page) @include(if: $list) {
      bukkenList {
        globalKey
        name
        chinryou
        plan
        area
        address
      }
      bukkenTotal {
        count
      }
      pagination {
        currentPage
        totalPages
      }
    }
  }
`;

export interface SearchArchiveData {
  prefecture: { code: number; name: string; path: string } | null;
  archiveCities?: { code: number; name: string; count: number }[];
  archiveLineStations?: { code: number; name: string; count: number }[];
  archiveList?: {
    /** An entry is null when the bukken subgraph could not answer for it. */
    bukkenList: ({ globalKey: string; name: string; chinryou: number; plan: string; area: number; address: string } | null)[];
    bukkenTotal: { count: number };
    pagination: { currentPage: number; totalPages: number };
  };
}
