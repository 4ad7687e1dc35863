import { gql } from '@apollo/client';

export const USERS_INQUIRY_MASTER = gql`
  query FormsUsersInquiryMaster {
    usersInquiryMaster {
      inquiryTypes {
        code
        name
      }
    }
  }
`;

export interface UsersInquiryMasterData {
  usersInquiryMaster: { inquiryTypes: { code: string; name: string }[] };
}
