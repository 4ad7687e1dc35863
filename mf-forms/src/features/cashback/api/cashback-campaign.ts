import { gql } from '@apollo/client';

export const CASHBACK_CAMPAIGN = gql`
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

export interface CashbackCampaignData {
  cashbackCampaign: { amountText: string; maxAmount: number; defaultAmountText: string; limited: boolean; period: { text: string } | null };
}
