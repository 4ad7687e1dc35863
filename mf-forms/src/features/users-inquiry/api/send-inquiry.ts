import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsSendInquiryMutation, FormsSendInquiryMutationVariables } from '../../../__generated__/operations.js';

export const SEND_INQUIRY: TypedDocumentNode<FormsSendInquiryMutation, FormsSendInquiryMutationVariables> = gql`
  mutation FormsSendInquiry($name: String, $email: String, $inquiryType: String, $inquiryContent: String, $recaptchaToken: String, $isApp: Boolean) {
    sendInquiry(name: $name, email: $email, inquiryType: $inquiryType, inquiryContent: $inquiryContent, recaptchaToken: $recaptchaToken, isApp: $isApp) {
      id
      receiptNumber
      receivedAt
      email
      summary {
        label
        value
      }
    }
  }
`;
