import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserDeleteSearchConditionMutation, UserDeleteSearchConditionMutationVariables } from '../../../__generated__/operations.js';

export const DELETE_SEARCH_CONDITION: TypedDocumentNode<UserDeleteSearchConditionMutation, UserDeleteSearchConditionMutationVariables> = gql`
  mutation UserDeleteSearchCondition($id: ID!) {
    deleteSearchCondition(id: $id) {
      status
      rest
    }
  }
`;
