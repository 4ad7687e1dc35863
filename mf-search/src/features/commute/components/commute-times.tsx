import type { SearchBukkensQuery } from '../../../__generated__/operations.js';

/** One listing's times, as the results query answers them (searchBukkens.commutes[].destinations). */
export type ListingCommuteTimes = NonNullable<SearchBukkensQuery['searchBukkens']['commutes']>[number]['destinations'];

/** 「新宿まで 18分（乗換1回）」 */
export function commuteTimeText(t: ListingCommuteTimes[number]): string {
  return `${t.stationName}まで ${t.minutes}分（${t.transfers === 0 ? '乗換なし' : `乗換${t.transfers}回`}）`;
}

/** A listing's minutes and line changes to each commute destination of the search (nothing without destinations). */
export function CommuteTimes({ times }: { times: ListingCommuteTimes | undefined }) {
  if (!times?.length) return null;
  return (
    <ul className="s-commute-times" aria-label="通勤・通学時間" data-testid="commute-times" style={{ listStyle: 'none', margin: '4px 0', padding: 0 }}>
      {times.map((t) => (
        <li key={t.stationCode} title={`${t.fromStationName}駅から`}>
          {commuteTimeText(t)}
        </li>
      ))}
    </ul>
  );
}

/** The times of each listing of a results answer by its globalKey (empty when the search has no destinations). */
export function commutesByKey(data: SearchBukkensQuery | undefined): Map<string, ListingCommuteTimes> {
  return new Map((data?.searchBukkens.commutes ?? []).map((c) => [c.globalKey, c.destinations]));
}
