import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserStockBukkenFragment } from '../../../__generated__/operations.js';

/** A listing as the user area lists it. */
export const STOCK_BUKKEN_FRAGMENT: TypedDocumentNode<UserStockBukkenFragment> = gql`
  fragment UserStockBukken on Bukken {
    globalKey
    name
    address
    chinryou
    kanriKyoeki
    plan
    area
    builtAge
    archived
    favorited
    traffics {
      text
    }
    imageGroup {
      gaikanUrl
    }
  }
`;
