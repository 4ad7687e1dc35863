import { planOrdinal } from './condition.js';

/** A column of the rent-market picker: the plans from planMin to planMax (null: no upper bound). */
export interface RentBand {
  label: string;
  planMin: string;
  planMax: string | null;
}

/** The rent-market picker's plan bands, as the portals group them. */
export const RENT_BANDS: readonly RentBand[] = [
  { label: 'ワンルーム・1K・1DK', planMin: '1R', planMax: '1DK' },
  { label: '1LDK・2K・2DK', planMin: '1LDK', planMax: '2DK' },
  { label: '2LDK〜', planMin: '2LDK', planMax: null },
];

/** Below this many listings of a band a median says little: the picker shows "-". */
export const RENT_MEDIAN_MIN_LISTINGS = 3;

/** The bands as plan ordinal ranges (listing.plan_code). */
export function bandOrdinals(bands: readonly RentBand[]): { min: number; max: number | null }[] {
  return bands.map((b) => ({ min: planOrdinal(b.planMin) ?? 1, max: b.planMax === null ? null : (planOrdinal(b.planMax) ?? null) }));
}
