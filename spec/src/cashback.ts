/** SPEC §9 cashback: up to 50,000 yen; 60,000 yen from 2024-10-03 15:00 to 2024-10-17 14:59 JST (the whole minute). */
export const CASHBACK_DEFAULT_AMOUNT = 50_000;
export const CASHBACK_CAMPAIGN = {
  amount: 60_000,
  startsAt: '2024-10-03T15:00:00+09:00',
  endsBefore: '2024-10-17T15:00:00+09:00',
} as const;

/** The cashback amount in force at `now` (SPEC §4: the campaign period switches banner text and amount). */
export function cashbackAmount(now: Date): number {
  const t = now.getTime();
  const inCampaign = t >= Date.parse(CASHBACK_CAMPAIGN.startsAt) && t < Date.parse(CASHBACK_CAMPAIGN.endsBefore);
  return inCampaign ? CASHBACK_CAMPAIGN.amount : CASHBACK_DEFAULT_AMOUNT;
}
