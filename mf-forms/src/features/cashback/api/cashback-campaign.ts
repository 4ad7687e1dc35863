import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsCashbackCampaignQuery, FormsCashbackCampaignQueryVariables } from '../../../__generated__/operations.js';

export const CASHBACK_CAMPAIGN: TypedDocumentNode<FormsCashbackCampaignQuery, FormsCashbackCampaignQueryVariables> = gql`
  query FormsCashbackCampaign {
    cashbackCampaign {
      amountText
      maxAmount
      defaultAmountText
      limited
      period {
        text
      }
    }
  }
`;
