import { gql } from '@apollo/client';

/** Names for the breadcrumbs of a place search; a null prefecture means the path names nothing. */
export const SEARCH_PLACE = gql`
  query SearchPlace($prefecturePath: String!, $cityCode: Int!, $withCity: Boolean!, $lineCode: Int!, $withLine: Boolean!) {
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
  }
`;

export interface SearchPlaceData {
  prefecture: { code: number; name: string; path: string } | null;
  city?: { code: number; name: string } | null;
  line?: { code: number; name: string } | null;
}
