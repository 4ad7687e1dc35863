import { formatNumber, KitLink } from '@sumika/shell-kit';
import type { SpecialSummary } from '../api/search-top-page.js';

export function SpecialList({ specials, prefecturePath }: { specials: SpecialSummary[]; prefecturePath?: string }) {
  return (
    <ul className="s-specials" data-testid="special-list">
      {specials.map((s) => (
        <li key={s.path} className="s-special">
          <KitLink to={prefecturePath ? `/search/cities/${prefecturePath}/topic/${s.path}` : `/topic/${s.path}`}>
            <img src={s.topImage} alt="" loading="lazy" />
            <span>{s.name}</span>
            <small>{formatNumber(s.bukkenCount)}件</small>
          </KitLink>
        </li>
      ))}
    </ul>
  );
}
