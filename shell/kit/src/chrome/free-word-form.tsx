import { useId } from 'react';
import { PATHS } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import { SearchIcon } from './icons.js';

/** SPEC §2.2 free-word search: a GET form to /search/words with q (works without JavaScript). */
export function FreeWordForm({ defaultQuery, compact = false, autoFocus = false }: { defaultQuery?: string; compact?: boolean; autoFocus?: boolean }) {
  const id = useId();
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
      />
      <button type="submit" className="sk-search__submit">
        検索
      </button>
    </form>
  );
}
