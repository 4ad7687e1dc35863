import { useNavigate } from '@sumika/shell-kit';
import { parseSearchHref, searchUrlOf } from '@sumika/spec';
import type { FormEvent } from 'react';

/**
 * The submit of a GET search form (the narrowing form, the option page, the pickers): its fields are
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
    const parsed = parseSearchHref(`${form.getAttribute('action') ?? '/search/results'}?${fields.toString()}`);
    if (!parsed.ok) return;
    event.preventDefault();
    navigate(searchUrlOf(parsed.condition));
  };
}
