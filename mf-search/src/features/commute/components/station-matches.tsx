import { useQuery } from '@apollo/client/react';
import type { CommuteStationSuggestsQuery } from '../../../__generated__/operations.js';
import { COMMUTE_STATION_SUGGESTS } from '../api/station-suggests.js';

export type StationMatch = CommuteStationSuggestsQuery['stationSuggests'][number];

/** The stations matching a word (none for an empty word); the previous answer is kept while the next loads. */
export function useStationMatches(keyword: string): { matches: StationMatch[]; loading: boolean; failed: boolean } {
  const { data, previousData, loading, error } = useQuery(COMMUTE_STATION_SUGGESTS, { variables: { keyword }, skip: keyword === '' });
  if (keyword === '') return { matches: [], loading: false, failed: false };
  return { matches: (data ?? previousData)?.stationSuggests ?? [], loading, failed: !!error && !data };
}

const lineNames = (m: StationMatch) =>
  m.lines
    .slice(0, 4)
    .map((l) => l.name)
    .join('・') + (m.lines.length > 4 ? ' ほか' : '');

/**
 * The matches of one destination's word as radio buttons named like the page's station field: the
 * same list server-rendered (no JavaScript: the word is submitted to the page) and as the visitor
 * types (debounced); arrow keys move within it, and a screen reader hears how many were found.
 */
export function StationMatches(props: {
  name: string;
  word: string;
  matches: StationMatch[];
  loading: boolean;
  failed: boolean;
  selected: number | null;
  onSelect: (code: number) => void;
}) {
  const { name, word, matches, loading, failed, selected, onSelect } = props;
  if (word === '') return null;
  const status = failed ? '駅を検索できませんでした。' : loading && matches.length === 0 ? '検索中…' : matches.length === 0 ? '一致する駅がありません。' : '';
  return (
    <fieldset className="s-commute-matches" data-testid={`${name}-matches`}>
      <legend>「{word}」に一致する駅</legend>
      <p aria-live="polite" className="s-commute-status">
        {status || `${matches.length}件の駅が見つかりました。`}
      </p>
      <ul className="s-checks">
        {matches.map((m) => (
          <li key={m.ekitanCode}>
            <label>
              <input type="radio" name={name} value={m.ekitanCode} checked={selected === m.ekitanCode} onChange={() => onSelect(m.ekitanCode)} /> {m.name}（
              {m.prefectureName}） <small>{lineNames(m)}</small>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
