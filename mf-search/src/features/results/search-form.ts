import { useNavigate } from '@sumika/shell-kit';
import { MAP_BOX_PARAMS, parseSearchHref, parseSearchUrl, SEARCH_MAP_PATH, searchMapUrlOf, searchUrlOf } from '@sumika/spec';
import type { FormEvent } from 'react';

/**
 * The submit of a GET search form (the narrowing form, the option page, the pickers, the map's panel): its fields are
 * read by the URL codec and the one URL of that condition is opened on the client, so the address is
 * canonical (no empty fields, one order) and the back button returns to the search before. Without
 * JavaScript the browser submits the same fields to the same action, which the results page reads
 * alike. A value the codec refuses is left to the browser: the server answers the 400 page.
 */
export function useSearchFormSubmit(): (event: FormEvent<HTMLFormElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const form = event.currentTarget;
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') fields.append(key, value);
    const action = form.getAttribute('action') ?? '/search/results';
    if (action === SEARCH_MAP_PATH) {
      // The map's panel: the map of the new condition, over the view the visitor had (its box, when the URL has one).
      const parsed = parseSearchUrl('search.map', {}, `?${fields.toString()}`);
      if (!parsed.ok) return;
      event.preventDefault();
      const here = new URLSearchParams(window.location.search);
      const box = MAP_BOX_PARAMS.map((k) => [k, here.get(k) ?? ''] as [string, string]);
      const url = searchMapUrlOf(parsed.condition);
      navigate(box.every(([, v]) => v !== '') ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(box).toString()}` : url);
      return;
    }
    const parsed = parseSearchHref(`${action}?${fields.toString()}`);
    if (!parsed.ok) return;
    event.preventDefault();
    navigate(searchUrlOf(parsed.condition));
  };
}
