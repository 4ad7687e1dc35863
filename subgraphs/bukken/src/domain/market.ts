/** Fewer comparables than this and a median says little: fall back to a wider scope, else none. */
export const MIN_MARKET_SAMPLES = 5;

/** Comparables are cached this long: rents move slowly and the aggregate is the costly part. */
export const MARKET_CACHE_SECONDS = 600;

export type MarketScope = 'STATION' | 'CITY';

/** The comparables' spread around the median: the 10th, 25th, 75th and 90th percentiles. */
export const MARKET_QUANTILES = [0.1, 0.25, 0.75, 0.9] as const;

/** Median monthly total (rent + fee) of active comparables, its spread (MARKET_QUANTILES) and how many there are. */
export interface MarketStats {
  median: number;
  count: number;
  quantiles: readonly number[];
}

export interface MarketRent {
  scope: MarketScope;
  median: number;
  sampleSize: number;
  difference: number;
  differenceRate: number;
  lowerDecile: number;
  lowerQuartile: number;
  upperQuartile: number;
  upperDecile: number;
}

/** The first scope with enough samples decides; null when none has. */
export function marketRentOf(monthlyTotal: number, candidates: readonly [MarketScope, MarketStats | undefined][]): MarketRent | null {
  for (const [scope, stats] of candidates) {
    if (!stats || stats.count < MIN_MARKET_SAMPLES) continue;
    const median = Math.round(stats.median);
    const difference = monthlyTotal - median;
    const [lowerDecile = median, lowerQuartile = median, upperQuartile = median, upperDecile = median] = stats.quantiles.map(Math.round);
    return {
      scope,
      median,
      sampleSize: stats.count,
      difference,
      differenceRate: median > 0 ? Math.round((difference / median) * 1000) / 1000 : 0,
      lowerDecile,
      lowerQuartile,
      upperQuartile,
      upperDecile,
    };
  }
  return null;
}

/** Median of numbers (mean of the middle two for an even count), undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
