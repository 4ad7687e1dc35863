import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserDeleteIncompleteInquiriesMutation, UserDeleteIncompleteInquiriesMutationVariables } from '../../../__generated__/operations.js';

export const DELETE_INCOMPLETE_INQUIRIES: TypedDocumentNode<UserDeleteIncompleteInquiriesMutation, UserDeleteIncompleteInquiriesMutationVariables> = gql`
  mutation UserDeleteIncompleteInquiries($globalKeys: [ID!]!) {
    incompleteInquiriesDelete(globalKeys: $globalKeys) {
      success
      notFound
    }
  }
`;
