import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsStartInquiryMutation, FormsStartInquiryMutationVariables } from '../../../__generated__/operations.js';

/** Records the listings as an inquiry in progress (未完了の問い合わせ) when the form opens. */
export const START_INQUIRY: TypedDocumentNode<FormsStartInquiryMutation, FormsStartInquiryMutationVariables> = gql`
  mutation FormsStartInquiry($globalKeys: [ID!]!, $listKind: InquiryListKind!) {
    startInquiry(globalKeys: $globalKeys, listKind: $listKind) {
      globalKeys
    }
  }
`;
