import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FavoriteKeysQuery, FavoriteKeysQueryVariables } from '../../__generated__/operations.js';

/** The visitor's favorite keys (at most 50), so any page can show which listings are kept. */
export const FAVORITE_KEYS: TypedDocumentNode<FavoriteKeysQuery, FavoriteKeysQueryVariables> = gql`
  query FavoriteKeys {
    requiredUserData {
      bukken(favorites: true, histories: false, incompleteInquiries: false) {
        favorites {
          globalKey
          addedAt
        }
      }
    }
  }
`;
