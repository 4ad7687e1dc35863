import { useQuery } from '@apollo/client/react';
import { KitLink } from '@sumika/shell-kit';
import { WORD_PLACES } from '../api/word-places.js';

/** At most this many places are offered under a free-word search. */
export const WORD_PLACES_SHOWN = 4;

/**
 * Under a free-word search, the stations and cities its first word names (新宿 → 新宿駅, 新宿区;
 * shinjuku too), each linking to that place's own search page, as portals offer "駅・市区町村で探す".
 * Asked in the browser only: the listings are the page, this is a way on.
 */
export function WordPlaces({ word }: { word: string }) {
  const keyword = word.normalize('NFKC').trim().split(/\s+/u)[0] ?? '';
  const { data } = useQuery(WORD_PLACES, { variables: { keyword }, skip: keyword === '', ssr: false });
  const places = (data?.wordSuggests ?? []).filter((s) => s.kind !== 'LINE').slice(0, WORD_PLACES_SHOWN);
  if (places.length === 0) return null;
  return (
    <nav className="s-word-places" aria-label="駅・市区町村で探す">
      <span className="s-muted">「{keyword}」の駅・市区町村で探す：</span>
      <ul>
        {places.map((p) => (
          <li key={p.path}>
            <KitLink to={p.path}>
              {p.name}の賃貸物件<span className="s-muted">（{p.detail.split(' ')[0]}）</span>
            </KitLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
