import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapBukkensQuery, SearchMapBukkensQueryVariables } from '../../../__generated__/operations.js';

/** The matching listings of one GeoHex cell, newest first. */
export const SEARCH_MAP_BUKKENS: TypedDocumentNode<SearchMapBukkensQuery, SearchMapBukkensQueryVariables> = gql`
  query SearchMapBukkens($geoHex: String!, $searchCondition: SearchConditionInput) {
    mapBukkens(geoHex: $geoHex, searchCondition: $searchCondition, limit: 20) {
      globalKey
      name
      chinryou
      plan
      area
      address
    }
  }
`;
