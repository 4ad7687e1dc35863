import { gql } from '@apollo/client';
import { STOCK_BUKKEN_FRAGMENT, type StockBukken } from '../../stock/api/stock-bukken-fragment.js';

export const USER_FAVORITES = gql`
  query UserFavorites {
    user {
      bukken(favorites: true, histories: false, incompleteInquiries: false) {
        favorites {
          globalKey
          addedAt
          bukken {
            ...UserStockBukken
            bukkenSortParams {
              addedAt
              area
              arrivedAt
              builtDate
              chinryou
            }
          }
        }
      }
    }
  }
  ${STOCK_BUKKEN_FRAGMENT}
`;

export interface UserFavoritesData {
  user: {
    bukken: {
      favorites: {
        globalKey: string;
        addedAt: string;
        bukken: (StockBukken & { bukkenSortParams: { addedAt: string | null; area: number; arrivedAt: string; builtDate: string; chinryou: number } }) | null;
      }[];
    };
  };
}
