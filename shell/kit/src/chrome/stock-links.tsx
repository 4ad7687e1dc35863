import type { ComponentType } from 'react';
import { PATHS } from '../core/constants.js';
import { formatNumber } from '../core/format.js';
import { useOptionalStockCounts, ZERO_STOCK_COUNTS, type StockCounts } from '../stock-counts/stock-counts-provider.js';
import { KitLink } from '../router/kit-link.js';
import { HeartIcon, HistoryIcon, SavedSearchIcon } from './icons.js';

/** The header's three stock links (SPEC §2.2): favorites, viewing history, saved search conditions. */
export const STOCK_LINKS: readonly {
  kind: 'favorite' | 'detail' | 'search';
  label: string;
  shortLabel: string;
  href: string;
  Icon: ComponentType<{ size?: number }>;
}[] = [
  { kind: 'favorite', label: 'お気に入り', shortLabel: 'お気に入り', href: PATHS.favorite, Icon: HeartIcon },
  { kind: 'detail', label: '閲覧履歴', shortLabel: '履歴', href: PATHS.detailHistory, Icon: HistoryIcon },
  { kind: 'search', label: '保存した条件', shortLabel: '保存した条件', href: PATHS.stockSearch, Icon: SavedSearchIcon },
];

const badgeText = (n: number): string => (n > 99 ? '99+' : formatNumber(n));

/** Counts from the props, else from the StockCountsProvider, else zeros. */
export function useHeaderCounts(counts?: StockCounts | null): StockCounts {
  const stock = useOptionalStockCounts();
  return counts ?? stock?.counts ?? ZERO_STOCK_COUNTS;
}

export function StockLinks({
  counts,
  kinds = ['favorite', 'detail', 'search'],
  compact = false,
}: {
  counts: StockCounts;
  kinds?: readonly (typeof STOCK_LINKS)[number]['kind'][];
  compact?: boolean;
}) {
  return (
    <ul className={`sk-stock${compact ? ' sk-stock--compact' : ''}`}>
      {STOCK_LINKS.filter((l) => kinds.includes(l.kind)).map(({ kind, label, shortLabel, href, Icon }) => {
        const n = counts[kind];
        const shown = compact ? shortLabel : label;
        // The label comes first in the DOM (shown under the icon by CSS) and the name repeats the visible
        // words in their order, so the name contains the visible text (WCAG 2.5.3): 「閲覧履歴 12 件」.
        return (
          <li key={kind}>
            <KitLink to={href} className="sk-stock__link" aria-label={`${shown} ${badgeText(n)} 件`} data-kind={kind}>
              <span className="sk-stock__label">{shown}</span>
              <span className="sk-stock__icon">
                <Icon size={compact ? 22 : 24} />
                {n > 0 && (
                  <span className="sk-badge" data-testid={`badge-${kind}`}>
                    {badgeText(n)}
                  </span>
                )}
              </span>
            </KitLink>
          </li>
        );
      })}
    </ul>
  );
}
