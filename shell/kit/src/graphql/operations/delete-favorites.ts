import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DeleteFavoritesMutation, DeleteFavoritesMutationVariables } from '../../__generated__/operations.js';

export const DELETE_FAVORITES: TypedDocumentNode<DeleteFavoritesMutation, DeleteFavoritesMutationVariables> = gql`
  mutation DeleteFavorites($globalKeys: [ID!]!) {
    deleteFavorites(globalKeys: $globalKeys) {
      deleteGlobalKeys
      saved
    }
  }
`;
