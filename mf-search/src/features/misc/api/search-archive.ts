import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchArchiveQuery, SearchArchiveQueryVariables } from '../../../__generated__/operations.js';

/** Listings that have left the market, by city or line / station (archive pages); the prefecture's lines for its index. */
export const SEARCH_ARCHIVE: TypedDocumentNode<SearchArchiveQuery, SearchArchiveQueryVariables> = gql`
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
    railways(prefecturePath: $prefecturePath) @include(if: $cities) {
      code
      name
      lines {
        code
        name
      }
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
