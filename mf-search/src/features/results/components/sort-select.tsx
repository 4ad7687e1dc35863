import { useNavigate } from '@sumika/shell-kit';
import { DEFAULT_SORT, searchUrlOf, type SearchUrlCondition } from '@sumika/spec';
import { SORT_OPTIONS } from '../search-args.js';

/** SPEC §3 sort keys; changing the order re-runs the same search from its first page, in place (client-side navigation). */
export function SortSelect({ condition }: { condition: SearchUrlCondition }) {
  const navigate = useNavigate();
  return (
    <label>
      並び替え{' '}
      <select
        aria-label="並び替え"
        data-testid="sort-select"
        value={condition.sort ?? DEFAULT_SORT}
        onChange={(e) => navigate(searchUrlOf({ ...condition, sort: e.target.value === DEFAULT_SORT ? undefined : e.target.value, page: undefined }))}
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
