import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserCompareBukkensQuery, UserCompareBukkensQueryVariables } from '../../../__generated__/operations.js';

export const COMPARE_BUKKENS: TypedDocumentNode<UserCompareBukkensQuery, UserCompareBukkensQueryVariables> = gql`
  query UserCompareBukkens($globalKeys: [ID!]!) {
    compareBukkens(globalKeys: $globalKeys) {
      bukken {
        globalKey
        name
        address
        chinryou
        kanriKyoeki
        plan
        area
        builtAge
        floor
        traffics {
          text
        }
        imageGroup {
          gaikanUrl
          madoriUrl
        }
      }
      monthlyTotal
      initialCostTotal
      walkMin
      cheapestMonthly
      cheapestInitial
      largest
      newest
      nearest
    }
  }
`;
