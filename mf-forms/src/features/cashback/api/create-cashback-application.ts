import { gql } from '@apollo/client';
import type { Receipt } from '../../users-inquiry/api/send-inquiry.js';

export const CREATE_CASHBACK_APPLICATION = gql`
  mutation FormsCreateCashbackApplication($input: CashbackApplicationInput!) {
    createCashbackApplication(input: $input) {
      id
      receiptNumber
      receivedAt
      email
      summary {
        label
        value
      }
      amountText
    }
  }
`;

export interface CreateCashbackApplicationData {
  createCashbackApplication: Receipt & { amountText: string };
}
