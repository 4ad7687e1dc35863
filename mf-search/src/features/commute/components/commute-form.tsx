import { searchUrlOf } from '@sumika/spec';
import { useState, type FormEvent } from 'react';
import {
  COMMUTE_MINUTE_OPTIONS,
  COMMUTE_TRANSFER_OPTIONS,
  commuteConditionOf,
  commuteField,
  destinationsOf,
  FIND_FIELD,
  GO_FIELD,
  type CommuteSlot,
} from '../commute-state.js';
import { useDebounced } from '../use-debounced.js';
import { StationMatches, useStationMatches } from './station-matches.js';

const TYPING_PAUSE_MS = 250;

function SlotFields({ index, slot, onChange, findNow }: { index: number; slot: CommuteSlot; onChange: (next: CommuteSlot) => void; findNow: number }) {
  const i = index + 1;
  const debounced = useDebounced(slot.word, TYPING_PAUSE_MS);
  // The find button (findNow changes) asks at once instead of after the pause.
  const keyword = findNow > 0 ? slot.word : debounced;
  const { matches, loading, failed } = useStationMatches(keyword.trim());
  const id = `commute-${i}`;
  return (
    <fieldset className="s-section s-commute-slot" data-testid={`commute-slot-${i}`}>
      <legend>通勤・通学先{i}</legend>
      <p>
        <label htmlFor={`${id}-word`}>駅名（漢字・かな・ローマ字）</label>{' '}
        <input
          id={`${id}-word`}
          type="search"
          name={commuteField.word(i)}
          value={slot.word}
          maxLength={50}
          autoComplete="off"
          placeholder="例: 新宿、しんじゅく、shinjuku"
          onChange={(e) => onChange({ ...slot, word: e.target.value, stationCode: null })}
        />{' '}
        <button type="submit" name={FIND_FIELD} value={i} className="sk-button sk-button--secondary sk-button--small">
          駅を探す
        </button>
      </p>
      <StationMatches
        name={commuteField.station(i)}
        word={keyword.trim()}
        matches={matches}
        loading={loading}
        failed={failed}
        selected={slot.stationCode}
        onSelect={(stationCode) => onChange({ ...slot, stationCode })}
      />
      <p>
        <label htmlFor={`${id}-minutes`}>所要時間</label>{' '}
        <select
          id={`${id}-minutes`}
          name={commuteField.minutes(i)}
          value={slot.minutes}
          onChange={(e) => onChange({ ...slot, minutes: Number(e.target.value) })}
        >
          {COMMUTE_MINUTE_OPTIONS.map((m) => (
            <option key={m} value={m}>
              {m}分以内
            </option>
          ))}
        </select>{' '}
        <label htmlFor={`${id}-transfers`}>乗り換え</label>{' '}
        <select
          id={`${id}-transfers`}
          name={commuteField.transfers(i)}
          value={slot.transfers === null ? '' : String(slot.transfers)}
          onChange={(e) => onChange({ ...slot, transfers: e.target.value === '' ? null : Number(e.target.value) })}
        >
          {COMMUTE_TRANSFER_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </p>
    </fieldset>
  );
}

/**
 * Up to three destinations, each a station (searched by name, kana or romaji), the most minutes and
 * line changes. A GET form to the page itself, so it works without JavaScript (see commute-state.ts);
 * with it, the search goes straight to the results URL the codec writes (`onSearch`).
 */
export function CommuteForm({
  prefecturePath,
  initialSlots,
  onSearch,
}: {
  prefecturePath: string;
  initialSlots: CommuteSlot[];
  onSearch: (url: string) => void;
}) {
  const [slots, setSlots] = useState(initialSlots);
  const [finds, setFinds] = useState<number[]>(() => initialSlots.map(() => 0));
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === FIND_FIELD) {
      const at = Number(submitter.value) - 1;
      setFinds((f) => f.map((n, k) => (k === at ? n + 1 : n)));
      return;
    }
    if (destinationsOf(slots).length === 0) {
      setProblem('通勤・通学先の駅を選んでください。');
      return;
    }
    setProblem('');
    onSearch(searchUrlOf(commuteConditionOf(prefecturePath, slots)));
  };
  return (
    <form action={`/search/nmin_stations/${prefecturePath}`} method="get" onSubmit={submit} data-testid="commute-form">
      {slots.map((slot, index) => (
        <SlotFields
          key={index}
          index={index}
          slot={slot}
          findNow={finds[index] ?? 0}
          onChange={(next) => {
            setSlots((all) => all.map((s, k) => (k === index ? next : s)));
            if (next.word !== slot.word) setFinds((f) => f.map((n, k) => (k === index ? 0 : n)));
          }}
        />
      ))}
      {problem && (
        <p role="alert" className="s-commute-problem">
          {problem}
        </p>
      )}
      <button type="submit" name={GO_FIELD} value="1" className="sk-button sk-button--primary">
        この条件で検索する
      </button>
    </form>
  );
}
