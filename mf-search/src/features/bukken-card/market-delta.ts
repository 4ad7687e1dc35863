import { formatNumber } from '@sumika/shell-kit';

/** Below this share of the median (either way) a rent is "at the market" rather than above or below it. */
export const MARKET_PAR_RATE = 0.01;

export type MarketDeltaTone = 'below' | 'par' | 'above';

/**
 * A room's monthly rent (with fees) against comparable listings' median, as the cards say it:
 * 相場より3,200円安い (-4.1%), 相場より1,000円高い (+1.2%), 相場並み within ±1%.
 */
export function marketDelta(m: { difference: number; differenceRate: number }): { text: string; tone: MarketDeltaTone } {
  if (Math.abs(m.differenceRate) < MARKET_PAR_RATE) return { text: '相場並み', tone: 'par' };
  const percent = `${m.differenceRate > 0 ? '+' : '-'}${(Math.abs(m.differenceRate) * 100).toFixed(1)}%`;
  return m.difference < 0
    ? { text: `相場より${formatNumber(-m.difference)}円安い (${percent})`, tone: 'below' }
    : { text: `相場より${formatNumber(m.difference)}円高い (${percent})`, tone: 'above' };
}
