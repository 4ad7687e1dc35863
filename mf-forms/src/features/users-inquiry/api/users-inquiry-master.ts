import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsUsersInquiryMasterQuery, FormsUsersInquiryMasterQueryVariables } from '../../../__generated__/operations.js';

export const USERS_INQUIRY_MASTER: TypedDocumentNode<FormsUsersInquiryMasterQuery, FormsUsersInquiryMasterQueryVariables> = gql`
  query FormsUsersInquiryMaster {
    usersInquiryMaster {
      inquiryTypes {
        code
        name
      }
    }
  }
`;
