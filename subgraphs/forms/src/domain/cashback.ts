import { CASHBACK_CAMPAIGN, CASHBACK_DEFAULT_AMOUNT } from '@sumika/spec';
import { jstDisplay, jstIso, withCommas } from './jst.js';

export interface CashbackCampaignDefinition {
  startsAt: Date;
  /** Exclusive: the first instant after the campaign. */
  endsBefore: Date;
  maxAmount: number;
}

/** SPEC §9: up to 60,000 yen from 2024-10-03 15:00 to 2024-10-17 14:59 JST (the whole minute included). */
export const CASHBACK_CAMPAIGNS: readonly CashbackCampaignDefinition[] = [
  { startsAt: new Date(CASHBACK_CAMPAIGN.startsAt), endsBefore: new Date(CASHBACK_CAMPAIGN.endsBefore), maxAmount: CASHBACK_CAMPAIGN.amount },
];

export interface CashbackCampaignView {
  amountText: string;
  maxAmount: number;
  defaultAmountText: string;
  limited: boolean;
  period: { startsAt: string; endsBefore: string; text: string } | null;
}

export const amountText = (yen: number): string => `最大${withCommas(yen)}円`;

/** What the cashback pages show at `now`: the limited campaign while it runs, else the default. */
export function cashbackCampaignAt(now: Date, campaigns: readonly CashbackCampaignDefinition[] = CASHBACK_CAMPAIGNS): CashbackCampaignView {
  const t = now.getTime();
  const running = campaigns.find((c) => c.startsAt.getTime() <= t && t < c.endsBefore.getTime());
  const maxAmount = running?.maxAmount ?? CASHBACK_DEFAULT_AMOUNT;
  return {
    amountText: amountText(maxAmount),
    maxAmount,
    defaultAmountText: amountText(CASHBACK_DEFAULT_AMOUNT),
    limited: Boolean(running),
    period: running
      ? {
          startsAt: jstIso(running.startsAt),
          endsBefore: jstIso(running.endsBefore),
          text: `${jstDisplay(running.startsAt)}〜${jstDisplay(new Date(running.endsBefore.getTime() - 60_000))}`,
        }
      : null,
  };
}
