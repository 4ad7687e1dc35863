import { gql, type TypedDocumentNode } from '@apollo/client';

export interface FavoriteKeysData {
  requiredUserData: { bukken: { favorites: { globalKey: string; addedAt: string }[] } };
}

/** The visitor's favorite keys (at most 50), so any page can show which listings are kept. */
export const FAVORITE_KEYS: TypedDocumentNode<FavoriteKeysData, Record<string, never>> = gql`
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
