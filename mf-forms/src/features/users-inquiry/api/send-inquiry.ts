import { gql } from '@apollo/client';

export const SEND_INQUIRY = gql`
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

export interface Receipt {
  id: string;
  receiptNumber: string;
  receivedAt: string;
  email: string;
  summary: { label: string; value: string }[];
}

export interface SendInquiryData {
  sendInquiry: Receipt;
}
