import { useEffect, useRef } from 'react';
import { PATHS } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';

/**
 * The user menu's entries (issue 17): the visitor's own pages, each with the count it shows (compare
 * works on the favorites, so it shows theirs).
 */
export const USER_MENU_LINKS: readonly (readonly [count: keyof StockCounts, label: string, href: string])[] = [
  ['favorite', 'お気に入り', PATHS.favorite],
  ['favorite', 'お気に入りの比較', '/favorite/compare_bukkens'],
  ['detail', '閲覧履歴', PATHS.detailHistory],
  ['search', '保存した条件', PATHS.stockSearch],
  ['incomplete', '未完了の問い合わせ', '/incomplete'],
];

/** As the header's badges: 99+ beyond 99 (kept here, not imported, so the stock links stay in the first view's module). */
const countText = (n: number): string => (n > 99 ? '99+' : String(n));

/**
 * The open user menu's list (a lazy chunk, loaded when the menu is first opened). Following a link,
 * Escape (focus back on the summary) or a click outside the menu closes it, as a menu button does; the
 * handlers live here so the header's first-view code carries none of them.
 */
export function UserMenuList({ counts }: { counts: StockCounts }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const details = list.current?.closest('details');
    if (!details) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);
  return (
    <ul
      ref={list}
      className="sk-menu__list"
      onClick={(e) => {
        (e.currentTarget.closest('details') as HTMLDetailsElement).open = false;
      }}
    >
      {USER_MENU_LINKS.map(([count, label, href]) => (
        <li key={href}>
          <KitLink to={href} className="sk-menu__link">
            {label}
            <span className="sk-menu__count">{countText(counts[count] ?? 0)}件</span>
          </KitLink>
        </li>
      ))}
    </ul>
  );
}
