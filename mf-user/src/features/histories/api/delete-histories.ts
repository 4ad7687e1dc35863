import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserDeleteHistoriesMutation, UserDeleteHistoriesMutationVariables } from '../../../__generated__/operations.js';

export const DELETE_HISTORIES: TypedDocumentNode<UserDeleteHistoriesMutation, UserDeleteHistoriesMutationVariables> = gql`
  mutation UserDeleteHistories($globalKeys: [ID!]!) {
    deleteHistories(globalKeys: $globalKeys) {
      deleteGlobalKeys
    }
  }
`;
