import { useId, useState } from 'react';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';
import { FreeWordForm } from './free-word-form.js';
import { CloseIcon, SearchIcon } from './icons.js';
import { Logo } from './logo.js';
import { StockLinks, useHeaderCounts } from './stock-links.js';
import { UserMenu } from './user-menu.js';

export interface SpHeaderProps {
  counts?: StockCounts | null;
  defaultQuery?: string;
}

/** SPEC §2.2 medium (mobile) header: logo, stock links, the user menu (every page of the visitor's own), and a search bar that the search button toggles. */
export function SpHeader({ counts, defaultQuery }: SpHeaderProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const badges = useHeaderCounts(counts);
  const barId = useId();
  return (
    <header className="sk-header sk-header--sp" id="sk-top">
      <div className="sk-header__bar">
        <Logo compact />
        <div className="sk-header__actions">
          <button type="button" className="sk-icon-button" aria-expanded={searchOpen} aria-controls={barId} onClick={() => setSearchOpen((o) => !o)}>
            {searchOpen ? <CloseIcon size={22} /> : <SearchIcon size={22} />}
            <span className="sk-icon-button__label">{searchOpen ? '閉じる' : '検索'}</span>
          </button>
          <StockLinks counts={badges} kinds={['favorite', 'detail']} compact />
          <UserMenu counts={badges} />
        </div>
      </div>
      <div id={barId} className={`sk-header__searchbar${searchOpen ? ' sk-header__searchbar--open' : ''}`} hidden={!searchOpen}>
        <FreeWordForm defaultQuery={defaultQuery} compact autoFocus={searchOpen} />
      </div>
    </header>
  );
}
