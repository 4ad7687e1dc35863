import { gql, type TypedDocumentNode } from '@apollo/client';
import type { BukkenTotalCountQuery, BukkenTotalCountQueryVariables } from '../../__generated__/operations.js';

/** Every active listing in the country: the PC header's total count. */
export const BUKKEN_TOTAL_COUNT: TypedDocumentNode<BukkenTotalCountQuery, BukkenTotalCountQueryVariables> = gql`
  query BukkenTotalCount {
    searchBukkensCount {
      count
    }
  }
`;
