/** Number and date formatting of SPEC §9: thousands separators, dates in Japan time. */
import { JAPAN_TIME_ZONE } from './constants.js';

// The formatters are made when first used, not when the kit loads: building them is the largest
// single cost of the kit's evaluation on a phone (88–155 ms at Lighthouse's 4× CPU; docs/benchmarks.md).
let numberFormat: Intl.NumberFormat | undefined;
const numbers = (): Intl.NumberFormat => (numberFormat ??= new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 2 }));

/** 1234567 → "1,234,567"; non-finite values give "". */
export function formatNumber(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? numbers().format(n) : '';
}

/** 85000 → "85,000円". */
export function formatYen(n: number | null | undefined): string {
  const s = formatNumber(n);
  return s ? `${s}円` : '';
}

/** Rent as Japanese portals show it: 85000 → "8.5万円", 123000 → "12.3万円", 9800 → "9,800円". */
export function formatManYen(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  if (Math.abs(n) < 10_000) return formatYen(n);
  return `${formatNumber(Math.round(n / 1_000) / 10)}万円`;
}

type DateInput = Date | string | number;

let partsFormat: Intl.DateTimeFormat | undefined;
const dateParts = (): Intl.DateTimeFormat =>
  (partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: JAPAN_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }));

/** The calendar fields of an instant in Japan time. */
export function japanDateParts(d: DateInput): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return null;
  const parts = dateParts().formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats an instant in Japan time (Asia/Tokyo), whatever the machine's zone. Tokens: yyyy, MM, M,
 * dd, d, HH, mm, ss; other characters are kept. An invalid date gives "".
 */
export function formatDate(d: DateInput, pattern = 'yyyy/MM/dd'): string {
  const p = japanDateParts(d);
  if (!p) return '';
  const tokens: Record<string, string> = {
    yyyy: String(p.year),
    MM: pad(p.month),
    M: String(p.month),
    dd: pad(p.day),
    d: String(p.day),
    HH: pad(p.hour),
    mm: pad(p.minute),
    ss: pad(p.second),
  };
  return pattern.replace(/yyyy|MM|M|dd|d|HH|mm|ss/g, (t) => tokens[t] ?? t);
}
