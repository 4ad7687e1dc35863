import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchPlaceQuery, SearchPlaceQueryVariables } from '../../../__generated__/operations.js';

/** Names for the breadcrumbs of a place search; a null prefecture means the path names nothing. */
export const SEARCH_PLACE: TypedDocumentNode<SearchPlaceQuery, SearchPlaceQueryVariables> = gql`
  query SearchPlace(
    $prefecturePath: String!
    $cityCode: Int!
    $withCity: Boolean!
    $lineCode: Int!
    $withLine: Boolean!
    $stationCode: Int!
    $withStation: Boolean!
  ) {
    prefecture(path: $prefecturePath) {
      code
      name
      path
    }
    city(code: $cityCode) @include(if: $withCity) {
      code
      name
    }
    line(code: $lineCode) @include(if: $withLine) {
      code
      name
    }
    station(code: $stationCode) @include(if: $withStation) {
      code
      groupCode
      name
    }
  }
`;
