import { Suspense, useId, useState } from 'react';
import { PATHS } from '../core/constants.js';
import { lazyView } from '../core/lazy-view.js';
import { MESSAGES } from '../core/messages.js';
import { SearchIcon } from './icons.js';

// The suggestions are a lazy chunk asked for on the input's first focus: most visitors never type in
// the header, and the first view's scripts stay within their budget (decision 023).
const loadSuggest = () => import(/* webpackChunkName: "lazy-word-suggest" */ './word-suggest.js');
const LazySuggest = lazyView(() => loadSuggest().then((m) => m.WordSuggestList), 'suggestions');

/**
 * SPEC §2.2 free-word search: a GET form to /search/words with q (works without JavaScript); once
 * focused it offers the stations, cities and lines the words name (an ARIA combobox, ./word-suggest).
 */
export function FreeWordForm({ defaultQuery, compact = false, autoFocus = false }: { defaultQuery?: string; compact?: boolean; autoFocus?: boolean }) {
  const id = useId();
  const [suggest, setSuggest] = useState(false);
  return (
    <form className={`sk-search${compact ? ' sk-search--compact' : ''}`} action={PATHS.freeWordSearch} method="get" role="search">
      <label htmlFor={id} className="sk-visually-hidden">
        フリーワード検索
      </label>
      <SearchIcon size={18} className="sk-search__icon" />
      <input
        id={id}
        className="sk-search__input"
        type="search"
        name="q"
        placeholder={MESSAGES.freeWordPlaceholder}
        defaultValue={defaultQuery}
        autoFocus={autoFocus}
        enterKeyHint="search"
        onFocus={() => setSuggest(true)}
      />
      <button type="submit" className="sk-search__submit">
        検索
      </button>
      {suggest && (
        <Suspense fallback={null}>
          <LazySuggest inputId={id} />
        </Suspense>
      )}
    </form>
  );
}
