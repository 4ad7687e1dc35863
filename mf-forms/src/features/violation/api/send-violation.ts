import { gql } from '@apollo/client';
import type { Receipt } from '../../users-inquiry/api/send-inquiry.js';

export const SEND_VIOLATION = gql`
  mutation FormsSendViolation(
    $violateKindId: Int
    $bukkenKankeiId: Int
    $corporateName: String
    $nameSei: String
    $nameMei: String
    $prefectureId: Int
    $email: String
    $phone: String
    $violateUrl: String
    $dwellingName: String
    $free: String
    $recaptchaToken: String
  ) {
    sendViolation(
      violateKindId: $violateKindId
      bukkenKankeiId: $bukkenKankeiId
      corporateName: $corporateName
      nameSei: $nameSei
      nameMei: $nameMei
      prefectureId: $prefectureId
      email: $email
      phone: $phone
      violateUrl: $violateUrl
      dwellingName: $dwellingName
      free: $free
      recaptchaToken: $recaptchaToken
    ) {
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

export interface SendViolationData {
  sendViolation: Receipt;
}
