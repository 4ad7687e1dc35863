import { searchUrlParts } from '@sumika/spec';
import { useSearchFormSubmit } from '../../results/index.js';
import { commuteConditionOf, commuteLimitText, type CommuteSlot } from '../commute-state.js';
import { useStationMatches, type StationMatch } from './station-matches.js';

/**
 * The second step without JavaScript: the page was submitted to itself with its slots; each chosen
 * station is taken only if it is one of its word's matches (so it names a real station), and a GET
 * form to the results carries the destinations as the URL codec writes them.
 */
export function CommuteResultsForm({ prefecturePath, slots }: { prefecturePath: string; slots: CommuteSlot[] }) {
  const submitSearch = useSearchFormSubmit();
  // Always MAX_COMMUTE_DESTINATIONS slots (commuteSlotsOf): one lookup each, in a fixed order.
  const found = [useStationMatches(slots[0]?.word ?? ''), useStationMatches(slots[1]?.word ?? ''), useStationMatches(slots[2]?.word ?? '')];
  if (found.some((f) => f.loading)) return null;
  const chosen: { slot: CommuteSlot; station: StationMatch }[] = slots.flatMap((slot, i) => {
    const station = found[i]?.matches.find((m) => m.ekitanCode === slot.stationCode);
    return station ? [{ slot, station }] : [];
  });
  if (chosen.length === 0)
    return (
      <p role="alert" className="s-commute-problem">
        通勤・通学先の駅を選んでください。
      </p>
    );
  const { path, query } = searchUrlParts(
    commuteConditionOf(
      prefecturePath,
      chosen.map((c) => c.slot),
    ),
  );
  return (
    <form className="s-section" action={path} method="get" onSubmit={submitSearch} data-testid="commute-results-form">
      <h2>この条件で探す</h2>
      <ul>
        {chosen.map(({ slot, station }) => (
          <li key={station.ekitanCode}>{commuteLimitText(station.name, slot.minutes, slot.transfers)}</li>
        ))}
      </ul>
      {query.map(([k, v]) => (
        <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className="sk-button sk-button--primary">
        物件を見る
      </button>
    </form>
  );
}
