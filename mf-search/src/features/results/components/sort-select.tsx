import { useLocation, useNavigate } from '@sumika/shell-kit';
import { DEFAULT_SORT } from '@sumika/spec';
import { SORT_OPTIONS, withParams } from '../search-args.js';

/** SPEC §3 sort keys; changing the order re-runs the search in place (client-side navigation). */
export function SortSelect({ value }: { value: string | undefined }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <label>
      並び替え{' '}
      <select
        aria-label="並び替え"
        data-testid="sort-select"
        value={value ?? DEFAULT_SORT}
        onChange={(e) => navigate(`${pathname}${withParams(search, { sort: e.target.value, page: undefined })}`)}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
