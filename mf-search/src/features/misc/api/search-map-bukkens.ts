import { gql } from '@apollo/client';

export const SEARCH_MAP_BUKKENS = gql`
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

export interface SearchMapBukkensData {
  /** An entry is null when the bukken subgraph could not answer for it. */
  mapBukkens: ({ globalKey: string; name: string; chinryou: number; plan: string; area: number; address: string } | null)[];
}
