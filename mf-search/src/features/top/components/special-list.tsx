import { formatNumber, KitLink } from '@sumika/shell-kit';
import type { SearchPrefecturePageQuery, SearchTopPageQuery } from '../../../__generated__/operations.js';

/** A special as the top page and a prefecture page list it (the latter counts within the prefecture). */
type SpecialSummary = SearchTopPageQuery['specials'][number] | SearchPrefecturePageQuery['specials'][number];

export function SpecialList({ specials, prefecturePath }: { specials: SpecialSummary[]; prefecturePath?: string }) {
  return (
    <ul className="s-specials" data-testid="special-list">
      {specials.map((s, i) => (
        <li key={s.path} className="s-special">
          <KitLink to={prefecturePath ? `/search/cities/${prefecturePath}/topic/${s.path}` : `/topic/${s.path}`}>
            {/* On the top page the first special's image is the largest paint: fetched at once (issue 15). */}
            <img
              src={s.topImage}
              alt=""
              loading={!prefecturePath && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={!prefecturePath && i === 0 ? 'high' : undefined}
            />
            <span>{s.name}</span>
            <small>{formatNumber(s.bukkenCount)}件</small>
          </KitLink>
        </li>
      ))}
    </ul>
  );
}
