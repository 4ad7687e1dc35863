import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapBukkensQuery, SearchMapBukkensQueryVariables } from '../../../__generated__/operations.js';

export const SEARCH_MAP_BUKKENS: TypedDocumentNode<SearchMapBukkensQuery, SearchMapBukkensQueryVariables> = gql`
  query SearchMapBukkens($geoHex: String!) {
    mapBukkens(geoHex: $geoHex, limit: 20) {
      globalKey
      name
      chinryou
      plan
      area
      address
    }
  }
`;
