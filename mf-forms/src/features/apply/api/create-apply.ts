import { gql } from '@apollo/client';
import type { Receipt } from '../../users-inquiry/api/send-inquiry.js';

export const CREATE_APPLY = gql`
  mutation FormsCreateApply($input: ApplyInput!) {
    createApply(input: $input) {
      id
      receiptNumber
      receivedAt
      email
      summary {
        label
        value
      }
      cashbackCampaign {
        amountText
      }
    }
  }
`;

export interface CreateApplyData {
  createApply: Receipt & { cashbackCampaign: { amountText: string } };
}
