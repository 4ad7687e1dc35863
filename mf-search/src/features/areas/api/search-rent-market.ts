import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchRentMarketQuery, SearchRentMarketQueryVariables } from '../../../__generated__/operations.js';

/** The rent-market picker: median rents per city and line of a prefecture, by plan band. */
export const SEARCH_RENT_MARKET: TypedDocumentNode<SearchRentMarketQuery, SearchRentMarketQueryVariables> = gql`
  query SearchRentMarket($path: String!) {
    rentMarket(prefecturePath: $path) {
      bands {
        label
        planMin
        planMax
      }
      cities {
        code
        name
        bukkenCount
        medians
      }
      lines {
        code
        name
        bukkenCount
        medians
      }
    }
  }
`;
