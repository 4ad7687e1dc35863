import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsSendViolationMutation, FormsSendViolationMutationVariables } from '../../../__generated__/operations.js';

export const SEND_VIOLATION: TypedDocumentNode<FormsSendViolationMutation, FormsSendViolationMutationVariables> = gql`
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
