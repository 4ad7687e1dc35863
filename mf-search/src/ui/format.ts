import { formatNumber } from '@sumika/shell-kit';

/** Rent as listings show it: 85000 → '8.5万円', 120000 → '12万円'. */
export function formatRent(yen: number): string {
  const man = Math.round(yen / 1000) / 10;
  return `${Number.isInteger(man) ? man.toFixed(0) : man.toFixed(1)}万円`;
}

/** A fee in yen, '-' when none. */
export function formatFee(yen: number): string {
  return yen > 0 ? `${formatNumber(yen)}円` : '-';
}

/** Deposit or key money: in months of rent when it divides evenly, else in 万円; 'なし' for none. */
export function formatMonths(yen: number, rent: number): string {
  if (yen <= 0) return 'なし';
  const months = yen / rent;
  return Math.abs(months - Math.round(months * 10) / 10) < 1e-9 ? `${Math.round(months * 10) / 10}ヶ月` : formatRent(yen);
}

export function formatArea(m2: number): string {
  return `${m2.toFixed(2).replace(/\.?0+$/, '')}m²`;
}

export function formatAge(years: number): string {
  return years <= 0 ? '新築' : `築${years}年`;
}
