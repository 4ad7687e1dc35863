import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchSitemapQuery, SearchSitemapQueryVariables } from '../../../__generated__/operations.js';

/** The HTML sitemap at each level: prefectures, a prefecture's cities, a city's towns, a town's listings. */
export const SEARCH_SITEMAP: TypedDocumentNode<SearchSitemapQuery, SearchSitemapQueryVariables> = gql`
  query SearchSitemap($prefecturePath: String!, $cityCode: Int!, $townCode: Int!, $page: Int!, $top: Boolean!, $pref: Boolean!, $city: Boolean!, $town: Boolean!) {
    sitemapTop @include(if: $top) {
      name
      path
      count
    }
    sitemapPrefecture(prefecturePath: $prefecturePath) @include(if: $pref) {
      name
      path
      count
    }
    sitemapCity(cityCode: $cityCode) @include(if: $city) {
      name
      path
      count
    }
    sitemapTown(townCode: $townCode, page: $page) @include(if: $town) {
      bukkenList {
        globalKey
        name
        chinryou
        plan
      }
      pagination {
        currentPage
        totalPages
      }
    }
  }
`;
