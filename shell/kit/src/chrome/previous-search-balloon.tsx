import { Suspense, useState } from 'react';
import { useClientContext, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import { lazyView } from '../core/lazy-view.js';
import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';
import { useOptionalStockCounts } from '../stock-counts/stock-counts-provider.js';

export { balloonRows } from './balloon-rows.js';

export interface PreviousSearchBalloonProps {
  /** Default: the lastSearchCondition the StockCountsProvider read. */
  condition?: LastSearchCondition | null;
}

// The markup is a lazy chunk: the server renders it in place for the visitors who get it, and the
// browser hydrates it once the chunk has come (React keeps the server's HTML meanwhile); every other
// visitor never loads it (the first view's JS budget, issue 5).
const loadView = () => import(/* webpackChunkName: "lazy-previous-search" */ './previous-search-balloon-view.js');
const LazyView = lazyView(() => loadView().then((m) => m.PreviousSearchBalloonView), 'the previous-search balloon');

/**
 * SPEC §2.2 PC balloon: the previous search condition, for externally referred visitors with a saved search
 * path. It is a bar in the page's flow above the heading (never over the content), reached by Tab after
 * the header, and closed by its 閉じる button or Escape (one close control: a second
 * icon button named 閉じる said the same thing twice to screen readers).
 */
export function PreviousSearchBalloon({ condition }: PreviousSearchBalloonProps) {
  const ctx = useClientContext();
  const external = useIsExternalReferrer();
  const stock = useOptionalStockCounts();
  const [closed, setClosed] = useState(false);
  const c = condition === undefined ? (stock?.lastSearchCondition ?? null) : condition;
  if (closed || ctx.isSpView || !external || !c?.searchPath) return null;
  return (
    <Suspense fallback={null}>
      <LazyView condition={{ ...c, searchPath: c.searchPath }} onClose={setClosed} />
    </Suspense>
  );
}
