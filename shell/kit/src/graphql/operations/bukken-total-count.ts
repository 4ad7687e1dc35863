import { gql, type TypedDocumentNode } from '@apollo/client';

export interface BukkenTotalCountData {
  searchBukkensCount: { count: number };
}

/** Every active listing in the country: the PC header's total count. */
export const BUKKEN_TOTAL_COUNT: TypedDocumentNode<BukkenTotalCountData, Record<string, never>> = gql`
  query BukkenTotalCount {
    searchBukkensCount {
      count
    }
  }
`;
