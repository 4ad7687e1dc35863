import { useEffect, useRef, useState } from 'react';
import { WORD_SUGGESTS } from '../graphql/operations/word-suggests.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';
import { KitLink } from '../router/kit-link.js';
import type { WordSuggestsQuery } from '../__generated__/operations.js';

type Suggestion = WordSuggestsQuery['wordSuggests'][number];

/** How long typing must pause before the suggestions are asked (one request per pause, not per key). */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions start from this many characters (one kana names hundreds of stations). */
export const SUGGEST_MIN_CHARS = 2;

const KIND_LABEL: Record<Suggestion['kind'], string> = { STATION: '駅', CITY: '市区町村', LINE: '路線' };

export interface WordSuggestProps {
  /** The id of the search input it takes over (its list is `<id>-suggest`). */
  inputId: string;
}

/**
 * The free word's suggestions as an ARIA 1.2 combobox (list autocomplete, the "combobox with listbox
 * popup" pattern): it takes over the header's plain search input once that is first focused (this
 * module is a lazy chunk; the form works as a GET form without it). ↓/↑ move through the options,
 * Enter opens the chosen one's search (with none chosen the form submits the words), Escape closes the
 * list, a click or tap on an option opens it.
 */
export function WordSuggestList({ inputId }: WordSuggestProps) {
  const listId = `${inputId}-suggest`;
  const input = useRef<HTMLInputElement | null>(null);
  if (typeof document !== 'undefined' && !input.current) input.current = document.getElementById(inputId) as HTMLInputElement | null;
  const client = useOptionalApolloClient();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ items, open, active });
  state.current = { items, open, active };

  // An option is a link (the kit's: a client navigation inside the shell): Enter follows the active one.
  const follow = (at: number) => {
    setOpen(false);
    document.getElementById(`${listId}-${at}`)?.click();
  };
  const followRef = useRef(follow);
  followRef.current = follow;

  // The input's combobox attributes: set here, where the list they describe lives.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('role', 'combobox');
    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-controls', listId);
    el.setAttribute('autocomplete', 'off');
  }, [input, listId]);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(open && items.length > 0));
    const option = open && active >= 0 ? `${listId}-${active}` : undefined;
    if (option) el.setAttribute('aria-activedescendant', option);
    else el.removeAttribute('aria-activedescendant');
  }, [input, listId, open, items, active]);

  useEffect(() => {
    const el = input.current;
    if (!el || !client) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = () => {
      const keyword = el.value.trim();
      if ([...keyword].length < SUGGEST_MIN_CHARS) {
        setItems([]);
        setOpen(false);
        return;
      }
      const mine = ++asked;
      client
        .query({ query: WORD_SUGGESTS, variables: { keyword } })
        .then(({ data }) => {
          // Only the latest keyword's answer counts (answers can arrive out of order).
          if (mine !== asked || !data) return;
          setItems(data.wordSuggests);
          setActive(-1);
          setOpen(document.activeElement === el);
        })
        .catch(() => {
          // Suggestions are a convenience: the words still search without them.
          if (mine === asked) setItems([]);
        });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(ask, SUGGEST_DEBOUNCE_MS);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const { items: list, open: shown, active: at } = state.current;
      if (e.isComposing) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (list.length === 0) return;
        e.preventDefault();
        if (!shown) {
          setOpen(true);
          setActive(e.key === 'ArrowDown' ? 0 : list.length - 1);
          return;
        }
        const step = e.key === 'ArrowDown' ? 1 : -1;
        // Past either end the focus returns to the typed words (active -1), as the APG pattern does.
        setActive(at + step < -1 ? list.length - 1 : at + step >= list.length ? -1 : at + step);
      } else if (e.key === 'Enter' && shown && at >= 0 && list[at]) {
        e.preventDefault();
        followRef.current(at);
      } else if (e.key === 'Escape' && shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => {
      if (state.current.items.length > 0) setOpen(true);
    };
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('blur', onBlur);
    el.addEventListener('focus', onFocus);
    // Words typed before this chunk arrived get their suggestions too.
    if (el.value.trim() !== '') onInput();
    return () => {
      clearTimeout(timer);
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('focus', onFocus);
    };
  }, [input, client]);

  const shown = open && items.length > 0;
  return (
    <ul id={listId} role="listbox" aria-label="候補" className="sk-suggest" hidden={!shown}>
      {shown &&
        items.map((s, i) => (
          <li key={s.path} role="presentation">
            <KitLink
              to={s.path}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="sk-suggest__option"
              tabIndex={-1}
              // The input keeps the focus (a pressed option would blur it and close the list before the click).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setOpen(false)}
            >
              <span className="sk-suggest__kind">{KIND_LABEL[s.kind]}</span>
              <span className="sk-suggest__name">{s.name}</span>
              <span className="sk-suggest__detail">{s.detail}</span>
            </KitLink>
          </li>
        ))}
    </ul>
  );
}
