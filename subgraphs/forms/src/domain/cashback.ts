import { jstDisplay, jstIso, withCommas } from './jst.js';

/** SPEC §9: the movers' cashback (お祝い金) is up to 50,000 yen outside campaigns. */
export const DEFAULT_CASHBACK_AMOUNT = 50_000;

export interface CashbackCampaignDefinition {
  startsAt: Date;
  /** Exclusive: the first instant after the campaign. */
  endsBefore: Date;
  maxAmount: number;
}

/** SPEC §9: up to 60,000 yen from 2024-10-03 15:00 to 2024-10-17 14:59 JST (the whole minute included). */
export const CASHBACK_CAMPAIGNS: readonly CashbackCampaignDefinition[] = [
  { startsAt: new Date('2024-10-03T15:00:00+09:00'), endsBefore: new Date('2024-10-17T15:00:00+09:00'), maxAmount: 60_000 },
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
  const maxAmount = running?.maxAmount ?? DEFAULT_CASHBACK_AMOUNT;
  return {
    amountText: amountText(maxAmount),
    maxAmount,
    defaultAmountText: amountText(DEFAULT_CASHBACK_AMOUNT),
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
