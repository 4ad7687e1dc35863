/**
 * The commute page's own form (/search/nmin_stations/{pref}): up to MAX_COMMUTE_DESTINATIONS slots,
 * each a station word, the chosen station, the most minutes and the most line changes. Without
 * JavaScript the form is submitted to the page itself (these fields are its query string) and the
 * page answers with the matches and, once complete, a form to the results; the destinations reach
 * the results only through the URL codec (@sumika/spec searchUrlOf / searchQueryEntries).
 */
import { MAX_COMMUTE_DESTINATIONS, type CommuteDestination, type SearchUrlCondition } from '@sumika/spec';

/** The page's field names for slot i (1-based): the typed word, the chosen station group, minutes, transfers. */
export const commuteField = {
  word: (i: number) => `w${i}`,
  station: (i: number) => `s${i}`,
  minutes: (i: number) => `m${i}`,
  transfers: (i: number) => `t${i}`,
} as const;
/** The button that asks the page (without JavaScript) to list the stations matching a slot's word. */
export const FIND_FIELD = 'find';
/** The button that asks the page (without JavaScript) for the form to the results. */
export const GO_FIELD = 'go';

/** 最大所要時間: 10 to 90 minutes by 5. */
export const COMMUTE_MINUTE_OPTIONS: readonly number[] = Array.from({ length: 17 }, (_, i) => 10 + i * 5);
export const DEFAULT_COMMUTE_MINUTES = 30;
/** 乗り換え回数: '' is any number. */
export const COMMUTE_TRANSFER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: '指定なし' },
  { value: '0', label: '乗り換えなし' },
  { value: '1', label: '1回以内' },
  { value: '2', label: '2回以内' },
];

export interface CommuteSlot {
  word: string;
  stationCode: number | null;
  minutes: number;
  /** null: any number of line changes. */
  transfers: number | null;
}

export const EMPTY_SLOT: CommuteSlot = { word: '', stationCode: null, minutes: DEFAULT_COMMUTE_MINUTES, transfers: null };

const CODE = /^[0-9]{1,9}$/;

/** The page's query string read into its slots (always MAX_COMMUTE_DESTINATIONS of them); values outside the choices fall back to the defaults. */
export function commuteSlotsOf(search: string): CommuteSlot[] {
  const q = new URLSearchParams(search);
  return Array.from({ length: MAX_COMMUTE_DESTINATIONS }, (_, n): CommuteSlot => {
    const i = n + 1;
    const station = q.get(commuteField.station(i))?.trim() ?? '';
    const minutes = Number(q.get(commuteField.minutes(i)));
    const transfers = q.get(commuteField.transfers(i)) ?? '';
    return {
      word: (q.get(commuteField.word(i)) ?? '').trim().slice(0, 50),
      stationCode: CODE.test(station) ? Number(station) : null,
      minutes: COMMUTE_MINUTE_OPTIONS.includes(minutes) ? minutes : DEFAULT_COMMUTE_MINUTES,
      transfers: COMMUTE_TRANSFER_OPTIONS.some((o) => o.value === transfers && transfers !== '') ? Number(transfers) : null,
    };
  });
}

/** The destinations of the slots with a station, in slot order. */
export function destinationsOf(slots: readonly CommuteSlot[]): CommuteDestination[] {
  return slots.flatMap((s) =>
    s.stationCode === null ? [] : [{ stationCode: s.stationCode, maxMinutes: s.minutes, ...(s.transfers === null ? {} : { maxTransfers: s.transfers }) }],
  );
}

/** The results' condition: the page's prefecture and the destinations. */
export function commuteConditionOf(prefecturePath: string, slots: readonly CommuteSlot[]): SearchUrlCondition {
  return { prefecturePath, destinationStations: destinationsOf(slots) };
}

/** Whether the page's query string asks for the form to the results (the no-JavaScript second step). */
export const asksForResults = (search: string): boolean => new URLSearchParams(search).has(GO_FIELD);

/** 「新宿駅まで30分以内（乗り換え1回以内）」, as the search's own condition text words it. */
export function commuteLimitText(stationName: string, minutes: number, transfers: number | null): string {
  const cap = transfers === null ? '' : transfers === 0 ? '（乗り換えなし）' : `（乗り換え${transfers}回以内）`;
  return `${stationName}駅まで${minutes}分以内${cap}`;
}
