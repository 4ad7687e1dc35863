import { Suspense, useState } from 'react';
import { lazyView } from '../core/lazy-view.js';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';

// The list is asked for when the menu is first opened: the header is on every page and the top page's
// first-view budget has no room for it (decision 023). It rides in the header's other on-demand chunk
// (the free-word suggestions) so the first view carries no entry for one more chunk.
const loadList = () => import(/* webpackChunkName: "lazy-word-suggest" */ './user-menu-list.js');
const LazyList = lazyView(() => loadList().then((m) => m.UserMenuList), 'user menu');

/**
 * The header's user menu (issue 17): a native disclosure (details/summary) whose list reaches
 * favorites, compare, history, saved searches and incomplete inquiries with their counts; its summary
 * carries the unread alerts badge (price drops on favorites, new listings for saved searches).
 */
export function UserMenu({ counts }: { counts: StockCounts }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="sk-menu" onToggle={() => setOpened(true)}>
      <summary>
        マイメニュー
        {counts.alert ? <span className="sk-badge">新着{counts.alert}</span> : null}
      </summary>
      {opened && (
        <Suspense fallback={null}>
          <LazyList counts={counts} />
        </Suspense>
      )}
    </details>
  );
}
