import { KitLink } from '@sumika/shell-kit';
import { searchUrlOf, type SearchUrlCondition } from '@sumika/spec';
import type { SearchBukkensQuery } from '../../../__generated__/operations.js';

type Pagination = SearchBukkensQuery['searchBukkens']['result']['pagination'];

/** Page links around the current page (first, last, ±2), as plain links crawlers follow; each the same search's URL on that page. */
export function Pager({ pagination, condition }: { pagination: Pagination; condition: SearchUrlCondition }) {
  const { currentPage, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const pages = new Set([1, totalPages]);
  for (let p = currentPage - 2; p <= currentPage + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const href = (p: number) => searchUrlOf({ ...condition, page: p === 1 ? undefined : p });
  return (
    <nav className="s-pager" aria-label="ページ送り" data-testid="pager">
      {pagination.previousPage && (
        <KitLink to={href(pagination.previousPage)} rel="prev">
          ‹ 前へ
        </KitLink>
      )}
      {sorted.map((p, i) => (
        <span key={p} style={{ display: 'contents' }}>
          {i > 0 && p - (sorted[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
          {p === currentPage ? <span aria-current="page">{p}</span> : <KitLink to={href(p)}>{p}</KitLink>}
        </span>
      ))}
      {pagination.nextPage && (
        <KitLink to={href(pagination.nextPage)} rel="next">
          次へ ›
        </KitLink>
      )}
    </nav>
  );
}
