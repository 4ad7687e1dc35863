import { gql } from '@apollo/client';
import { STOCK_BUKKEN_FRAGMENT, type StockBukken } from '../../stock/api/stock-bukken-fragment.js';

export const USER_HISTORIES = gql`
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

export interface UserHistoriesData {
  user: { bukken: { histories: { globalKey: string; kind: 'applied' | 'viewed' | 'viewed_incompleted'; viewedAt: string; bukken: StockBukken | null }[] } };
}
