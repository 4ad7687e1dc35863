import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsCreateApplyMutation, FormsCreateApplyMutationVariables } from '../../../__generated__/operations.js';

export const CREATE_APPLY: TypedDocumentNode<FormsCreateApplyMutation, FormsCreateApplyMutationVariables> = gql`
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
