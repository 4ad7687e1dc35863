import { gql } from '@apollo/client';

/** Records the listings as an inquiry in progress (未完了の問い合わせ) when the form opens. */
export const START_INQUIRY = gql`
  mutation FormsStartInquiry($globalKeys: [ID!]!, $listKind: InquiryListKind!) {
    startInquiry(globalKeys: $globalKeys, listKind: $listKind) {
      globalKeys
    }
  }
`;
