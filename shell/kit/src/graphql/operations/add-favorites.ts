import { gql, type TypedDocumentNode } from '@apollo/client';

export interface AddFavoritesData {
  addFavorites: { addGlobalKeys: string[]; deleteGlobalKeys: string[]; saved: boolean };
}
export interface AddFavoritesVariables {
  globalKeys: string[];
  allowDuplicates?: boolean;
  forceCreate?: boolean;
  restrictDialog?: boolean;
}

/** Adds favorites: CONFLICT when a key is one already, OVER_LIMIT past 50 unless forceCreate (deletes the oldest). */
export const ADD_FAVORITES: TypedDocumentNode<AddFavoritesData, AddFavoritesVariables> = gql`
  mutation AddFavorites($globalKeys: [ID!]!, $allowDuplicates: Boolean, $forceCreate: Boolean, $restrictDialog: Boolean) {
    addFavorites(globalKeys: $globalKeys, allowDuplicates: $allowDuplicates, forceCreate: $forceCreate, restrictDialog: $restrictDialog) {
      addGlobalKeys
      deleteGlobalKeys
      saved
    }
  }
`;
