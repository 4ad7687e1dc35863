import { gql } from '@apollo/client';

export const DELETE_INCOMPLETE_INQUIRIES = gql`
  mutation UserDeleteIncompleteInquiries($globalKeys: [ID!]!) {
    incompleteInquiriesDelete(globalKeys: $globalKeys) {
      success
      notFound
    }
  }
`;
