import { formatNumber } from '@sumika/shell-kit';

export function formatRent(yen: number): string {
  const man = Math.round(yen / 1000) / 10;
  return `${Number.isInteger(man) ? man.toFixed(0) : man.toFixed(1)}万円`;
}

export function formatYen(yen: number): string {
  return yen > 0 ? `${formatNumber(yen)}円` : '-';
}

export function formatMonths(yen: number, months: number): string {
  return yen > 0 ? `${months}ヶ月（${formatNumber(yen)}円）` : 'なし';
}

export function formatArea(m2: number): string {
  return `${m2.toFixed(2).replace(/\.?0+$/, '')}m²`;
}

/** 'yyyy-MM' → 'yyyy年M月'. */
export function formatYearMonth(ym: string): string {
  const [y, m] = ym.split('-');
  return y && m ? `${y}年${Number(m)}月` : ym;
}
