import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsSendInboundInquiriesMutation, FormsSendInboundInquiriesMutationVariables } from '../../../__generated__/operations.js';

export const SEND_INBOUND_INQUIRIES: TypedDocumentNode<FormsSendInboundInquiriesMutation, FormsSendInboundInquiriesMutationVariables> = gql`
  mutation FormsSendInboundInquiries(
    $type: String
    $clientName: String
    $storeName: String
    $tantoName: String
    $position: String
    $tel: String
    $hasLicense: Boolean
    $email: String
    $siteUrl: String
    $referenceMedium: String
    $category: String
    $content: String
    $recaptchaToken: String
    $utmSource: String
    $utmMedium: String
    $utmCampaign: String
    $utmTerm: String
    $utmContent: String
  ) {
    sendInboundInquiries(
      type: $type
      clientName: $clientName
      storeName: $storeName
      tantoName: $tantoName
      position: $position
      tel: $tel
      hasLicense: $hasLicense
      email: $email
      siteUrl: $siteUrl
      referenceMedium: $referenceMedium
      category: $category
      content: $content
      recaptchaToken: $recaptchaToken
      utmSource: $utmSource
      utmMedium: $utmMedium
      utmCampaign: $utmCampaign
      utmTerm: $utmTerm
      utmContent: $utmContent
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
