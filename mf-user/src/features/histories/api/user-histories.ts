import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserHistoriesQuery, UserHistoriesQueryVariables } from '../../../__generated__/operations.js';
import { STOCK_BUKKEN_FRAGMENT } from '../../stock/index.js';

export const USER_HISTORIES: TypedDocumentNode<UserHistoriesQuery, UserHistoriesQueryVariables> = gql`
  query UserHistories {
    user {
      bukken(favorites: false, histories: true, incompleteInquiries: false) {
        histories {
          globalKey
          kind
          viewedAt
          bukken {
            ...UserStockBukken
          }
        }
      }
    }
  }
  ${STOCK_BUKKEN_FRAGMENT}
`;
