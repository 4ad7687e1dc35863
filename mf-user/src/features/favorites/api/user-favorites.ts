import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserFavoritesQuery, UserFavoritesQueryVariables } from '../../../__generated__/operations.js';
import { STOCK_BUKKEN_FRAGMENT } from '../../stock/index.js';

export const USER_FAVORITES: TypedDocumentNode<UserFavoritesQuery, UserFavoritesQueryVariables> = gql`
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
