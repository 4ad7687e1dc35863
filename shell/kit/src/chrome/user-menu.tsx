import { PATHS } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';
import { badgeText } from './stock-links.js';

/** The user menu's entries (issue 17): the visitor's own pages; compare works on the favorites. */
export const USER_MENU_LINKS: readonly (readonly [kind: keyof StockCounts | 'compare', label: string, href: string])[] = [
  ['favorite', 'お気に入り', PATHS.favorite],
  ['compare', 'お気に入りの比較', '/favorite/compare_bukkens'],
  ['detail', '閲覧履歴', PATHS.detailHistory],
  ['search', '保存した条件', PATHS.stockSearch],
  ['incomplete', '未完了の問い合わせ', '/incomplete'],
];

/**
 * The header's user menu: a native disclosure (details/summary, no script needed to open it) listing
 * the visitor's pages with their counts; its summary carries the unread alerts badge (price drops on
 * favorites, new listings for saved searches). Following a link closes it.
 */
export function UserMenu({ counts }: { counts: StockCounts }) {
  const alerts = counts.alert ?? 0;
  return (
    <details
      className="sk-menu"
      onClick={(e) => {
        if ((e.target as Element).closest('a')) e.currentTarget.open = false;
      }}
    >
      <summary className="sk-menu__summary" data-testid="user-menu">
        マイメニュー
        {alerts > 0 && (
          <span className="sk-badge sk-menu__badge" data-testid="badge-alert">
            {badgeText(alerts)}
            <span className="sk-visually-hidden">件の新着のお知らせ</span>
          </span>
        )}
      </summary>
      <ul className="sk-menu__list">
        {USER_MENU_LINKS.map(([kind, label, href]) => (
          <li key={kind}>
            <KitLink to={href} className="sk-menu__link" data-kind={kind}>
              {label}
              <span className="sk-menu__count">{badgeText((kind === 'compare' ? counts.favorite : counts[kind]) ?? 0)}件</span>
            </KitLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
