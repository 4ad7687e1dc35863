import { gql, type TypedDocumentNode } from '@apollo/client';

export interface DeleteFavoritesData {
  deleteFavorites: { deleteGlobalKeys: string[]; saved: boolean };
}
export interface DeleteFavoritesVariables {
  globalKeys: string[];
}

export const DELETE_FAVORITES: TypedDocumentNode<DeleteFavoritesData, DeleteFavoritesVariables> = gql`
  mutation DeleteFavorites($globalKeys: [ID!]!) {
    deleteFavorites(globalKeys: $globalKeys) {
      deleteGlobalKeys
      saved
    }
  }
`;
