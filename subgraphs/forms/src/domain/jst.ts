/** Japan time helpers. Japan has no daylight saving, so JST is always UTC+9. */
const JST_OFFSET_MS = 9 * 3600_000;
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

interface JstParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}

export function jstParts(d: Date): JstParts {
  const j = new Date(d.getTime() + JST_OFFSET_MS);
  return {
    year: j.getUTCFullYear(),
    month: j.getUTCMonth() + 1,
    day: j.getUTCDate(),
    hour: j.getUTCHours(),
    minute: j.getUTCMinutes(),
    second: j.getUTCSeconds(),
    weekday: WEEKDAYS[j.getUTCDay()] ?? '',
  };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** ISO 8601 with the +09:00 offset, e.g. 2024-10-03T15:00:00+09:00. */
export function jstIso(d: Date): string {
  const p = jstParts(d);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+09:00`;
}

/** The JST calendar date, e.g. 2024-10-03. */
export function jstDate(d: Date): string {
  return jstIso(d).slice(0, 10);
}

/** 2024年10月3日（木）15:00 */
export function jstDisplay(d: Date): string {
  const p = jstParts(d);
  return `${p.year}年${p.month}月${p.day}日（${p.weekday}）${pad(p.hour)}:${pad(p.minute)}`;
}

/** Days from calendar date `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Thousands separators, as every number on the site shows them (SPEC §9). */
export function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
