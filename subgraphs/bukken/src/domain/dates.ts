const TOKYO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Japan as yyyy-MM-dd (ages and "today" follow Japanese time, not the server's). */
export function tokyoToday(now: Date = new Date()): string {
  return TOKYO_DATE.format(now);
}

/** yyyy-MM of a yyyy-MM-dd date. */
export function yearMonth(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** Full years from `isoDate` (yyyy-MM-dd) to `today` (yyyy-MM-dd); never negative. */
export function fullYearsBetween(isoDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(isoDate.slice(0, 4));
  const beforeAnniversary = today.slice(5, 10) < isoDate.slice(5, 10);
  return Math.max(0, years - (beforeAnniversary ? 1 : 0));
}
