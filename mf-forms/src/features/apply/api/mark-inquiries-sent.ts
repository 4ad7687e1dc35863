import { gql } from '@apollo/client';

/** After the forms subgraph accepted the apply: history 'applied', existApplyData true. */
export const MARK_INQUIRIES_SENT = gql`
  mutation FormsMarkInquiriesSent($globalKeys: [ID!]!, $listKind: InquiryListKind) {
    markInquiriesSent(globalKeys: $globalKeys, listKind: $listKind) {
      globalKeys
      existApplyData
    }
  }
`;
