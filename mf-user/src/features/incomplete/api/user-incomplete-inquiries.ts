import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserIncompleteInquiriesQuery, UserIncompleteInquiriesQueryVariables } from '../../../__generated__/operations.js';
import { STOCK_BUKKEN_FRAGMENT } from '../../stock/index.js';

export const USER_INCOMPLETE_INQUIRIES: TypedDocumentNode<UserIncompleteInquiriesQuery, UserIncompleteInquiriesQueryVariables> = gql`
  query UserIncompleteInquiries {
    user {
      bukken(favorites: false, histories: false, incompleteInquiries: true) {
        incompleteInquiries {
          globalKey
          listKind
          startedAt
          bukken {
            ...UserStockBukken
          }
        }
      }
    }
  }
  ${STOCK_BUKKEN_FRAGMENT}
`;
