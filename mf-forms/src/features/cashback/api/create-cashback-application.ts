import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsCreateCashbackApplicationMutation, FormsCreateCashbackApplicationMutationVariables } from '../../../__generated__/operations.js';

export const CREATE_CASHBACK_APPLICATION: TypedDocumentNode<FormsCreateCashbackApplicationMutation, FormsCreateCashbackApplicationMutationVariables> = gql`
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
