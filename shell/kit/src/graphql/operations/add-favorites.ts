import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AddFavoritesMutation, AddFavoritesMutationVariables } from '../../__generated__/operations.js';

/** Adds favorites: CONFLICT when a key is one already, OVER_LIMIT past 50 unless forceCreate (deletes the oldest). */
export const ADD_FAVORITES: TypedDocumentNode<AddFavoritesMutation, AddFavoritesMutationVariables> = gql`
  mutation AddFavorites($globalKeys: [ID!]!, $allowDuplicates: Boolean, $forceCreate: Boolean, $restrictDialog: Boolean) {
    addFavorites(globalKeys: $globalKeys, allowDuplicates: $allowDuplicates, forceCreate: $forceCreate, restrictDialog: $restrictDialog) {
      addGlobalKeys
      deleteGlobalKeys
      saved
    }
  }
`;
