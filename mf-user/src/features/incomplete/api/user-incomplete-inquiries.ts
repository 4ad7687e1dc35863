import { gql } from '@apollo/client';
import { STOCK_BUKKEN_FRAGMENT, type StockBukken } from '../../stock/api/stock-bukken-fragment.js';

export const USER_INCOMPLETE_INQUIRIES = gql`
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

export interface UserIncompleteInquiriesData {
  user: { bukken: { incompleteInquiries: { globalKey: string; listKind: string; startedAt: string; bukken: StockBukken | null }[] } };
}
