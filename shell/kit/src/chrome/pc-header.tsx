import { useClientContext } from '../client-context/client-context-provider.js';
import { DATE_FORMAT } from '../core/constants.js';
import { formatDate, formatNumber } from '../core/format.js';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';
import { FreeWordForm } from './free-word-form.js';
import { Logo } from './logo.js';
import { StockLinks, useHeaderCounts } from './stock-links.js';
import { UserMenu } from './user-menu.js';

export interface PcHeaderProps {
  /** Active listings in the country; shown only when above 0 (SPEC §2.2). */
  totalCount?: number | null;
  /** Badge counts; default: the StockCountsProvider's. */
  counts?: StockCounts | null;
  /** Prefills the free-word box (e.g. on /search/words). */
  defaultQuery?: string;
}

/** SPEC §2.2 large (PC) header: logo, total count with today's date, free-word search, stock links with badges, the user menu. */
export function PcHeader({ totalCount, counts, defaultQuery }: PcHeaderProps) {
  const { serverDate } = useClientContext();
  const badges = useHeaderCounts(counts);
  const today = serverDate ? formatDate(serverDate, DATE_FORMAT) : '';
  return (
    <header className="sk-header sk-header--pc" id="sk-top">
      <div className="sk-container sk-header__inner">
        <div className="sk-header__brand">
          <Logo />
          {typeof totalCount === 'number' && totalCount > 0 && (
            <p className="sk-header__total" data-testid="total-count">
              <span>掲載物件数</span>
              <strong className="sk-header__count">{formatNumber(totalCount)}</strong>
              <span>件</span>
              {today && <span className="sk-header__updated">{today} 更新</span>}
            </p>
          )}
        </div>
        <FreeWordForm defaultQuery={defaultQuery} />
        <nav className="sk-header__nav" aria-label="マイページ">
          <StockLinks counts={badges} />
          <UserMenu counts={badges} />
        </nav>
      </div>
    </header>
  );
}
