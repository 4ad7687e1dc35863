import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsMarkInquiriesSentMutation, FormsMarkInquiriesSentMutationVariables } from '../../../__generated__/operations.js';

/** After the forms subgraph accepted the apply: history 'applied', existApplyData true. */
export const MARK_INQUIRIES_SENT: TypedDocumentNode<FormsMarkInquiriesSentMutation, FormsMarkInquiriesSentMutationVariables> = gql`
  mutation FormsMarkInquiriesSent($globalKeys: [ID!]!, $listKind: InquiryListKind) {
    markInquiriesSent(globalKeys: $globalKeys, listKind: $listKind) {
      globalKeys
      existApplyData
    }
  }
`;
