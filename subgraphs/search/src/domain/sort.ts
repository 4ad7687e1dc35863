import { DEFAULT_SORT, parseSortValue, type SortKey } from '@sumika/spec';
import { badRequest } from '@sumika/server-kit';

/** The listing column each SPEC §3 sort key (owned by @sumika/spec) orders by. */
export const SORT_COLUMNS = {
  arrived_at: 'arrived_at',
  chinryou: 'chinryou',
  area: 'area',
  built_date: 'built_date',
  walk_min_for_sort: 'walk_min',
  initial_cost: 'initial_cost',
} as const satisfies Record<SortKey, string>;

export type SortColumn = (typeof SORT_COLUMNS)[SortKey];

export interface Sort {
  key: SortKey;
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Parses `<key>_<asc|desc>`; absent means newest first, anything else is BAD_REQUEST. */
export function parseSort(value: string | null | undefined): Sort {
  const text = value ?? DEFAULT_SORT;
  const parsed = parseSortValue(text);
  if (!parsed) throw badRequest(`並び順「${text}」は指定できません。`);
  return { key: parsed.key, column: SORT_COLUMNS[parsed.key], direction: parsed.direction };
}
